/**
 * The embedded Mailer: each message is an RFC 822 `.eml` file in `dir` (DATA_DIR/mail), built with
 * nodemailer's MailComposer, so it opens in any mail client. Files are named `<time>--<messageId>.eml`
 * (time first, so names sort in sending order) and written atomically (temp file + rename).
 *
 * Idempotent on `messageId`: a message whose id already has a file is not written again. The check reads
 * the directory and concurrent sends of one id in this process are serialised; two processes sending the
 * same id at the same instant are not expected (embedded mode is one process).
 *
 * `readOutbox(dir)` parses the files back (the e2e tests read e-mailed links from it).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailMessage, Mailer, SentMail } from './mailer.port.ts';

export interface FileMailerOptions {
  dir: string;
  from?: string;
}

export const DEFAULT_FROM = 'Crossfeed <no-reply@crossfeed.local>';

/** A file-system-safe, collision-free name part for a message id. */
const idPart = (messageId: string): string => {
  const readable = messageId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
  const digest = createHash('sha256').update(messageId).digest('hex').slice(0, 12);
  return `${readable}.${digest}`;
};

/** `20250101T120000123Z`: sortable and valid on every file system. */
const timePart = (ms: number): string => new Date(ms).toISOString().replace(/[-:.]/g, '');

/** The RFC 5322 Message-ID for an idempotency key (kept as is when it already is one). */
export const toMessageIdHeader = (messageId: string, from: string): string => {
  if (/^<[^<>@\s]+@[^<>@\s]+>$/.test(messageId)) return messageId;
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'crossfeed.local';
  return `<${messageId.replace(/[<>@\s]/g, '_')}@${domain}>`;
};

export function createFileMailer(options: FileMailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  const inFlight = new Map<string, Promise<SentMail>>();
  let lastTime = 0;
  let ready: Promise<unknown> | undefined;

  const write = async (message: MailMessage, messageId: string): Promise<SentMail> => {
    ready ??= mkdir(options.dir, { recursive: true });
    await ready;
    const suffix = `--${idPart(messageId)}.eml`;
    const existing = await readdir(options.dir);
    if (existing.some((name) => name.endsWith(suffix))) return { messageId };

    // Strictly increasing times keep the sending order even within one millisecond.
    const time = Math.max(Date.now(), lastTime + 1);
    lastTime = time;
    const raw = await new MailComposer({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
      messageId: toMessageIdHeader(messageId, from),
      date: new Date(time),
      headers: { 'X-Crossfeed-Message-Id': messageId },
    })
      .compile()
      .build();
    const file = path.join(options.dir, `${timePart(time)}${suffix}`);
    const tmp = path.join(options.dir, `.${randomUUID()}.tmp`);
    await writeFile(tmp, raw, { flush: true });
    await rename(tmp, file);
    return { messageId };
  };

  return {
    send(message) {
      const messageId = message.messageId ?? randomUUID();
      const pending = inFlight.get(messageId);
      if (pending) return pending;
      const sending = write(message, messageId).finally(() => inFlight.delete(messageId));
      inFlight.set(messageId, sending);
      return sending;
    },
    async close() {
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  /** Absolute path of the `.eml` file. */
  file: string;
}

/** Reads the `.eml` files of `dir` in sending order (an absent folder is an empty outbox). */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const messages: OutboxMessage[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    const file = path.join(dir, name);
    const parsed = parseMessage(await readFile(file, 'utf8'));
    messages.push({
      to: parsed.headers.get('to') ?? '',
      subject: parsed.headers.get('subject') ?? '',
      text: parsed.text,
      file,
    });
  }
  return messages;
}

// --- a small RFC 822 / MIME reader, enough for what MailComposer writes ---

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=`). */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      return decodeQuotedPrintableBytes(text.replace(/_/g, ' '));
    });
}

function decodeQuotedPrintableBytes(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintableBytes(part.body.replace(/=\n/g, ''));
  return part.body;
}

function findText(part: Part): string | undefined {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const text = findText(splitPart(section.replace(/^\n/, '')));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  return /^text\/plain/i.test(contentType) ? decodeBody(part).replace(/\n$/, '') : undefined;
}

/** Parses a message written by MailComposer: headers (decoded) and its text/plain body. */
export function parseMessage(raw: string): { headers: Map<string, string>; text: string } {
  const part = splitPart(raw);
  return { headers: part.headers, text: (findText(part) ?? '').replace(/\r\n/g, '\n') };
}
