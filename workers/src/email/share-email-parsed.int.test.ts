/**
 * A share e-mail rendered from hostile input, sent through the real mailers (the file outbox and SMTP to an
 * smtp-server), then read back by an independent parser (mailparser): what a mail client would see.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { SMTPServerOptions } from 'smtp-server';
import { createFileMailer } from '@crossfeed/platform/mail/file-mailer.ts';
import { mailbox } from '@crossfeed/platform/mail/mail-options.ts';
import { PermanentDeliveryError, type MailMessage } from '@crossfeed/platform/mail/mailer.port.ts';
import { createSmtpMailer } from '@crossfeed/platform/mail/smtp-mailer.ts';
import { startSmtpTestServer, type SmtpTestServer } from '@crossfeed/platform/mail/smtp-test-server.ts';
import { renderShareEmail } from './share-email.template.ts';

const FROM = 'Crossfeed <no-reply@crossfeed.test>';
const INJECT = '\r\nBcc: x@evil.test';
const POSTAL = 'Crossfeed Ltd, 1 Example Street, Springfield 12345';
const UNSUBSCRIBE = 'https://crossfeed.test/u/TOKEN';

function hostileShareMessage(to = 'bob@example.com'): MailMessage {
  const rendered = renderShareEmail({
    sharerName: `Ada${INJECT} <script>alert(1)</script>`,
    recipientName: `Bob${INJECT}`,
    title: `"><img src=x onerror=alert(1)>${INJECT}`,
    description: 'Bob\n\nYOUR PASSWORD EXPIRED. Reset it now at http://evil.example/reset',
    contentType: 'article',
    creatorName: `Grace${INJECT}`,
    note: `Loved it${INJECT}\n<script>alert(1)</script>`,
    link: 'https://crossfeed.test/links/AbC123?c=contact-1',
    unsubscribeUrl: UNSUBSCRIBE,
    postalAddress: POSTAL,
  });
  return {
    to: mailbox(`Bob${INJECT}`, to),
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    fromName: rendered.fromName,
    replyTo: 'ada@example.com',
    messageId: 'share-content-1-contact-1',
    headers: { 'List-Unsubscribe': `<${UNSUBSCRIBE}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  [value ?? []].flat().flatMap((object) => object.value.map((entry) => ({ name: entry.name, address: entry.address })));

/** Everything a client would show or act on, checked on the parsed message. */
function assertShareMessage(parsed: ParsedMail): void {
  assert.equal((parsed.headers.get('content-type') as { value: string }).value, 'multipart/alternative');
  assert.ok(parsed.text && parsed.text.length > 0, 'a text part');
  assert.ok(typeof parsed.html === 'string' && parsed.html.length > 0, 'an HTML part');

  const [from] = addresses(parsed.from);
  assert.match(from?.name ?? '', /^Ada .* via Crossfeed$/);
  assert.equal(from?.address, 'no-reply@crossfeed.test', 'the address stays MAIL_FROM');
  assert.deepEqual(addresses(parsed.replyTo), [{ name: '', address: 'ada@example.com' }]);
  assert.deepEqual(addresses(parsed.to).map((entry) => entry.address), ['bob@example.com'], 'one recipient');
  assert.equal(parsed.messageId, '<share-content-1-contact-1@crossfeed.test>');

  const lines = new Map(parsed.headerLines.map(({ key, line }) => [key, line]));
  assert.equal(lines.get('list-unsubscribe'), `List-Unsubscribe: <${UNSUBSCRIBE}>`);
  assert.equal(lines.get('list-unsubscribe-post'), 'List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  assert.equal(parsed.bcc, undefined);
  assert.deepEqual(
    parsed.headerLines.map(({ key }) => key).sort(),
    ['content-type', 'date', 'from', 'list-unsubscribe', 'list-unsubscribe-post', 'message-id', 'mime-version', 'reply-to', 'subject', 'to', 'x-crossfeed-message-id'],
    'no header but ours: the injected Bcc lines stayed inside their values',
  );
  assert.match(parsed.subject ?? '', /^Ada +Bcc: x@evil\.test <script>alert\(1\)<\/script> thinks you'll like /);

  assert.ok(parsed.text.includes(POSTAL) && parsed.html.includes(POSTAL), 'the postal address in both parts');
  assert.ok(parsed.text.includes(UNSUBSCRIBE) && parsed.html.includes(UNSUBSCRIBE), 'the unsubscribe link in both parts');
  for (const tag of parsed.html.match(/<[^>]*>/g) ?? []) assert.doesNotMatch(tag, /<script|<img|onerror=/i, tag);
  assert.match(parsed.text, /^> YOUR PASSWORD EXPIRED/m, 'the description is quoted');
}

async function withSmtpServer(options: Partial<SMTPServerOptions>, run: (server: SmtpTestServer) => Promise<void>): Promise<void> {
  const server = await startSmtpTestServer(options);
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

const smtpError = (message: string, responseCode: number): Error => Object.assign(new Error(message), { responseCode });

describe('a share e-mail with hostile input, as a mail client parses it', () => {
  test('through the file mailer', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'crossfeed-share-mail-'));
    try {
      const dir = path.join(root, 'mail');
      const mailer = createFileMailer({ dir, from: FROM });
      await mailer.send(hostileShareMessage());
      await mailer.close();
      const [name, ...others] = (await readdir(dir)).filter((entry) => entry.endsWith('.eml'));
      assert.equal(others.length, 0);
      assertShareMessage(await simpleParser(await readFile(path.join(dir, name ?? ''))));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  test('through the SMTP mailer: the same headers arrive, to the one recipient', async () => {
    await withSmtpServer({}, async ({ url, received }) => {
      const mailer = createSmtpMailer({ url, from: FROM });
      try {
        await mailer.send(hostileShareMessage());
      } finally {
        await mailer.close();
      }
      assert.equal(received.length, 1);
      assert.deepEqual(received[0]?.to, ['bob@example.com'], 'x@evil.test never became a recipient');
      assertShareMessage(await simpleParser(received[0]?.raw ?? Buffer.alloc(0)));
    });
  });
});

describe('SMTP refusals', () => {
  const refusing: Partial<SMTPServerOptions> = {
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('gone@')) return callback(smtpError('5.1.1 mailbox unavailable', 550));
      if (address.address.startsWith('busy@')) return callback(smtpError('4.2.1 try again later', 451));
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback(smtpError('5.7.1 message refused as spam', 554)));
    },
  };

  test('a 5xx for the recipient or the message is a PermanentDeliveryError with its code; a 4xx is not', async () => {
    await withSmtpServer(refusing, async ({ url }) => {
      const mailer = createSmtpMailer({ url, from: FROM });
      try {
        await assert.rejects(mailer.send(hostileShareMessage('gone@example.com')), (error: unknown) => {
          assert.ok(error instanceof PermanentDeliveryError, String(error));
          assert.equal(error.responseCode, 550);
          assert.match(error.message, /mailbox unavailable/);
          return true;
        });
        await assert.rejects(mailer.send(hostileShareMessage('busy@example.com')), (error: unknown) => {
          assert.ok(!(error instanceof PermanentDeliveryError), 'a temporary refusal is retried');
          assert.equal((error as { responseCode?: number }).responseCode, 451);
          return true;
        });
        await assert.rejects(mailer.send(hostileShareMessage('bob@example.com')), (error: unknown) => {
          assert.ok(error instanceof PermanentDeliveryError, String(error));
          assert.equal(error.responseCode, 554);
          return true;
        });
      } finally {
        await mailer.close();
      }
    });
  });

  test('a connection failure is thrown as it is (the job retries)', async () => {
    const mailer = createSmtpMailer({ url: 'smtp://127.0.0.1:1', from: FROM });
    try {
      await assert.rejects(mailer.send(hostileShareMessage()), (error: unknown) => !(error instanceof PermanentDeliveryError));
    } finally {
      await mailer.close();
    }
  });
});
