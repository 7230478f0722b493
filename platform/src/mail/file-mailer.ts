/**
 * The embedded Mailer: each message is an RFC 822 `.eml` file in `dir` (DATA_DIR/mail), built by nodemailer's
 * own pipeline (message-composer.ts: the composer and DKIM signer the SMTP transport uses), so it opens in any
 * mail client and is what SMTP would have sent. Files are named `<time>--<idPart>.eml` (time first, so
 * names sort in sending order).
 *
 * Idempotent on `messageId` without listing the outbox, so a send costs the same after ten e-mails or a
 * million: the message is written to `.writing/`, claimed by hard-linking it as `.ids/<idPart>` (the link fails
 * with EEXIST when that id was already written, by this process or another one sharing the folder), then
 * renamed into `dir`. The `.ids` entries are links to the `.eml` files, not copies: they cost no data.
 * Concurrent sends of one id in this process share one write.
 *
 * A crash between the link and the rename leaves a temp file with two links: the next mailer to open the
 * folder finishes it (renames it to the name its temp name carries). A crash before the link leaves a temp
 * file with one link, which is not a sent message: it is deleted once stale. Only `.writing/` is listed for this.
 * The outbox itself is listed once in its life: when `.ids` does not exist yet (an outbox written by an older
 * version), its files' ids are claimed before the first send.
 *
 * `readOutbox(dir)` parses the files back (the e2e tests read e-mailed links from it).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { access, link, mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_FROM, messageOptionsFor, toMessageIdHeader, type DkimSettings } from './mail-options.ts';
import { createMessageComposer } from './message-composer.ts';
import type { MailMessage, Mailer, SentMail } from './mailer.port.ts';

export { DEFAULT_FROM, toMessageIdHeader };

export interface FileMailerOptions {
  dir: string;
  from?: string;
  /** DKIM-sign every file as the SMTP mailer would (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY). */
  dkim?: DkimSettings;
  /**
   * fsync each message before it gets its name (default true). The outbox is the delivery in embedded mode
   * and the job records "sent" once `send` returns, so a power cut must not leave a torn or empty `.eml`
   * under its final name. The link and rename themselves are not synced per message (a directory fsync per
   * e-mail would double the cost): a power cut can forget the names given in the last seconds before it,
   * that is lose those e-mails although their jobs recorded them as sent. A process crash loses nothing,
   * with or without fsync. `false` (what SQLITE_SYNCHRONOUS=NORMAL asks of the whole data folder) also
   * accepts losing the newest files' contents to a power cut.
   */
  fsync?: boolean;
}

/** Folders inside the outbox, hidden (readers of the outbox take `*.eml` names only). */
export const IDS_DIR = '.ids';
export const WRITING_DIR = '.writing';

/** A temp file unlinked this long is abandoned: its writer is gone (a live write takes milliseconds). */
const STALE_TEMP_MS = 10 * 60_000;

/** `<time>--<idPart>.eml`, the names of the outbox. */
const OUTBOX_NAME = /^\d{8}T\d{9}Z--(.+)\.eml$/;

/** `<final name>.<random>.tmp`: recovery reads the final name back from it. */
const TEMP_NAME = /^(.+\.eml)\.[0-9a-f]+\.tmp$/;

/** A file-system-safe, collision-free name part for a message id. */
const idPart = (messageId: string): string => {
  const readable = messageId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
  const digest = createHash('sha256').update(messageId).digest('hex').slice(0, 12);
  return `${readable}.${digest}`;
};

/** `20250101T120000123Z`: sortable and valid on every file system. */
const timePart = (ms: number): string => new Date(ms).toISOString().replace(/[-:.]/g, '');

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

/**
 * Gives a claimed temp file its outbox name. ENOENT means another mailer's recovery renamed this very file
 * first (both target the same name), which is fine once the final file is there.
 */
async function publish(tmp: string, file: string): Promise<void> {
  try {
    await rename(tmp, file);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
    await access(file);
  }
}

/** Finishes the writes a crash interrupted after their claim, and deletes stale unclaimed temp files. */
export async function recoverTempFiles(dir: string, now = Date.now()): Promise<{ finished: number; deleted: number }> {
  const writingDir = path.join(dir, WRITING_DIR);
  const result = { finished: 0, deleted: 0 };
  for (const name of await readdir(writingDir)) {
    const tmp = path.join(writingDir, name);
    const stats = await stat(tmp).catch((error: unknown) => {
      if (errorCode(error) === 'ENOENT') return undefined;
      throw error;
    });
    if (!stats) continue;
    const final = TEMP_NAME.exec(name)?.[1];
    if (stats.nlink >= 2 && final) {
      await publish(tmp, path.join(dir, final));
      result.finished += 1;
    } else if (stats.nlink < 2 && now - stats.mtimeMs > STALE_TEMP_MS) {
      await unlink(tmp).catch((error: unknown) => {
        if (errorCode(error) !== 'ENOENT') throw error;
      });
      result.deleted += 1;
    }
  }
  return result;
}

/**
 * Claims the ids of the `.eml` files already in `dir`, once, when `.ids` is created: an outbox written before
 * `.ids` existed keeps its messages sent. The only listing of the outbox, and it happens once in its life.
 */
async function indexOutbox(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    const id = OUTBOX_NAME.exec(name)?.[1];
    if (!id) continue;
    await link(path.join(dir, name), path.join(dir, IDS_DIR, id)).catch((error: unknown) => {
      if (errorCode(error) !== 'EEXIST') throw error;
    });
  }
}

export function createFileMailer(options: FileMailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  const fsync = options.fsync ?? true;
  const messageOptions = messageOptionsFor(from);
  const composer = createMessageComposer(options.dkim);
  const idsDir = path.join(options.dir, IDS_DIR);
  const writingDir = path.join(options.dir, WRITING_DIR);
  const inFlight = new Map<string, Promise<SentMail>>();
  // Temp names only need to differ between writers: this mailer's random tag and a counter.
  const tempTag = randomBytes(6).toString('hex');
  let temps = 0;
  let lastTime = 0;
  let ready: Promise<unknown> | undefined;

  const open = async (): Promise<void> => {
    await mkdir(writingDir, { recursive: true });
    const created = await mkdir(idsDir).then(
      () => true,
      (error: unknown) => {
        if (errorCode(error) === 'EEXIST') return false;
        throw error;
      },
    );
    if (created) await indexOutbox(options.dir);
    await recoverTempFiles(options.dir);
  };

  const write = async (message: MailMessage, messageId: string): Promise<SentMail> => {
    ready ??= open().catch((error: unknown) => {
      ready = undefined; // the next send tries again
      throw error;
    });
    await ready;

    // Strictly increasing times keep the sending order even within one millisecond.
    const time = Math.max(Date.now(), lastTime + 1);
    lastTime = time;
    const id = idPart(messageId);
    const name = `${timePart(time)}--${id}.eml`;
    const raw = await composer.compose(messageOptions(message, messageId, new Date(time)));
    const tmp = path.join(writingDir, `${name}.${tempTag}${(temps++).toString(16)}.tmp`);
    await writeFile(tmp, raw, { flush: fsync });
    try {
      await link(tmp, path.join(idsDir, id));
    } catch (error) {
      await unlink(tmp);
      if (errorCode(error) === 'EEXIST') return { messageId }; // written before: at most once
      throw error;
    }
    await publish(tmp, path.join(options.dir, name));
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
      await composer.close();
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
