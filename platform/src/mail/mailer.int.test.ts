import { afterEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import fsp, { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { createFileMailer, IDS_DIR, parseMessage, readOutbox, WRITING_DIR } from './file-mailer.ts';
import { headerSafe, safeExtraHeaders } from './header-safe.ts';
import { mailbox } from './mail-options.ts';
import { createSmtpMailer } from './smtp-mailer.ts';
import { startSmtpTestServer } from './smtp-test-server.ts';

const link = `https://crossfeed.test/verify?token=${'a1b2c3'.repeat(20)}&next=%2Fhome`;

async function withTempDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crossfeed-mail-'));
  try {
    await run(path.join(dir, 'mail'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const emlFiles = async (dir: string): Promise<string[]> => (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();

/** The header section of a raw message, unfolded, one `[lowercase name, value]` per field. */
function headerFields(raw: string): [string, string][] {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  return head.split(/\r\n(?![ \t])/).map((field) => {
    const colon = field.indexOf(':');
    return [field.slice(0, colon).toLowerCase(), field.slice(colon + 1).replace(/\r\n/g, '').trim()];
  });
}

/**
 * Verifies a relaxed/relaxed rsa-sha256 DKIM signature (RFC 6376 §3.4.2, §3.4.4, §3.7) against the public key:
 * the body hash and the signature over the signed headers. Returns the tags.
 */
function verifyDkim(raw: Buffer, publicKey: KeyObject): Map<string, string> {
  const text = raw.toString('latin1');
  const split = text.indexOf('\r\n\r\n');
  const fields = text.slice(0, split).split(/\r\n(?![ \t])/);
  const relaxed = (field: string): string => {
    const colon = field.indexOf(':');
    return `${field.slice(0, colon).trim().toLowerCase()}:${field.slice(colon + 1).replace(/\r\n/g, '').replace(/[ \t]+/g, ' ').trim()}`;
  };
  const signature = fields.find((field) => /^dkim-signature:/i.test(field));
  assert.ok(signature, 'a DKIM-Signature header');
  const tags = new Map(
    signature
      .slice(signature.indexOf(':') + 1)
      .split(';')
      .map((tag) => tag.replace(/\s+/g, ''))
      .filter(Boolean)
      .map((tag) => [tag.slice(0, tag.indexOf('=')), tag.slice(tag.indexOf('=') + 1)] as [string, string]),
  );
  assert.equal(tags.get('a'), 'rsa-sha256');
  assert.equal(tags.get('c'), 'relaxed/relaxed');

  const lines = text.slice(split + 4).split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  const body = lines.length > 0 ? `${lines.join('\r\n')}\r\n` : '';
  assert.equal(createHash('sha256').update(body, 'latin1').digest('base64'), tags.get('bh'), 'body hash');

  // Each signed name takes the last unused instance of that header, bottom up.
  const remaining = fields.filter((field) => field !== signature);
  const signed = (tags.get('h') ?? '').split(':').map((name) => {
    const index = remaining.findLastIndex((field) => field.slice(0, field.indexOf(':')).trim().toLowerCase() === name.toLowerCase());
    return index === -1 ? '' : `${relaxed(remaining.splice(index, 1)[0] ?? '')}\r\n`;
  });
  const unsignedSignature = relaxed(signature).replace(/(^|;)(\s*b\s*=)[^;]*/, '$1$2');
  const data = Buffer.from(`${signed.join('')}${unsignedSignature}`, 'latin1');
  assert.ok(verify('sha256', data, publicKey, Buffer.from(tags.get('b') ?? '', 'base64')), 'the signature verifies with the public key');
  return tags;
}

function rsaKeys(): { privateKey: string; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey };
}

const FS_FUNCTIONS = Object.keys(fsp).filter((name) => typeof (fsp as unknown as Record<string, unknown>)[name] === 'function');

/**
 * Runs `work` with every node:fs/promises function spied on (the mailer's named imports included, through
 * syncBuiltinESMExports) and returns the calls as `[function, first argument]`.
 */
async function fsCalls(work: () => Promise<void>): Promise<[string, string][]> {
  const spies = FS_FUNCTIONS.map((name) => [name, mock.method(fsp as unknown as Record<string, (...args: unknown[]) => unknown>, name)] as const);
  syncBuiltinESMExports();
  try {
    await work();
  } finally {
    mock.restoreAll();
    syncBuiltinESMExports();
  }
  return spies.flatMap(([name, spy]) => spy.mock.calls.map((call) => [name, String(call.arguments[0])] as [string, string]));
}

const countBy = (calls: [string, string][]): Record<string, number> =>
  Object.fromEntries([...new Set(calls.map(([name]) => name))].sort().map((name) => [name, calls.filter(([n]) => n === name).length]));

afterEach(() => {
  mock.restoreAll();
  syncBuiltinESMExports();
});

describe('file mailer', () => {
  test('writes one parseable .eml per messageId, in a folder it creates', async () => {
    await withTempDir(async (dir) => {
      const mailer = createFileMailer({ dir });
      const message = {
        to: 'Zoë <zoe@example.com>',
        subject: 'Vérifiez votre adresse — Crossfeed',
        text: `Hello Zoë,\n\nConfirm your address: ${link}\n\nThanks`,
        messageId: 'verify-user-1',
      };
      assert.deepEqual(await mailer.send(message), { messageId: 'verify-user-1' });
      assert.deepEqual(await mailer.send({ ...message, subject: 'changed' }), { messageId: 'verify-user-1' });
      await mailer.close();

      const files = await emlFiles(dir);
      assert.equal(files.length, 1, `expected one file, got ${files.join(', ')}`);
      assert.match(files[0] ?? '', /^\d{8}T\d{9}Z--verify-user-1\.[0-9a-f]{12}\.eml$/);
      const raw = await readFile(path.join(dir, files[0] ?? ''), 'utf8');
      assert.match(raw, /^Message-ID: <verify-user-1@crossfeed\.local>\r$/m);
      assert.doesNotMatch(raw, /[^\r]\n/, 'every line ends with CRLF, bodies included');

      const outbox = await readOutbox(dir);
      assert.deepEqual(outbox, [
        { to: message.to, subject: message.subject, text: message.text, file: path.join(dir, files[0] ?? '') },
      ]);
      assert.ok(outbox[0]?.text.includes(link), 'the long link survives quoted-printable line folding');
    });
  });

  test('concurrent sends of one messageId write one file; different ids each get theirs, in sending order', async () => {
    await withTempDir(async (dir) => {
      const mailer = createFileMailer({ dir });
      const results = await Promise.all([
        mailer.send({ to: 'a@example.com', subject: 'one', text: 'first', messageId: 'same' }),
        mailer.send({ to: 'a@example.com', subject: 'one', text: 'first', messageId: 'same' }),
      ]);
      assert.deepEqual(results, [{ messageId: 'same' }, { messageId: 'same' }]);
      const generated = await mailer.send({ to: 'b@example.com', subject: 'two', text: 'second', html: '<p>second</p>' });
      assert.match(generated.messageId, /^[0-9a-f-]{36}$/);
      await mailer.send({ to: 'c@example.com', subject: 'three', text: 'third', messageId: 'a/b <weird>' });

      const outbox = await readOutbox(dir);
      assert.deepEqual(
        outbox.map((m) => [m.to, m.subject, m.text]),
        [
          ['a@example.com', 'one', 'first'],
          ['b@example.com', 'two', 'second'],
          ['c@example.com', 'three', 'third'],
        ],
      );
      assert.equal((await readdir(dir)).filter((name) => name.endsWith('.tmp')).length, 0);
      assert.deepEqual(await readdir(path.join(dir, WRITING_DIR)), [], 'no temp file is left behind');
    });
  });

  test('a new mailer on the same folder still skips an id already written', async () => {
    await withTempDir(async (dir) => {
      await createFileMailer({ dir }).send({ to: 'a@example.com', subject: 's', text: 't', messageId: 'once' });
      await createFileMailer({ dir }).send({ to: 'a@example.com', subject: 's', text: 't', messageId: 'once' });
      assert.equal((await readOutbox(dir)).length, 1);
    });
  });

  test('readOutbox of a folder that does not exist is empty', async () => {
    assert.deepEqual(await readOutbox(path.join(tmpdir(), `absent-${Date.now()}`)), []);
  });

  test('never lists the outbox: the file-system work of a send is the same with 10 or 1,010 e-mails sent before', async () => {
    await withTempDir(async (dir) => {
      const sendMany = async (prefix: string, count: number): Promise<void> => {
        const mailer = createFileMailer({ dir });
        for (let i = 0; i < count; i++) await mailer.send({ to: 'a@example.com', subject: `${prefix} ${i}`, text: 'hello', messageId: `${prefix}-${i}` });
        await mailer.close();
      };
      await sendMany('before', 10);
      const small = await fsCalls(() => sendMany('small', 20));

      // 1,000 more e-mails in the outbox (plain files: the mailer never looks at them).
      const names = Array.from({ length: 1000 }, (_, i) => `20200101T000000${String(i).padStart(3, '0')}Z--old-${i}.000000000000.eml`);
      await Promise.all(names.map((name) => writeFile(path.join(dir, name), 'Subject: old\r\n\r\nold\r\n')));
      const large = await fsCalls(() => sendMany('large', 20));

      assert.deepEqual(countBy(large), countBy(small), 'the same file-system calls, whatever the outbox holds');
      assert.deepEqual(countBy(small), { link: 20, mkdir: 2, readdir: 1, rename: 20, writeFile: 20 });
      for (const calls of [small, large]) {
        const listings = calls.filter(([name]) => name === 'readdir' || name === 'opendir' || name === 'glob');
        assert.deepEqual(listings.map(([, target]) => target), [path.join(dir, WRITING_DIR)], 'only the temp folder is listed, once, at open');
      }
      assert.equal((await emlFiles(dir)).length, 1050);
    });
  });

  test('a crash between claiming an id and naming its file is finished by the next mailer, and never sent twice', async () => {
    await withTempDir(async (dir) => {
      const crashing = createFileMailer({ dir });
      await crashing.send({ to: 'a@example.com', subject: 'warm-up', text: 'first', messageId: 'first' });
      const rename = mock.method(fsp, 'rename');
      rename.mock.mockImplementationOnce(async () => {
        throw Object.assign(new Error('simulated crash before the rename'), { code: 'EIO' });
      });
      syncBuiltinESMExports();
      await assert.rejects(crashing.send({ to: 'b@example.com', subject: 'claimed', text: 'second', messageId: 'second' }), /simulated crash/);
      mock.restoreAll();
      syncBuiltinESMExports();
      assert.deepEqual((await readOutbox(dir)).map((m) => m.subject), ['warm-up']);
      assert.equal((await readdir(path.join(dir, WRITING_DIR))).length, 1, 'the claimed temp file is left as a crash leaves it');

      const next = createFileMailer({ dir });
      await next.send({ to: 'c@example.com', subject: 'after restart', text: 'third', messageId: 'third' });
      await next.send({ to: 'b@example.com', subject: 'claimed, retried', text: 'second', messageId: 'second' });
      await next.close();
      assert.deepEqual(
        (await readOutbox(dir)).map((m) => m.subject),
        ['warm-up', 'claimed', 'after restart'],
        'the interrupted message got its name (and its place in the order); its retry wrote nothing',
      );
      assert.deepEqual(await readdir(path.join(dir, WRITING_DIR)), []);
    });
  });

  test('an unclaimed temp file left by a crash is deleted once stale; a fresh one may still be written and is kept', async () => {
    await withTempDir(async (dir) => {
      await createFileMailer({ dir }).send({ to: 'a@example.com', subject: 'first', text: 'x', messageId: 'first' });
      const stale = path.join(dir, WRITING_DIR, '20250101T000000000Z--stale.0123456789ab.eml.00aa11bb22cc.tmp');
      const fresh = path.join(dir, WRITING_DIR, '20250101T000000001Z--fresh.0123456789ab.eml.00aa11bb22cd.tmp');
      await writeFile(stale, 'half a messa');
      await writeFile(fresh, 'half a messa');
      const hourAgo = new Date(Date.now() - 3_600_000);
      await utimes(stale, hourAgo, hourAgo);

      await createFileMailer({ dir }).send({ to: 'a@example.com', subject: 'second', text: 'y', messageId: 'second' });
      assert.deepEqual(await readdir(path.join(dir, WRITING_DIR)), [path.basename(fresh)]);
      assert.deepEqual((await readOutbox(dir)).map((m) => m.subject), ['first', 'second'], 'an unclaimed temp file is never published');
    });
  });

  test('an outbox written before ids were kept is indexed once, so its messages are not sent again', async () => {
    await withTempDir(async (dir) => {
      await createFileMailer({ dir }).send({ to: 'a@example.com', subject: 'old', text: 'x', messageId: 'old-one' });
      await rm(path.join(dir, IDS_DIR), { recursive: true }); // as the previous version left it
      await createFileMailer({ dir }).send({ to: 'a@example.com', subject: 'old', text: 'x', messageId: 'old-one' });
      assert.equal((await readOutbox(dir)).length, 1);
    });
  });

  test('from name, reply-to and extra headers are written; the address stays MAIL_FROM', async () => {
    await withTempDir(async (dir) => {
      const mailer = createFileMailer({ dir, from: 'Crossfeed <hello@crossfeed.test>' });
      await mailer.send({
        to: mailbox('Zoe "Z" Example, Jr.', 'zoe@example.com'),
        subject: 'Hello',
        text: 'hi',
        messageId: 'with-headers',
        fromName: 'Ada Lovelace via Crossfeed',
        replyTo: 'ada@example.com',
        headers: { 'List-Unsubscribe': '<https://crossfeed.test/u/TOKEN>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      const [file] = await emlFiles(dir);
      const fields = new Map(headerFields(await readFile(path.join(dir, file ?? ''), 'utf8')));
      assert.equal(fields.get('from'), 'Ada Lovelace via Crossfeed <hello@crossfeed.test>');
      assert.equal(fields.get('reply-to'), 'ada@example.com');
      assert.equal(fields.get('to'), '"Zoe \\"Z\\" Example, Jr." <zoe@example.com>');
      assert.deepEqual(addressparser(fields.get('to') ?? ''), [{ name: 'Zoe "Z" Example, Jr.', address: 'zoe@example.com' }], 'one mailbox, not two');
      assert.equal(fields.get('list-unsubscribe'), '<https://crossfeed.test/u/TOKEN>');
      assert.equal(fields.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
      assert.equal(fields.get('x-crossfeed-message-id'), 'with-headers');
    });
  });

  test('control characters in names, subject and header values add no header', async () => {
    await withTempDir(async (dir) => {
      const evil = '\r\nBcc: x@evil.test\r\nX-Injected: yes\n\u0085\u2028';
      const mailer = createFileMailer({ dir });
      await mailer.send({
        to: mailbox(`Bob${evil}`, 'bob@example.com'),
        subject: `Hi${evil}`,
        text: `body${evil}`,
        messageId: `id${evil}`,
        fromName: `Ada${evil}`,
        replyTo: `ada@example.com${evil}`,
        headers: { 'List-Unsubscribe': `<https://crossfeed.test/u/T>${evil}` },
      });
      const [file] = await emlFiles(dir);
      const raw = await readFile(path.join(dir, file ?? ''), 'utf8');
      const names = headerFields(raw).map(([name]) => name);
      assert.deepEqual(
        [...names].sort(),
        ['content-transfer-encoding', 'content-type', 'date', 'from', 'list-unsubscribe', 'message-id', 'mime-version', 'reply-to', 'subject', 'to', 'x-crossfeed-message-id'],
      );
      assert.doesNotMatch(raw.slice(0, raw.indexOf('\r\n\r\n')), /^(bcc|x-injected):/im);
      const parsed = parseMessage(raw);
      assert.match(parsed.headers.get('subject') ?? '', /^Hi +Bcc: x@evil\.test +X-Injected: yes *$/);
    });
  });

  test('headerSafe turns control characters into spaces; extra headers may not be malformed or replace our own', () => {
    assert.equal(headerSafe('a\r\nb\tc\u0000d\u007fe\u0085f\u2028g'), 'a  b\tc d e f g');
    assert.equal(headerSafe('Zoë — ok'), 'Zoë — ok');
    assert.deepEqual(safeExtraHeaders({ 'List-Unsubscribe': '<u>\r\nBcc: x' }), { 'List-Unsubscribe': '<u>  Bcc: x' });
    assert.throws(() => safeExtraHeaders({ 'Bad Name': 'x' }), /invalid mail header name/);
    assert.throws(() => safeExtraHeaders({ 'X-A\r\nBcc': 'x' }), /invalid mail header name/);
    assert.throws(() => safeExtraHeaders({ bcc: 'x@evil.test' }), /set by the mailer/);
    assert.throws(() => safeExtraHeaders({ From: 'x@evil.test' }), /set by the mailer/);
  });

  test('with DKIM settings every file is signed, both List-Unsubscribe headers included, and the signature verifies', async () => {
    await withTempDir(async (dir) => {
      const keys = rsaKeys();
      const mailer = createFileMailer({ dir, dkim: { domainName: 'crossfeed.test', keySelector: 'mail2026', privateKey: keys.privateKey } });
      await mailer.send({
        to: 'bob@example.com',
        subject: 'Signed — naïve café',
        text: `Hello  Bob,  \n\n${link}\n\n\n`,
        html: '<p>Hello <b>Bob</b></p>\n',
        messageId: 'signed-1',
        fromName: 'Ada via Crossfeed',
        headers: { 'List-Unsubscribe': '<https://crossfeed.test/u/TOKEN>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      const [file] = await emlFiles(dir);
      const tags = verifyDkim(await readFile(path.join(dir, file ?? '')), keys.publicKey);
      assert.equal(tags.get('d'), 'crossfeed.test');
      assert.equal(tags.get('s'), 'mail2026');
      const signed = (tags.get('h') ?? '').split(':');
      for (const name of ['from', 'to', 'subject', 'date', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post']) assert.ok(signed.includes(name), name);
    });
  });

  test('a tampered signed file does not verify (the check above can fail)', async () => {
    await withTempDir(async (dir) => {
      const keys = rsaKeys();
      await createFileMailer({ dir, dkim: { domainName: 'crossfeed.test', keySelector: 's1', privateKey: keys.privateKey } }).send({
        to: 'bob@example.com',
        subject: 'Signed',
        text: 'pay 10',
        messageId: 'signed-2',
      });
      const [file] = await emlFiles(dir);
      const raw = await readFile(path.join(dir, file ?? ''), 'latin1');
      assert.throws(() => verifyDkim(Buffer.from(raw.replace('pay 10', 'pay 99'), 'latin1'), keys.publicKey), /body hash/);
      assert.throws(() => verifyDkim(Buffer.from(raw.replace('Subject: Signed', 'Subject: Signet'), 'latin1'), keys.publicKey), /signature verifies/);
    });
  });
});

describe('SMTP mailer', () => {
  test('delivers the message to an SMTP server with its Message-ID', async () => {
    const server = await startSmtpTestServer();
    const mailer = createSmtpMailer({ url: server.url, from: 'Crossfeed <hello@crossfeed.test>' });
    try {
      const sent = await mailer.send({
        to: 'dev@example.com',
        subject: 'Your weekly matches',
        text: `Three creators matched your content.\n${link}`,
        html: '<p>Three creators matched your content.</p>',
        messageId: 'digest-42',
      });
      assert.deepEqual(sent, { messageId: 'digest-42' });
      assert.equal(server.received.length, 1);
      const [mail] = server.received;
      assert.equal(mail?.from, 'hello@crossfeed.test');
      assert.deepEqual(mail?.to, ['dev@example.com']);
      const raw = mail?.raw.toString('utf8') ?? '';
      const parsed = parseMessage(raw);
      assert.equal(parsed.headers.get('subject'), 'Your weekly matches');
      assert.equal(parsed.headers.get('to'), 'dev@example.com');
      assert.equal(parsed.headers.get('message-id'), '<digest-42@crossfeed.test>');
      assert.equal(parsed.text, `Three creators matched your content.\n${link}`);
      assert.match(raw, /Three creators matched your content\./);
    } finally {
      await mailer.close();
      await server.close();
    }
  });

  test('signs with DKIM: the received message verifies, with the from name on the MAIL_FROM address', async () => {
    const server = await startSmtpTestServer();
    const keys = rsaKeys();
    const mailer = createSmtpMailer({
      url: server.url,
      from: 'Crossfeed <hello@crossfeed.test>',
      dkim: { domainName: 'crossfeed.test', keySelector: 'mail2026', privateKey: keys.privateKey },
    });
    try {
      await mailer.send({
        to: 'dev@example.com',
        subject: 'Signed over SMTP',
        text: `Line one\nLine two  \n${link}`,
        html: '<p>Line one</p>',
        messageId: 'smtp-signed',
        fromName: 'Ada via Crossfeed',
        replyTo: 'ada@example.com',
        headers: { 'List-Unsubscribe': '<https://crossfeed.test/u/TOKEN>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      const [mail] = server.received;
      assert.ok(mail);
      assert.equal(mail.from, 'hello@crossfeed.test', 'the envelope sender is the MAIL_FROM address');
      const tags = verifyDkim(mail.raw, keys.publicKey);
      assert.equal(tags.get('d'), 'crossfeed.test');
      const fields = new Map(headerFields(mail.raw.toString('utf8')));
      assert.equal(fields.get('from'), 'Ada via Crossfeed <hello@crossfeed.test>');
      assert.equal(fields.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
    } finally {
      await mailer.close();
      await server.close();
    }
  });
});

describe('file and SMTP mailers write the same message', () => {
  test('the .eml on disk is what the SMTP server receives, apart from Date and the MIME boundary', async () => {
    await withTempDir(async (dir) => {
      const server = await startSmtpTestServer();
      const smtp = createSmtpMailer({ url: server.url, from: 'Crossfeed <hello@crossfeed.test>' });
      const file = createFileMailer({ dir, from: 'Crossfeed <hello@crossfeed.test>' });
      const message = {
        to: mailbox('Bob', 'bob@example.com'),
        subject: 'Same bytes',
        text: `Line one\nLine two\n${link}`,
        html: '<p>Line one</p>\n<p>Line two</p>',
        messageId: 'same-bytes',
        fromName: 'Ada via Crossfeed',
        headers: { 'List-Unsubscribe': '<https://crossfeed.test/u/TOKEN>' },
      };
      try {
        await smtp.send(message);
        await file.send(message);
      } finally {
        await smtp.close();
        await server.close();
      }
      const normalise = (raw: string): string =>
        raw
          .replace(/^Date: .*\r\n/m, '')
          .replace(/--_NmP-[0-9a-f]+-Part_\d+/g, 'BOUNDARY')
          .replace(/\r\n$/, '');
      const [name] = await emlFiles(dir);
      const written = await readFile(path.join(dir, name ?? ''), 'utf8');
      assert.equal(normalise(written), normalise(server.received[0]?.raw.toString('utf8') ?? ''));
    });
  });
});
