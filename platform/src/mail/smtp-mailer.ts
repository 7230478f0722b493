/**
 * The production Mailer: SMTP through nodemailer (`SMTP_URL`, e.g. `smtp://user:pass@host:587`).
 * The idempotency key becomes the Message-ID (and an `X-Crossfeed-Message-Id` header), so a resend after a
 * retried job carries the same id and receiving systems / logs can recognise the duplicate. SMTP itself
 * cannot "send at most once": the job that sends must record its success (DESIGN §3 Jobs).
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { toMessageIdHeader } from './file-mailer.ts';
import type { Mailer, SentMail } from './mailer.port.ts';

export interface SmtpMailerOptions {
  url: string;
  from: string;
}

export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message): Promise<SentMail> {
      const messageId = message.messageId ?? randomUUID();
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        messageId: toMessageIdHeader(messageId, options.from),
        headers: { 'X-Crossfeed-Message-Id': messageId },
      });
      return { messageId };
    },
    async close() {
      transport.close();
    },
  };
}
