/**
 * The production Mailer: SMTP through nodemailer (`SMTP_URL`, e.g. `smtp://user:pass@host:587`).
 * The idempotency key becomes the Message-ID (and an `X-Crossfeed-Message-Id` header), so a resend after a
 * retried job carries the same id and receiving systems / logs can recognise the duplicate. SMTP itself
 * cannot "send at most once": the job that sends must record its success (DESIGN §3 Jobs).
 *
 * With DKIM settings every message is signed by nodemailer. A 5xx refusal of the recipient or the message
 * surfaces as `PermanentDeliveryError`; anything else (4xx, connection, authentication) is thrown as it is,
 * so the job retries it.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { dkimOptions, messageOptionsFor, type DkimSettings } from './mail-options.ts';
import { PermanentDeliveryError } from './mailer.port.ts';
import type { Mailer, SentMail } from './mailer.port.ts';

export interface SmtpMailerOptions {
  url: string;
  from: string;
  dkim?: DkimSettings;
}

/** nodemailer's codes for a refused envelope (MAIL FROM / RCPT TO) and a refused message (DATA). */
const REFUSALS = new Set(['EENVELOPE', 'EMESSAGE']);

/**
 * The error to throw for a failed send. 503 is "bad sequence of commands": a protocol hiccup on our side of
 * the conversation that may well pass on another attempt, so it is not taken as a verdict on the message.
 */
export function deliveryError(error: unknown): unknown {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const permanent =
    typeof code === 'string' && REFUSALS.has(code) && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && responseCode !== 503;
  if (!permanent) return error;
  return new PermanentDeliveryError(error instanceof Error ? error.message : String(error), responseCode, { cause: error });
}

export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  // With `url`, nodemailer parses the connection URL and merges the other keys (DKIM) where the URL sets none.
  const transport = nodemailer.createTransport({ url: options.url, ...(options.dkim ? { dkim: dkimOptions(options.dkim) } : {}) });
  const messageOptions = messageOptionsFor(options.from);
  return {
    async send(message): Promise<SentMail> {
      const messageId = message.messageId ?? randomUUID();
      try {
        await transport.sendMail(messageOptions(message, messageId));
      } catch (error) {
        throw deliveryError(error);
      }
      return { messageId };
    },
    async close() {
      transport.close();
    },
  };
}
