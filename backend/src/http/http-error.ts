/** An error that already knows its HTTP status (transport-level failures: bad JSON, too large, 401...). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  /** Response headers that go with the refusal (a 503's `Retry-After`). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, detail: string, headers: Readonly<Record<string, string>> = {}) {
    super(detail);
    this.status = status;
    this.headers = headers;
  }
}
