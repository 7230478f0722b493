/** An error that already knows its HTTP status (transport-level failures: bad JSON, too large, 401...). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;

  constructor(status: number, detail: string) {
    super(detail);
    this.status = status;
  }
}
