/** The Mailer port: files in DATA_DIR/mail (one .eml per message) in embedded mode, SMTP in production. */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Idempotency key: a message with the same key is sent at most once by file adapters, and tagged for SMTP. */
  messageId?: string;
  /**
   * The display name of From ("Ada Lovelace via Crossfeed"); the address stays MAIL_FROM's, so SPF, DKIM and
   * DMARC keep aligning with our domain. Without it, From is MAIL_FROM as configured.
   */
  fromName?: string;
  /** An address replies go to (the sharer's own, say), instead of the no-reply From. */
  replyTo?: string;
  /** Extra headers such as `List-Unsubscribe` and `List-Unsubscribe-Post`; never From, To, Subject and the like. */
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

/**
 * The receiving server refused the recipient or the message for good (an SMTP 5xx reply): sending it again
 * cannot succeed, so a job should stop retrying (and may suppress the address). Temporary refusals (4xx) and
 * connection failures are thrown as they are: the job retries them.
 */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
  readonly responseCode: number;

  constructor(message: string, responseCode: number, options?: ErrorOptions) {
    super(message, options);
    this.responseCode = responseCode;
  }
}
