import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createFileMailer, parseMessage, readOutbox } from './file-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

const link = `https://crossfeed.test/verify?token=${'a1b2c3'.repeat(20)}&next=%2Fhome`;

async function withTempDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crossfeed-mail-'));
  try {
    await run(path.join(dir, 'mail'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

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

      const files = await readdir(dir);
      assert.equal(files.length, 1, `expected one file, got ${files.join(', ')}`);
      assert.match(files[0] ?? '', /^\d{8}T\d{9}Z--verify-user-1\.[0-9a-f]{12}\.eml$/);
      const raw = await readFile(path.join(dir, files[0] ?? ''), 'utf8');
      assert.match(raw, /^Message-ID: <verify-user-1@crossfeed\.local>\r$/m);

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
});

describe('SMTP mailer', () => {
  test('delivers the message to an SMTP server with its Message-ID', async () => {
    const received: { from: string | false; to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom && session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'Crossfeed <hello@crossfeed.test>' });
    try {
      const sent = await mailer.send({
        to: 'dev@example.com',
        subject: 'Your weekly matches',
        text: `Three creators matched your content.\n${link}`,
        html: '<p>Three creators matched your content.</p>',
        messageId: 'digest-42',
      });
      assert.deepEqual(sent, { messageId: 'digest-42' });
      assert.equal(received.length, 1);
      const [mail] = received;
      assert.equal(mail?.from, 'hello@crossfeed.test');
      assert.deepEqual(mail?.to, ['dev@example.com']);
      const parsed = parseMessage(mail?.raw ?? '');
      assert.equal(parsed.headers.get('subject'), 'Your weekly matches');
      assert.equal(parsed.headers.get('to'), 'dev@example.com');
      assert.equal(parsed.headers.get('message-id'), '<digest-42@crossfeed.test>');
      assert.equal(parsed.text, `Three creators matched your content.\n${link}`);
      assert.match(mail?.raw ?? '', /Three creators matched your content\./);
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
