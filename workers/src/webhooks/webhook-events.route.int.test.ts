import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { WEBHOOK_PAYLOAD_SCHEMAS } from '@crossfeed/domain/webhooks/webhook-payloads.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { fakeJob, startHarness, type Harness } from '../testing/scheduled-jobs-harness.ts';
import { waitlistRankProcessor } from '../waitlist-rank/waitlist-rank.processor.ts';
import { WEBHOOK_FANOUT_QUEUE, type WebhookFanoutJob } from './webhook-fanout-job.ts';
import { webhookEventsProcessor, type WebhookEventsJob } from './webhook-events.route.ts';

const AT = '2026-11-29T03:00:00.000Z';
let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

/** A queue that keeps what is added to it (the fan-out jobs), each checked against its payload schema. */
function recordingQueue() {
  const added: (WebhookFanoutJob & { jobId: string })[] = [];
  let bulks = 0;
  return {
    added,
    bulks: () => bulks,
    addBulk: async <Data>(queue: string, jobs: readonly { name: string; data: Data; options?: { jobId?: string } }[]): Promise<string[]> => {
      assert.equal(queue, WEBHOOK_FANOUT_QUEUE);
      bulks += 1;
      for (const job of jobs) {
        const fanout = job.data as WebhookFanoutJob;
        assert.ok(WEBHOOK_PAYLOAD_SCHEMAS[fanout.event.type].strict().safeParse(fanout.event.data).success, fanout.event.type);
        assert.equal(job.options?.jobId, `webhook-fanout-${fanout.event.id}`);
        // The queue's job-id dedupe: an id added before is a no-op.
        if (!added.some((seen) => seen.jobId === job.options?.jobId)) added.push({ ...fanout, jobId: job.options?.jobId ?? '' });
      }
      return jobs.map((job) => job.options?.jobId ?? '');
    },
  };
}

const submitted = (contentId: string, userId: string) => ({
  contentId,
  userId,
  username: userId,
  requiredShares: 5,
  submittedAt: AT,
  queued: true,
  title: `Post of ${userId}`,
  description: 'A post.',
  url: `https://example.com/${contentId}`,
  contentType: 'article',
  categories: ['tech'],
});

test('content.released carries the released content’s url from the contents read model, to its owner', async () => {
  await h.record('user-ana', 'ContentSubmitted', submitted('content-ana-1', 'ana'));
  await h.settle();
  const queue = recordingQueue();
  const job: WebhookEventsJob = {
    type: 'ContentReleased',
    eventId: 'event-release-1',
    data: { contentId: 'content-ana-1', userId: 'ana', contentTitle: 'Post of ana', reason: 'starting_credit', releasedAt: AT },
  };
  assert.deepEqual(await webhookEventsProcessor({ readStore: h.readStore, jobQueue: queue })(fakeJob(job)), { events: 1 });
  const [fanout] = queue.added;
  assert.deepEqual(fanout?.audience, { userId: 'ana' });
  assert.equal(fanout?.event.type, 'content.released');
  assert.equal(fanout?.event.created_at, AT);
  assert.deepEqual(fanout?.event.data, {
    content_id: 'content-ana-1',
    title: 'Post of ana',
    url: 'https://example.com/content-ana-1',
    reason: 'first_item',
    matched_content_id: null,
    released_at: AT,
  });
  // A retry adds the same job (a no-op for the queue).
  await webhookEventsProcessor({ readStore: h.readStore, jobQueue: queue })(fakeJob(job));
  assert.equal(queue.added.length, 1);

  // Content that is not there (never was, or another owner's) tells no one.
  const stray = recordingQueue();
  await webhookEventsProcessor({ readStore: h.readStore, jobQueue: stray })(fakeJob({ ...job, data: { ...job.data, userId: 'ben' } }));
  assert.deepEqual(stray.added, []);
  assert.equal(stray.bulks(), 0);
});

test('contact.unsubscribed tells each creator whose contact the person is, with their own contact’s id and address', async () => {
  const contact = (userId: string, contactId: string, email: string) =>
    h.record(`contacts-${userId}`, 'ContactAdded', { contactId, userId, name: 'Reader', email, source: 'single', addedAt: AT });
  await contact('ana', 'contact-ana-reader', 'reader@example.com');
  await contact('ben', 'contact-ben-reader', 'Reader+news@example.com');
  await contact('cy', 'contact-cy-other', 'other@example.com');
  await h.settle();

  const everyone = recordingQueue();
  const all: WebhookEventsJob = { type: 'MailboxUnsubscribed', eventId: 'event-unsub-all', data: { mailbox: 'reader@example.com', scope: 'all', sharerId: null, source: 'one_click', unsubscribedAt: AT } };
  assert.deepEqual(await webhookEventsProcessor({ readStore: h.readStore, jobQueue: everyone })(fakeJob(all)), { events: 2 });
  const byUser = new Map(everyone.added.map((fanout) => ['userId' in fanout.audience ? fanout.audience.userId : 'founders', fanout.event]));
  assert.deepEqual([...byUser.keys()].sort(), ['ana', 'ben']);
  assert.deepEqual(byUser.get('ana')?.data, { contact_id: 'contact-ana-reader', email: 'reader@example.com', scope: 'all', unsubscribed_at: AT });
  assert.deepEqual(byUser.get('ben')?.data, { contact_id: 'contact-ben-reader', email: 'Reader+news@example.com', scope: 'all', unsubscribed_at: AT });
  assert.equal(byUser.get('ana')?.type, 'contact.unsubscribed');
  assert.notEqual(byUser.get('ana')?.id, byUser.get('ben')?.id);

  const fromBen = recordingQueue();
  const sharer: WebhookEventsJob = { type: 'MailboxUnsubscribed', eventId: 'event-unsub-ben', data: { mailbox: 'reader@example.com', scope: 'sharer', sharerId: 'ben', source: 'link', unsubscribedAt: AT } };
  await webhookEventsProcessor({ readStore: h.readStore, jobQueue: fromBen })(fakeJob(sharer));
  assert.deepEqual(
    fromBen.added.map((fanout) => [fanout.audience, fanout.event.data]),
    [[{ userId: 'ben' }, { contact_id: 'contact-ben-reader', email: 'Reader+news@example.com', scope: 'creator', unsubscribed_at: AT }]],
  );
});

test('a job without a fact is refused for good', async () => {
  const queue = recordingQueue();
  await assert.rejects(webhookEventsProcessor({ readStore: h.readStore, jobQueue: queue })(fakeJob({ type: 'Nope' })), /without a fact/);
});

test('waitlist ranks: a move tells the founders (rank_changed) and the account of the entry (position_changed), once per computation', async () => {
  const join = (key: string, code: string) => h.record(`waitlist-${key}`, 'WaitlistJoined', { emailKey: key, email: key, referralCode: code, referredBy: null, joinedAt: AT });
  for (const [index, key] of ['w1@example.com', 'w2@example.com', 'w3@example.com'].entries()) await join(key, `WCODE${index}`);
  // w3's holder has an account with that address, confirmed; w2's has one not confirmed (not proven theirs).
  await h.record('user-w3', 'UserRegistered', { userId: 'user-w3', username: 'wthree', email: 'w3@example.com', passwordHash: 'x', isAdmin: false, registeredAt: AT });
  await h.record('user-w3', 'UserEmailConfirmed', { userId: 'user-w3', email: 'w3@example.com', confirmedAt: AT });
  await h.record('user-w2', 'UserRegistered', { userId: 'user-w2', username: 'wtwo', email: 'w2@example.com', passwordHash: 'x', isAdmin: false, registeredAt: AT });
  await h.settle();

  // The first computation ranks everyone for the first time: nothing moved, nothing is told.
  const first = recordingQueue();
  await waitlistRankProcessor({ readStore: h.readStore, jobQueue: first }, () => new Date(AT))(fakeJob({}, 'rank-1'));
  assert.equal(first.bulks(), 0);

  // w3 brings a referral: w3 passes w2 (3rd → 2nd), w2 falls to 3rd; w1 stays first and is not told.
  await h.record('waitlist-w3@example.com', 'WaitlistReferralCredited', { emailKey: 'w3@example.com', referredEmailKey: 'w9@example.com', creditedAt: AT });
  await h.settle();
  const later = '2026-11-29T04:00:00.000Z';
  // A first try that stops before writing the ranks (a crash), then the retry of the same job.
  const crashing: ReadStore = { ...h.readStore, collection: (name) => h.readStore.collection(name), applyBatch: async () => Promise.reject(new Error('crash')) };
  const queue = recordingQueue();
  await assert.rejects(waitlistRankProcessor({ readStore: crashing, jobQueue: queue }, () => new Date(later))(fakeJob({}, 'rank-2')), /crash/);
  const afterCrash = queue.added.map((fanout) => fanout.jobId);
  assert.equal(afterCrash.length, 3, 'told before the ranks are written');
  await waitlistRankProcessor({ readStore: h.readStore, jobQueue: queue }, () => new Date(later))(fakeJob({}, 'rank-2'));
  assert.deepEqual(queue.added.map((fanout) => fanout.jobId), afterCrash, 'the retry adds the same jobs, nothing more');
  assert.equal(queue.bulks(), 2, 'one bulk add per run');

  const founders = queue.added.filter((fanout) => 'founders' in fanout.audience);
  assert.ok(founders.every((fanout) => fanout.event.type === 'waitlist.rank_changed'));
  assert.deepEqual(
    founders.map((fanout) => fanout.event.data).sort((a, b) => String(a.email).localeCompare(String(b.email))),
    [
      { email: 'w2@example.com', rank: 3, previous_rank: 2, position: 2, referrals: 0, tier: 'lifetime', changed_at: later },
      { email: 'w3@example.com', rank: 2, previous_rank: 3, position: 3, referrals: 1, tier: 'lifetime', changed_at: later },
    ],
  );
  const own = queue.added.filter((fanout) => !('founders' in fanout.audience));
  assert.deepEqual(
    own.map((fanout) => [fanout.audience, fanout.event.type, fanout.event.data]),
    [[{ userId: 'user-w3' }, 'waitlist.position_changed', { rank: 2, previous_rank: 3, position: 3, referrals: 1, tier: 'lifetime', changed_at: later }]],
  );
  assert.equal(own[0]?.event.created_at, later);

  // Ranked again with nothing new: nothing moved, nothing told.
  const idle = recordingQueue();
  await waitlistRankProcessor({ readStore: h.readStore, jobQueue: idle }, () => new Date(later))(fakeJob({}, 'rank-3'));
  assert.equal(idle.bulks(), 0);
});
