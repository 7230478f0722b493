/** Share e-mails end to end: HTTP share → event → dispatcher → local queue → this processor → outbox. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import { addContacts, submitPromoted } from '@crossfeed/backend/features/content/content.fixtures.ts';
import { startTestApp, type Session, type TestApp } from '@crossfeed/backend/testing/test-app.ts';
import { settle } from '@crossfeed/backend/api/execute.ts';
import type { ShareEmailSent } from '@crossfeed/domain/mailboxes/mailbox.events.ts';
import { contactsStream, mailboxStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import type { ContactAdded } from '@crossfeed/domain/contacts/contact.events.ts';
import type { ContentShared } from '@crossfeed/domain/users/user.events.ts';
import type { Job } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { PermanentDeliveryError, type Mailer } from '@crossfeed/platform/mail/mailer.port.ts';
import { readOutbox } from '@crossfeed/platform/mail/file-mailer.ts';
import { SHORT_LINKS } from '@crossfeed/projections/short-links/short-links.projection.ts';
import { SHARE_EMAILS } from '@crossfeed/projections/share-emails/share-emails.projection.ts';
import path from 'node:path';
import { SHARE_EMAIL_QUEUE, shareEmailProcessor, type ShareEmailResult } from './share-email.processor.ts';

let app: TestApp;
let owner: Session;
const PUBLIC_URL = 'https://crossfeed.example';
const POSTAL = 'Crossfeed, 1 Example Street, Springfield 12345';

before(async () => {
  app = await startTestApp({ PUBLIC_URL, MAIL_POSTAL_ADDRESS: POSTAL }, { workers: true });
  owner = await app.register();
  await app.grantPremium(owner.user.id);
});
after(() => app.close());

async function share(sharer: Session, contentId: string, contactIds: string[], note?: string): Promise<{ counted: number }> {
  const response = await app.request('POST', `/content/${contentId}/share/`, { token: sharer.token, json: { contact_ids: contactIds, note } });
  assert.equal(response.status, 200, response.text);
  await app.settleJobs();
  return response.body;
}

async function mailsTo(email: string): Promise<{ to: string; subject: string; text: string; file: string }[]> {
  return (await readOutbox(path.join(app.dataDir, 'mail'))).filter((mail) => mail.to.includes(email));
}

async function contactEmail(id: string): Promise<string> {
  const doc = await app.ctx.readStore.collection('contacts').findOne({ _id: id });
  assert.ok(doc && typeof doc.email === 'string');
  return doc.email;
}

async function lastShare(): Promise<ContentShared & { id: string }> {
  const events = await app.ctx.eventStore.readAll({ limit: 100_000 });
  const shared = events.filter((event) => event.type === 'ContentShared').at(-1);
  assert.ok(shared);
  return shared as unknown as ContentShared & { id: string };
}

/** A new sharer shares the post with one new contact of theirs: the share as the log has it. */
async function shareWithOneContact(contentId: string): Promise<{ sharer: Session; contact: string; shared: ContentShared & { id: string } }> {
  const sharer = await app.register();
  const [contact] = await addContacts(app, sharer, 1);
  assert.ok(contact);
  await share(sharer, contentId, [contact]);
  return { sharer, contact, shared: await lastShare() };
}

async function lastShareResult(): Promise<ShareEmailResult> {
  const shared = await lastShare();
  const job = await app.jobQueue.getJob(SHARE_EMAIL_QUEUE, `share-email-${shared.id}`);
  assert.equal(job?.state, 'completed', job?.failedReason);
  return job.returnValue as ShareEmailResult;
}

/**
 * The share e-mail processor run by hand on a share's data, as a run after a rebuild would (`progress` 0: a
 * new job), or as the retry of a try that reported `progress` before its worker died.
 */
function runJob(data: ContentShared['data'], mailer: Mailer = app.ctx.mailer, progress: Job['progress'] = 0): Promise<ShareEmailResult> {
  const job: Job<unknown> = { id: `manual-${data.shareId}-${Math.random()}`, queue: SHARE_EMAIL_QUEUE, name: 'send-share-emails', data, attemptsMade: 0, progress, updateProgress: async () => undefined };
  return shareEmailProcessor({ config: app.ctx.config, eventStore: app.ctx.eventStore, readStore: app.ctx.readStore, mailer, logger: createLogger({ level: 'silent' }) })(job);
}

describe('share e-mails (workers on)', () => {
  test('each contact gets one e-mail with its own tracked link; a second share e-mails only the new person', async () => {
    const post = await submitPromoted(app, owner, { title: 'Ten tips for better posts' });
    const sharer = await app.register(); // Free: links for sharing need no Premium
    const [first, second, unselected] = await addContacts(app, sharer, 3);
    assert.ok(first && second && unselected);
    await share(sharer, post.id, [first, second]);

    const links = await app.ctx.readStore.collection(SHORT_LINKS).find({ content_id: post.id });
    assert.equal(links.length, 1, 'one short link, created for sharing');
    const code = links[0]?._id;
    for (const contactId of [first, second]) {
      const mails = await mailsTo(await contactEmail(contactId));
      assert.equal(mails.length, 1);
      assert.equal(mails[0]?.subject, `${sharer.user.username} thinks you'll like "Ten tips for better posts"`);
      assert.ok(mails[0]?.text.includes(`${PUBLIC_URL}/links/${code}?c=${contactId}`), mails[0]?.text);
    }
    assert.equal((await mailsTo(await contactEmail(unselected))).length, 0);
    // A click on a contact's link is attributed to that contact (the sharer's, not the owner's).
    const click = await app.request('GET', `/links/${code}?c=${first}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' } });
    assert.equal(click.status, 302);
    const clicks = (await app.ctx.eventStore.readStream(`content-${post.id}`)).filter((event) => event.type === 'LinkClicked');
    assert.deepEqual(clicks.map((event) => (event.data as { contactId: string | null; sharerId: string | null }).sharerId), [sharer.user.id]);
    assert.deepEqual(await lastShareResult(), { sent: 2, alreadySent: 0, notSent: 0, bounced: 0, tooOld: 0 });

    await share(sharer, post.id, [unselected]);
    for (const contactId of [first, second, unselected]) assert.equal((await mailsTo(await contactEmail(contactId))).length, 1);
    assert.equal(await app.ctx.readStore.collection(SHARE_EMAILS).count({ content_id: post.id }), 3);
    assert.equal(await app.ctx.readStore.collection(SHORT_LINKS).count({ content_id: post.id }), 1, 'the link was reused');
  });

  test('an existing short link of the content is reused', async () => {
    const post = await submitPromoted(app, owner);
    const created = await app.request('POST', '/links', { token: owner.token, json: { content_id: post.id } });
    assert.equal(created.status, 201, created.text);
    const sharer = await app.register();
    const [contact] = await addContacts(app, sharer, 1);
    assert.ok(contact);
    await share(sharer, post.id, [contact]);
    const [mail] = await mailsTo(await contactEmail(contact));
    assert.ok(mail?.text.includes(`/links/${created.body.short_code}?c=${contact}`), mail?.text);
  });

  test('the e-mail: both parts, the sharer’s name and reply address, RFC 8058 headers, the postal address, hostile text escaped and no added header', async () => {
    const sharer = await app.register();
    await app.confirmEmail(sharer);
    await app.request('POST', '/profiles/', {
      token: sharer.token,
      json: { name: 'Ada Lovelace', bio: 'Engines.', categories: ['Technology'], interests: ['Web Development'], content_type: 'article' },
    });
    // A title and a contact name with a header injection, as a log written before the input rules could hold them.
    const post = await submitPromoted(app, owner, { title: 'How to test <b>things</b>' });
    const hostile = '"><img src=x onerror=alert(1)>\r\nBcc: x@evil.test';
    const contactId = app.ctx.newId();
    const added: ContactAdded = {
      type: 'ContactAdded',
      data: { contactId, userId: sharer.user.id, name: `Bob<script>alert(1)</script>${hostile}`, email: `bob.${process.pid}@example.com`, source: 'single', addedAt: new Date().toISOString() },
    };
    const { position } = await app.ctx.eventStore.append(contactsStream(sharer.user.id), [added], { expectedRevision: 'any' });
    await settle(app.ctx, position);
    await share(sharer, post.id, [contactId], '"><img src=x onerror=alert(1)> <script>alert(1)</script> worth it');

    const [mail] = await mailsTo(`bob.${process.pid}@example.com`);
    assert.ok(mail);
    const parsed = await simpleParser(await readFile(mail.file));
    assert.equal((parsed.headers.get('content-type') as { value: string }).value, 'multipart/alternative');
    assert.ok(parsed.text?.includes('worth it') && typeof parsed.html === 'string' && parsed.html.includes('worth it'));
    assert.equal(parsed.from?.value[0]?.name, 'Ada Lovelace via Crossfeed');
    assert.equal(parsed.replyTo?.value[0]?.address, sharer.user.email);
    // Header lines unfolded (a long one is folded onto a second line).
    const lines = new Map(parsed.headerLines.map(({ key, line }) => [key, line.replace(/\r?\n[ \t]+/g, ' ')]));
    assert.match(lines.get('list-unsubscribe') ?? '', /^List-Unsubscribe: <https:\/\/crossfeed\.example\/u\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+>$/);
    assert.equal(lines.get('list-unsubscribe-post'), 'List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    assert.match(parsed.messageId ?? '', /^<share-[^@]+@crossfeed\.local>$/);
    assert.ok(parsed.text?.includes(POSTAL) && parsed.html.includes(POSTAL), 'the postal address in both parts');
    assert.equal(parsed.bcc, undefined);
    assert.ok(!lines.has('bcc'), 'no header was added');
    for (const tag of parsed.html.match(/<[^>]*>/g) ?? []) assert.doesNotMatch(tag, /<script|<img|onerror=/i, tag);
    assert.match(parsed.html, /How to test &lt;b&gt;things&lt;\/b&gt;/);
  });
});

describe('the worker decides again just before sending', () => {
  test('an address unsubscribed between the share and the send gets nothing, and the credit is taken back', async () => {
    const post = await submitPromoted(app, owner);
    const { sharer, contact, shared } = await shareWithOneContact(post.id);
    const mailbox = shared.data.mailboxes?.[0];
    assert.ok(mailbox);
    // The same share run again (a late retry) after the person stopped all e-mail from another creator's link.
    const later = { ...shared.data, shareId: app.ctx.newId() };
    const { position } = await app.ctx.eventStore.append(
      mailboxStream(mailbox),
      [{ type: 'MailboxUnsubscribed', data: { mailbox, scope: 'all', sharerId: null, source: 'one_click', unsubscribedAt: new Date().toISOString() } }],
      { expectedRevision: 'any' },
    );
    await settle(app.ctx, position);
    const before = (await mailsTo(await contactEmail(contact))).length;
    assert.deepEqual(await runJob(later), { sent: 0, alreadySent: 0, notSent: 1, bounced: 0, tooOld: 0 });
    assert.equal((await mailsTo(await contactEmail(contact))).length, before);
    const withdrawn = (await app.ctx.eventStore.readStream(userStream(sharer.user.id))).filter((event) => event.type === 'ShareCreditWithdrawn');
    assert.deepEqual(withdrawn.map((event) => (event.data as { reason: string; credit: number }).reason), ['suppressed']);
  });

  test('the network-wide cap holds at send time even when the share was decided on an older count', async () => {
    const post = await submitPromoted(app, owner);
    const sharer = await app.register();
    const [contact] = await addContacts(app, sharer, 1);
    assert.ok(contact);
    const mailbox = (await contactEmail(contact)).toLowerCase();
    // Three e-mails from other creators recorded on the mailbox, which the share's read model does not know yet.
    const now = new Date().toISOString();
    const sent = (i: number): ShareEmailSent => ({
      type: 'ShareEmailSent',
      data: { mailbox, shareId: `other-${i}-${process.pid}`, sharerId: `other-${i}`, contentId: `c-${i}`, contentOwnerId: 'x', contactId: `k-${i}`, sentAt: now },
    });
    await app.ctx.eventStore.append(mailboxStream(mailbox), [sent(1), sent(2), sent(3)], { expectedRevision: 'any' });
    const answer = await share(sharer, post.id, [contact]);
    assert.equal(answer.counted, 1);
    assert.deepEqual(await lastShareResult(), { sent: 0, alreadySent: 0, notSent: 1, bounced: 0, tooOld: 0 });
    const content = await app.request('GET', `/content/${post.id}/`, { token: owner.token });
    assert.equal(content.body.share_count, 0, 'the credit was taken back');
    const notifications = await app.request('GET', '/notifications/', { token: sharer.token });
    assert.ok(notifications.body.some((n: { message: string }) => /was not sent to Contact 0: they had received today's Crossfeed e-mails/.test(n.message)));
  });

  test('a run after the read models were rebuilt sends nothing twice: the record lives in the event log', async () => {
    const post = await submitPromoted(app, owner);
    const { contact, shared } = await shareWithOneContact(post.id);
    // The worker-side read model gone, as after a rebuild from an empty file.
    await app.ctx.readStore.collection(SHARE_EMAILS).deleteMany({});
    assert.deepEqual(await runJob(shared.data), { sent: 0, alreadySent: 1, notSent: 0, bounced: 0, tooOld: 0 });
    assert.equal((await mailsTo(await contactEmail(contact))).length, 1);
  });

  test('a worker that died between the record and the send: its retry sends that e-mail once, a replay sends nothing', async () => {
    const post = await submitPromoted(app, owner, { title: 'In flight' });
    const { contact, shared } = await shareWithOneContact(post.id);
    const email = await contactEmail(contact);
    const again = { ...shared.data, shareId: app.ctx.newId() };
    // What the dead try left: the e-mail recorded on the mailbox, the job's progress at 0 handled, no e-mail.
    const recorded: ShareEmailSent = {
      type: 'ShareEmailSent',
      data: { mailbox: email.toLowerCase(), shareId: again.shareId, sharerId: again.sharerId, contentId: post.id, contentOwnerId: again.contentOwnerId, contactId: contact, sentAt: new Date().toISOString() },
    };
    await app.ctx.eventStore.append(mailboxStream(email.toLowerCase()), [recorded], { expectedRevision: 'any' });
    // A replay (a new job) finds the record and takes it as sent.
    assert.deepEqual(await runJob(again), { sent: 0, alreadySent: 1, notSent: 0, bounced: 0, tooOld: 0 });
    assert.equal((await mailsTo(email)).length, 1);

    // The retry of the dead try sends it, under the e-mail's own Message-ID.
    assert.deepEqual(await runJob(again, app.ctx.mailer, { percent: 0, handled: 0 }), { sent: 1, alreadySent: 0, notSent: 0, bounced: 0, tooOld: 0 });
    const mails = await mailsTo(email);
    assert.equal(mails.length, 2);
    const parsed = await simpleParser(await readFile(mails.find((mail) => mail.file.includes(again.shareId))?.file ?? mails[1]!.file));
    assert.match(parsed.messageId ?? '', new RegExp(`share-${again.shareId}-${contact}`));
    // Had the dead try handed it to the mailer already, the same Message-ID makes it one e-mail in the outbox.
    await runJob(again, app.ctx.mailer, { percent: 0, handled: 0 });
    assert.equal((await mailsTo(email)).length, 2);
    // A retry after that e-mail was handled sends nothing.
    assert.deepEqual(await runJob(again, app.ctx.mailer, { percent: 100, handled: 1 }), { sent: 0, alreadySent: 1, notSent: 0, bounced: 0, tooOld: 0 });
    assert.equal((await mailsTo(email)).length, 2);
  });

  test('a share older than a week is never e-mailed (a replay of the log after the dispatcher lost its place)', async () => {
    const post = await submitPromoted(app, owner);
    const { contact, shared } = await shareWithOneContact(post.id);
    const old = { ...shared.data, shareId: app.ctx.newId(), sharedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString() };
    assert.deepEqual(await runJob(old), { sent: 0, alreadySent: 0, notSent: 0, bounced: 0, tooOld: 1 });
    assert.equal((await mailsTo(await contactEmail(contact))).length, 1);
  });

  test('content removed before the send: nothing is e-mailed and the credit is taken back', async () => {
    const post = await submitPromoted(app, owner);
    const { shared } = await shareWithOneContact(post.id);
    assert.equal((await app.request('DELETE', `/content/${post.id}/`, { token: owner.token })).status, 200);
    const again = { ...shared.data, shareId: app.ctx.newId() };
    assert.deepEqual(await runJob(again), { sent: 0, alreadySent: 0, notSent: 1, bounced: 0, tooOld: 0 });
  });

  test('a permanent refusal at send (SMTP 5xx) is a hard bounce: the address is suppressed and the credit taken back', async () => {
    const post = await submitPromoted(app, owner, { title: 'Refused' });
    // Decided without sending (the job runs here by hand against a relay that refuses the address).
    const { sharer, shared } = await shareWithOneContact(post.id);
    const refusing: Mailer = { send: async () => Promise.reject(new PermanentDeliveryError('550 5.1.1 No such user', 550)), close: async () => undefined };
    const again = { ...shared.data, shareId: app.ctx.newId() };
    assert.deepEqual(await runJob(again, refusing), { sent: 0, alreadySent: 0, notSent: 0, bounced: 1, tooOld: 0 });
    await app.settleJobs();
    const contacts = await app.request('GET', '/contacts/', { token: sharer.token });
    assert.equal(contacts.body[0].status, 'bounced');
  });
});
