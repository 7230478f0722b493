/**
 * Share e-mails and moderation: the visibility rule is read again before every batch of e-mails, so content an
 * admin puts under review while its e-mails go out stops the rest (the processor driven by hand, no workers).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addContacts, submitPromoted } from '@crossfeed/backend/features/content/content.fixtures.ts';
import { startTestApp, type Session, type TestApp } from '@crossfeed/backend/testing/test-app.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import type { ContentShared } from '@crossfeed/domain/users/user.events.ts';
import type { Job } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import type { Mailer, MailMessage } from '@crossfeed/platform/mail/mailer.port.ts';
import { SHARE_EMAIL_QUEUE, shareEmailProcessor, type ShareEmailResult } from './share-email.processor.ts';

let app: TestApp;
let admin: Session;
let owner: Session;
before(async () => {
  // A new account's daily e-mail budget is small by default; these tests need one share of 40.
  app = await startTestApp({ PUBLIC_URL: 'https://crossfeed.example', DAILY_EMAIL_BUDGET_UNCONFIRMED: '100', DAILY_EMAIL_BUDGET_NEW: '100' });
  admin = await app.registerAdmin();
  owner = await app.register();
  await app.grantPremium(owner.user.id);
});
after(() => app.close());

/** A reporter flags the content and the admin sets its moderation status (PUT /flags/{id}/content-status). */
async function setModeration(contentId: string, status: string): Promise<void> {
  const reporter = await app.register();
  const flag = await app.request('POST', '/flags/', { token: reporter.token, json: { content_id: contentId, reason: 'Spam link' } });
  assert.equal(flag.status, 201, flag.text);
  const changed = await app.request('PUT', `/flags/${flag.body.id}/content-status`, { token: admin.token, json: { new_status: status } });
  assert.equal(changed.status, 200, changed.text);
}

/** A new sharer shares the post with `count` new contacts: the share as the log has it. */
async function shareWith(contentId: string, count: number): Promise<{ sharer: Session; shared: ContentShared }> {
  const sharer = await app.register();
  const contacts = await addContacts(app, sharer, count);
  const response = await app.request('POST', `/content/${contentId}/share/`, { token: sharer.token, json: { contact_ids: contacts } });
  assert.equal(response.status, 200, response.text);
  const events = await app.ctx.eventStore.readStream(userStream(sharer.user.id));
  const shared = events.filter((event) => event.type === 'ContentShared').at(-1) as unknown as ContentShared | undefined;
  assert.ok(shared);
  assert.equal(shared.data.contactIds.length, count);
  return { sharer, shared };
}

/** A mailer that records what it sends, and runs `onSend(n)` (awaited) as it takes the n-th e-mail. */
function recordingMailer(onSend: (n: number) => Promise<void>): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      await onSend(sent.length);
      return { messageId: `recorded-${sent.length}` };
    },
    close: async () => undefined,
  };
}

function runJob(data: ContentShared['data'], mailer: Mailer): Promise<ShareEmailResult> {
  const job: Job<unknown> = { id: `manual-${data.shareId}`, queue: SHARE_EMAIL_QUEUE, name: 'send-share-emails', data, attemptsMade: 0, progress: 0, updateProgress: async () => undefined };
  return shareEmailProcessor({ config: app.ctx.config, eventStore: app.ctx.eventStore, readStore: app.ctx.readStore, mailer, logger: createLogger({ level: 'silent' }) })(job);
}

async function withdrawals(sharer: Session): Promise<string[]> {
  const events = await app.ctx.eventStore.readStream(userStream(sharer.user.id));
  return events.filter((event) => event.type === 'ShareCreditWithdrawn').map((event) => (event.data as { reason: string }).reason);
}

describe('share e-mails stop when the content is moderated while they go out', () => {
  test('a share of 40 contacts put under review after the first e-mails: the rest are not sent, their credit taken back', async () => {
    const post = await submitPromoted(app, owner, { title: 'Moderated mid-send' });
    const { sharer, shared } = await shareWith(post.id, 40);
    // The admin's 200 arrives while the 4th e-mail is being handed to the mailer (the end of the first batch).
    const mailer = recordingMailer(async (n) => {
      if (n === 4) await setModeration(post.id, 'under_review');
    });
    const result = await runJob(shared.data, mailer);
    assert.deepEqual(result, { sent: 4, alreadySent: 0, notSent: 36, bounced: 0, tooOld: 0 });
    assert.equal(mailer.sent.length, 4);
    const reasons = await withdrawals(sharer);
    assert.equal(reasons.length, 36);
    assert.ok(reasons.every((reason) => reason === 'content_unavailable'), reasons.join());
  });

  test('content deleted by its owner mid-send stops the rest the same way', async () => {
    const post = await submitPromoted(app, owner, { title: 'Deleted mid-send' });
    const { sharer, shared } = await shareWith(post.id, 10);
    const mailer = recordingMailer(async (n) => {
      if (n === 4) assert.equal((await app.request('DELETE', `/content/${post.id}/`, { token: owner.token })).status, 200);
    });
    assert.deepEqual(await runJob(shared.data, mailer), { sent: 4, alreadySent: 0, notSent: 6, bounced: 0, tooOld: 0 });
    assert.deepEqual(await withdrawals(sharer), Array.from({ length: 6 }, () => 'content_unavailable'));
  });

  test('content that stays visible: every e-mail goes (one read per batch, not a stop)', async () => {
    const post = await submitPromoted(app, owner, { title: 'Stays visible' });
    const { sharer, shared } = await shareWith(post.id, 9);
    const mailer = recordingMailer(async () => undefined);
    assert.deepEqual(await runJob(shared.data, mailer), { sent: 9, alreadySent: 0, notSent: 0, bounced: 0, tooOld: 0 });
    assert.deepEqual(await withdrawals(sharer), []);
  });
});
