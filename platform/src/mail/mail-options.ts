/**
 * What both mail adapters hand to nodemailer: one function turns a port `MailMessage` into nodemailer's
 * message options and one gives the DKIM signer options, so the `.eml` the file mailer writes is the message
 * the SMTP mailer would send, byte for byte apart from Date and the MIME boundaries.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import type { DKIMOptions } from 'nodemailer/lib/dkim';
import type { SendMailOptions } from 'nodemailer/lib/mailer';
import { headerSafe, safeExtraHeaders } from './header-safe.ts';
import type { MailMessage } from './mailer.port.ts';

export const DEFAULT_FROM = 'Crossfeed <no-reply@crossfeed.local>';

/** DKIM signing (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY): the key as PEM or an already parsed key. */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string | KeyObject;
}

/**
 * nodemailer's default list (RFC 6376 §5.4) plus List-Unsubscribe-Post: RFC 8058 one-click unsubscribe, which
 * Gmail and Yahoo require of bulk senders, counts only when both List-Unsubscribe headers are signed.
 */
const SIGNED_HEADERS = [
  'From', 'Sender', 'Reply-To', 'Subject', 'Date', 'Message-ID', 'To', 'Cc', 'MIME-Version', 'Content-Type',
  'Content-Transfer-Encoding', 'Content-ID', 'Content-Description', 'Resent-Date', 'Resent-From', 'Resent-Sender',
  'Resent-To', 'Resent-Cc', 'Resent-Message-ID', 'In-Reply-To', 'References', 'List-Id', 'List-Help',
  'List-Unsubscribe', 'List-Unsubscribe-Post', 'List-Subscribe', 'List-Post', 'List-Owner', 'List-Archive',
].join(':');

/**
 * The signer options. The key is parsed once here: given a PEM string, nodemailer would parse it again for
 * every message, about a third of the cost of signing.
 */
export const dkimOptions = (dkim: DkimSettings): DKIMOptions => ({
  domainName: dkim.domainName,
  keySelector: dkim.keySelector,
  privateKey: typeof dkim.privateKey === 'string' ? createPrivateKey(dkim.privateKey) : dkim.privateKey,
  headerFieldNames: SIGNED_HEADERS,
});

/** The address of a From like `Crossfeed <no-reply@crossfeed.local>` (the string itself when it is a bare address). */
export function mailFromAddress(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  if (!first?.address) throw new TypeError(`MAIL_FROM has no address: ${JSON.stringify(from)}`);
  return first.address;
}

/**
 * A To value for a person's name and address. The name is an RFC 5322 quoted string, so a comma, colon or
 * angle bracket in it (`Bob, x@evil.test`, `Team: a@b.c;`) never makes another recipient or a group.
 */
export const mailbox = (name: string, address: string): string => `"${headerSafe(name).replace(/[\\"]/g, '\\$&')}" <${address}>`;

/** The RFC 5322 Message-ID for an idempotency key (kept as is when it already is one). */
export const toMessageIdHeader = (messageId: string, from: string): string => {
  if (/^<[^<>@\s]+@[^<>@\s]+>$/.test(messageId)) return messageId;
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'crossfeed.local';
  return `<${messageId.replace(/[<>@\s]/g, '_')}@${domain}>`;
};

/**
 * Bodies with CRLF line ends, as RFC 5322 wants them: nodemailer copies a 7bit body as it is, and an SMTP
 * server gets bare LFs turned into CRLF on the wire anyway, so the `.eml` would otherwise differ from what SMTP
 * delivers. Cheaper than nodemailer's `newline` stream transform over the whole message.
 */
const crlf = (body: string): string => body.replace(/\r\n|\r|\n/g, '\r\n');

/** Builds nodemailer's options for the messages of one sender (MAIL_FROM is checked once, here). */
export type MessageOptionsBuilder = (message: MailMessage, messageId: string, date?: Date) => SendMailOptions;

/**
 * nodemailer's options for a message. Every value a user may have written goes through `headerSafe`; the
 * display name is given apart from the address, so nodemailer quotes or encodes it and a name such as
 * `"x" <evil@example.com>` stays a name.
 */
export function messageOptionsFor(from: string): MessageOptionsBuilder {
  const fromAddress = mailFromAddress(from);
  return (message, rawMessageId, date) => {
    const messageId = headerSafe(rawMessageId);
    return {
      from: message.fromName === undefined ? from : { name: headerSafe(message.fromName), address: fromAddress },
      to: headerSafe(message.to),
      ...(message.replyTo === undefined ? {} : { replyTo: headerSafe(message.replyTo) }),
      subject: headerSafe(message.subject),
      text: crlf(message.text),
      ...(message.html === undefined ? {} : { html: crlf(message.html) }),
      messageId: toMessageIdHeader(messageId, from),
      ...(date === undefined ? {} : { date }),
      headers: { ...safeExtraHeaders(message.headers), 'X-Crossfeed-Message-Id': messageId },
      // Bodies are strings; nodemailer never gets to read a file or fetch a URL on a message's behalf.
      disableFileAccess: true,
      disableUrlAccess: true,
    };
  };
}
