/** The Mailer port: files in DATA_DIR/mail (one .eml per message) in embedded mode, SMTP in production. */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Idempotency key: a message with the same key is sent at most once by file adapters, and tagged for SMTP. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}
