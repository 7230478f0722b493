import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { schedulesStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import type { ContentPaused, MatchCompleted, PremiumEnded } from '@crossfeed/domain/users/user.events.ts';
import type { Job } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { userRoom } from '@crossfeed/platform/realtime/realtime.port.ts';
import { NOTIFICATIONS, type NotificationDoc } from '@crossfeed/projections/notifications/notifications.projection.ts';
import { SHARES } from '@crossfeed/projections/shares/shares.projection.ts';
import {
  SCHEDULED_ACTION_QUEUE,
  scheduledActionJobId,
  scheduledActionProcessor,
  type ScheduledActionJob,
} from '@crossfeed/workers/schedules/scheduled-action.processor.ts';
import { settle } from '../../api/execute.ts';
import { seedEvents } from '../../testing/paged-list-checks.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { addContacts, submitContent, submitPromoted } from '../content/content.fixtures.ts';

/**
 * The scheduled-action job, run directly (no waiting for its delay): it runs the action through the same
 * creator-content rules as the HTTP routes, records the outcome, and the owner is notified.
 */
let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const inHours = (hours: number): string => new Date(Date.now() + hours * 3600 * 1000).toISOString();

/** Polls (bounded) until `probe` yields something. */
async function waitFor<T>(probe: () => Promise<T | null | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const processor = () => scheduledActionProcessor({ eventStore: app.ctx.eventStore, readStore: app.ctx.readStore, config: app.ctx.config, logger: app.ctx.logger });

/** Runs the job of the schedule as the queue would when it is due, then waits for the read models. */
async function runJob(schedule: { id: string; kind: 'share' | 'release'; content_id: string; contact_ids: string[]; run_at: string }, userId: string) {
  const data: ScheduledActionJob = { scheduleId: schedule.id, userId, kind: schedule.kind, contentId: schedule.content_id, contactIds: schedule.contact_ids, runAt: schedule.run_at };
  const job: Job<unknown> = { id: `schedule-${schedule.id}`, queue: 'scheduled-action', name: 'run', data, attemptsMade: 0, progress: 0, updateProgress: async () => undefined };
  const result = await processor()(job);
  const head = (await app.ctx.eventStore.head()).position;
  await settle(app.ctx, head);
  return result;
}

async function premium(contacts = 0): Promise<{ session: Session; contacts: string[] }> {
  const session = await app.register();
  await app.grantPremium(session.user.id);
  return { session, contacts: await addContacts(app, session, contacts) };
}

async function schedule(session: Session, json: Record<string, unknown>) {
  const response = await app.request('POST', '/schedules', { token: session.token, json: { run_at: inHours(1), ...json } });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

const statusOf = async (session: Session, id: string) =>
  ((await app.request('GET', '/schedules', { token: session.token })).body as { id: string; status: string; reason: string | null; reached: number }[]).find((s) => s.id === id);

const notificationsOf = (userId: string) => app.ctx.readStore.collection<NotificationDoc>(NOTIFICATIONS).find({ user_id: userId, kind: 'schedule_ran' });

describe('the scheduled-action job', () => {
  test('runs a share when due: the share is delivered, the schedule is done and the owner notified (and pushed)', async () => {
    const ada = await premium(2);
    const owner = await app.register();
    const content = await submitPromoted(app, owner, { title: 'Later post' });
    const scheduled = await schedule(ada.session, { kind: 'share', content_id: content.id, contact_ids: ada.contacts });

    const result = await runJob(scheduled, ada.session.user.id);
    assert.deepEqual(result, { ran: true, outcome: 'ok', reason: null, reached: 2 });
    const share = await app.ctx.readStore.collection(SHARES).findOne({ _id: scheduled.id });
    assert.deepEqual(share?.contact_ids, ada.contacts);
    assert.equal((await app.request('GET', `/content/${content.id}`, { token: owner.token })).body.share_count, 2, 'two people reached');
    const done = await statusOf(ada.session, scheduled.id);
    assert.equal(done?.status, 'done');
    assert.equal(done?.reached, 2);

    const [notification, ...more] = await notificationsOf(ada.session.user.id);
    assert.equal(more.length, 0);
    assert.equal(notification?.message, 'Your scheduled share of "Later post" ran: it reached 2 contacts.');
    const listed = await app.request('GET', '/notifications', { token: ada.session.token });
    assert.ok(listed.body.some((n: { message: string }) => n.message === notification?.message));
    assert.ok(app.pushes.some((p) => p.room === userRoom(ada.session.user.id) && p.event === 'notification' && (p.payload as { message: string }).message === notification?.message));

    // A retried job finds it run: nothing twice.
    assert.deepEqual(await runJob(scheduled, ada.session.user.id), { ran: false, reason: 'This schedule has already run.' });
    assert.equal((await notificationsOf(ada.session.user.id)).length, 1);
  });

  test('checks the share rules at run time: contacts reached since are a failed outcome, told with the reason', async () => {
    const ada = await premium(1);
    const owner = await app.register();
    const content = await submitPromoted(app, owner, { title: 'Shared already' });
    const scheduled = await schedule(ada.session, { kind: 'share', content_id: content.id, contact_ids: ada.contacts });
    // Shared by hand in the meantime: the scheduled share would reach no one new.
    assert.equal((await app.request('POST', `/content/${content.id}/share`, { token: ada.session.token, json: ada.contacts })).status, 200);

    const result = await runJob(scheduled, ada.session.user.id);
    assert.equal(result.ran, true);
    assert.equal(result.ran && result.outcome, 'failed');
    const failed = await statusOf(ada.session, scheduled.id);
    assert.equal(failed?.status, 'failed');
    assert.match(failed?.reason ?? '', /would reach no one new: Contact 0 \(already received this content\)/);
    const [notification] = await notificationsOf(ada.session.user.id);
    assert.match(notification?.message ?? '', /^Your scheduled share of "Shared already" did not run: This share would reach no one new/);
    assert.equal((await app.request('GET', `/content/${content.id}`, { token: owner.token })).body.share_count, 1, 'no second share');
  });

  test('a share of content paused since fails with the reason', async () => {
    const ada = await premium(1);
    const owner = await app.register();
    const content = await submitPromoted(app, owner, { title: 'Paused later' });
    const paused = await schedule(ada.session, { kind: 'share', content_id: content.id, contact_ids: ada.contacts });
    assert.equal((await app.request('POST', `/content/${content.id}/pause`, { token: owner.token })).status, 200);
    const result = await runJob(paused, ada.session.user.id);
    assert.deepEqual(result, { ran: true, outcome: 'failed', reason: 'The content is no longer available.', reached: 0 });
  });

  test('a creator whose Premium ended meets the Free daily share limit at run time', async () => {
    const ada = await premium(4);
    const [first, ...others] = ada.contacts;
    const owner = await app.register();
    await app.grantPremium(owner.user.id); // four submissions this week
    const later = await submitPromoted(app, owner, { title: 'Fourth today' });
    const scheduled = await schedule(ada.session, { kind: 'share', content_id: later.id, contact_ids: [first] });
    const ended: PremiumEnded = { type: 'PremiumEnded', data: { userId: ada.session.user.id, reason: 'cancelled', reference: null, endedAt: new Date().toISOString() } };
    await seedEvents(app, userStream(ada.session.user.id), [ended]);
    for (const [i, contactId] of others.entries()) {
      const other = await submitPromoted(app, owner, { title: `Other ${i}` });
      assert.equal((await app.request('POST', `/content/${other.id}/share`, { token: ada.session.token, json: [contactId] })).status, 200);
    }
    const result = await runJob(scheduled, ada.session.user.id);
    assert.deepEqual(result, { ran: true, outcome: 'failed', reason: 'Daily share limit reached. Upgrade to premium for unlimited sharing.', reached: 0 });
  });

  test('a cancelled schedule does nothing when its job fires', async () => {
    const ada = await premium(1);
    const owner = await app.register();
    const content = await submitPromoted(app, owner);
    const scheduled = await schedule(ada.session, { kind: 'share', content_id: content.id, contact_ids: ada.contacts });
    assert.equal((await app.request('DELETE', `/schedules/${scheduled.id}`, { token: ada.session.token })).status, 200);
    const before = (await app.ctx.eventStore.readStream(userStream(ada.session.user.id))).length;

    assert.deepEqual(await runJob(scheduled, ada.session.user.id), { ran: false, reason: 'This schedule was cancelled.' });
    assert.equal((await app.ctx.eventStore.readStream(userStream(ada.session.user.id))).length, before, 'nothing shared');
    assert.equal(await app.ctx.readStore.collection(SHARES).findOne({ _id: scheduled.id }), null);
    assert.equal((await statusOf(ada.session, scheduled.id))?.status, 'cancelled');
    assert.deepEqual(await notificationsOf(ada.session.user.id), []);
    const types = (await app.ctx.eventStore.readStream(schedulesStream(ada.session.user.id))).map((event) => event.type);
    assert.deepEqual(types, ['ShareScheduled', 'ScheduleCancelled']);
  });

  test('scheduling enqueues a delayed job with the schedule id; cancelling removes it', async () => {
    const withWorkers = await startTestApp({}, { workers: true });
    try {
      const session = await withWorkers.register();
      await withWorkers.grantPremium(session.user.id);
      await submitContent(withWorkers, session);
      const queued = await submitContent(withWorkers, session, { title: 'Later' });
      const created = await withWorkers.request('POST', '/schedules', { token: session.token, json: { kind: 'release', content_id: queued.id, run_at: inHours(1) } });
      assert.equal(created.status, 201, created.text);
      const jobId = scheduledActionJobId(created.body.id);
      const job = await waitFor(() => withWorkers.jobQueue.getJob(SCHEDULED_ACTION_QUEUE, jobId), 'the dispatcher to enqueue the job');
      assert.equal(job.state, 'delayed');
      assert.equal((job.data as ScheduledActionJob).runAt, created.body.run_at);
      assert.equal((await withWorkers.request('DELETE', `/schedules/${created.body.id}`, { token: session.token })).status, 200);
      assert.equal(await withWorkers.jobQueue.getJob(SCHEDULED_ACTION_QUEUE, jobId), null);
    } finally {
      await withWorkers.close();
    }
  });

  test('a release runs only with a banked credit: without one the held item goes back to the queue, with one it goes live', async () => {
    const ada = await premium();
    await submitContent(app, ada.session);
    const held = await submitContent(app, ada.session, { title: 'Held back' });
    const noCredit = await schedule(ada.session, { kind: 'release', content_id: held.id });
    assert.equal((await app.request('GET', `/content/${held.id}`, { token: ada.session.token })).body.owner_status, 'inactive');
    assert.deepEqual(await runJob(noCredit, ada.session.user.id), {
      ran: true,
      outcome: 'failed',
      reason: 'No release credit yet: the item is back in your queue and is released when you complete a match.',
      reached: 0,
    });
    assert.equal((await app.request('GET', `/content/${held.id}`, { token: ada.session.token })).body.owner_status, 'pending');

    // Ada holds the item (paused) and a completed match banks its credit.
    const pause: ContentPaused = { type: 'ContentPaused', data: { contentId: held.id, userId: ada.session.user.id, pausedAt: new Date().toISOString() } };
    const credit: MatchCompleted = {
      type: 'MatchCompleted',
      data: { sharerId: ada.session.user.id, contentId: 'm1', contentOwnerId: 'someone', contentTitle: 'Theirs', requiredShares: 5, releasedContentId: null, completedAt: new Date().toISOString() },
    };
    await seedEvents(app, userStream(ada.session.user.id), [pause, credit]);
    const withCredit = await schedule(ada.session, { kind: 'release', content_id: held.id });
    assert.deepEqual(await runJob(withCredit, ada.session.user.id), { ran: true, outcome: 'ok', reason: null, reached: 0 });
    const item = (await app.request('GET', `/content/${held.id}`, { token: ada.session.token })).body;
    assert.equal(item.owner_status, 'active');
    const messages = (await notificationsOf(ada.session.user.id)).map((n) => n.message).sort();
    assert.deepEqual(messages, [
      'Your scheduled release of "Held back" did not run: No release credit yet: the item is back in your queue and is released when you complete a match.',
      'Your scheduled release of "Held back" ran: it is now live in the exchange.',
    ]);
  });
});
