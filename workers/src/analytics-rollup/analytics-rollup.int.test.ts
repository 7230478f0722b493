import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createLocalJobQueue } from '@crossfeed/platform/jobs/local-job-queue.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import {
  ANALYTICS_ACTIVE,
  ANALYTICS_DAILY,
  ANALYTICS_PREMIUM,
  type AnalyticsActiveDoc,
  type AnalyticsDayDoc,
  type AnalyticsPremiumDoc,
} from '@crossfeed/projections/analytics/analytics.projection.ts';
import { buildSeries, metricsOf } from '@crossfeed/projections/analytics/analytics-series.ts';
import type { WorkerDeps } from '../registry.ts';
import { fakeJob, startHarness, type Harness } from '../testing/scheduled-jobs-harness.ts';
import { ANALYTICS_ROLLUPS, type AnalyticsRollupDoc } from './analytics-rollups.model.ts';
import { ANALYTICS_ROLLUP_QUEUE, analyticsRollupProcessor, computeRollups, startAnalyticsRollup, type RollupProgress } from './analytics-rollup.processor.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
  await seed();
});
after(() => h.close());

const TODAY = '2026-04-15';
const at = (iso: string) => () => new Date(iso);

/** Facts over February-April 2026, as the deciders record them (the projection only reads their data). */
async function seed(): Promise<void> {
  const user = (id: string, registeredAt: string) =>
    h.record(`user-${id}`, 'UserRegistered', { userId: id, username: id, email: `${id}@x.test`, passwordHash: 'h', isAdmin: false, registeredAt });
  await user('a1', '2026-02-20T10:00:00.000Z');
  await user('a2', '2026-03-03T09:00:00.000Z');
  await user('a3', '2026-03-31T23:59:59.000Z'); // the last second of March, a Tuesday
  await user('a4', '2026-04-14T08:00:00.000Z'); // yesterday: its week and month are not over
  const submitted = (contentId: string, submittedAt: string) => ({
    contentId, userId: 'a1', username: 'a1', requiredShares: 5, submittedAt,
    title: contentId, description: '', url: `https://example.com/${contentId}`, contentType: 'article', categories: ['science'],
  });
  await h.record('user-a1', 'ContentSubmitted', submitted('c1', '2026-02-27T11:00:00.000Z'));
  await h.record('user-a1', 'ContentSubmitted', submitted('c2', '2026-03-02T11:00:00.000Z'));
  for (const [shareId, sharerId, sharedAt] of [
    ['s1', 'a2', '2026-03-03T09:30:00.000Z'],
    ['s2', 'a2', '2026-03-04T09:40:00.000Z'],
    ['s3', 'a1', '2026-03-08T23:00:00.000Z'],
    ['s4', 'a3', '2026-04-01T00:00:00.000Z'],
    ['s5', 'a2', '2026-04-07T12:00:00.000Z'],
  ] as const) {
    await h.record(`user-${sharerId}`, 'ContentShared', { shareId, contentId: 'c1', contentOwnerId: 'a1', contentTitle: 'c1', sharerId, sharerUsername: sharerId, contactIds: [], sharedAt });
  }
  await h.record('content-c1', 'LinkClicked', { contentId: 'c1', ownerId: 'a1', shortCode: 'x', contactId: null, human: true, botReason: null, clickedAt: '2026-03-03T12:00:00.000Z' });
  await h.record('content-c1', 'LinkClicked', { contentId: 'c1', ownerId: 'a1', shortCode: 'x', contactId: null, human: false, botReason: 'ua', clickedAt: '2026-03-30T12:01:00.000Z' });
  await h.record('content-c1', 'ConversionRecorded', { conversionId: 'v1', contentId: 'c1', ownerId: 'a1', contactId: null, shortCode: 'x', kind: 'signup', value: 1, recordedBy: 'a1', recordedAt: '2026-03-03T13:00:00.000Z' });
  await h.record('user-a1', 'PremiumStarted', { userId: 'a1', source: 'checkout', reference: 'cs_1', startedAt: '2026-02-25T14:00:00.000Z', endsAt: null });
  await h.record('user-a2', 'PremiumStarted', { userId: 'a2', source: 'checkout', reference: 'cs_2', startedAt: '2026-03-10T14:00:00.000Z', endsAt: null });
  await h.record('user-a3', 'PremiumStarted', { userId: 'a3', source: 'promo', reference: 'P1', startedAt: '2026-04-01T15:00:00.000Z', endsAt: null });
  await h.record('user-a1', 'PremiumEnded', { userId: 'a1', reason: 'cancelled', reference: 'cs_1', endedAt: '2026-03-20T10:00:00.000Z' });
  await h.record('waitlist-w1', 'WaitlistJoined', { emailKey: 'w1@x.test', email: 'w1@x.test', referralCode: 'W1', referredBy: null, joinedAt: '2026-03-15T23:59:59.000Z' });
  await h.record('waitlist-w1', 'WaitlistReferralCredited', { emailKey: 'w1@x.test', referredEmailKey: 'w2@x.test', creditedAt: '2026-04-06T00:00:00.000Z' });
  await h.settle();
}

const rollups = () => h.readStore.collection<AnalyticsRollupDoc>(ANALYTICS_ROLLUPS).find({}, { sort: { _id: 1 } });

/** The live computation of one whole period, straight from the `analytics` read model. */
async function live(bucket: 'week' | 'month', from: string, to: string) {
  const [days, active, premium] = await Promise.all([
    h.readStore.collection<AnalyticsDayDoc>(ANALYTICS_DAILY).find({}),
    h.readStore.collection<AnalyticsActiveDoc>(ANALYTICS_ACTIVE).find({}),
    h.readStore.collection<AnalyticsPremiumDoc>(ANALYTICS_PREMIUM).find({}),
  ]);
  const [point] = buildSeries({ bucket, from, to }, days, active, premium).series;
  assert.ok(point);
  return point;
}

test('materializes every fully past week and month since the first day, equal to the live computation', async () => {
  const job = fakeJob({});
  const result = await analyticsRollupProcessor(h, at(`${TODAY}T01:00:00.000Z`))(job);

  const docs = await rollups();
  const ids = docs.map((doc) => doc._id);
  // Weeks from the Monday of 2026-02-20 (the 16th) to the last one over before Wednesday the 15th of April.
  const weeks = ['2026-02-16', '2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30', '2026-04-06'];
  assert.deepEqual(ids, [...weeks.map((monday) => `week:${monday}`).sort(), 'month:2026-02', 'month:2026-03'].sort());
  assert.deepEqual(result, { periods: 10, written: 10, removed: 0 });
  assert.ok(!ids.includes('week:2026-04-13') && !ids.includes('month:2026-04'), 'the current week and month stay live');

  for (const doc of docs) {
    const { _id, bucket, period, last, computed_at, ...metrics } = doc;
    assert.equal(computed_at, `${TODAY}T01:00:00.000Z`);
    assert.deepEqual(metrics, metricsOf(await live(bucket, period, last)), _id);
  }
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  const march = byId.get('month:2026-03');
  assert.equal(march?.last, '2026-03-31');
  assert.equal(march?.signups, 2, 'a2 and a3 (23:59:59 on the 31st)');
  assert.equal(march?.shares, 3);
  assert.equal(march?.active_creators, 2, 'a1 and a2, each once');
  assert.equal(march?.mrr_estimate_usd, 12, 'a2 pays at the end of March, a1 cancelled');
  assert.equal(byId.get('month:2026-02')?.mrr_estimate_usd, 12);
  const week = byId.get('week:2026-03-02');
  assert.equal(week?.last, '2026-03-08');
  assert.deepEqual([week?.signups, week?.submissions, week?.shares, week?.human_clicks, week?.conversions], [1, 1, 3, 1, 1]);
  assert.equal(byId.get('week:2026-03-09')?.waitlist_joins, 1, 'Sunday 23:59:59 belongs to the week before Monday the 16th');
  assert.equal(byId.get('week:2026-04-06')?.referrals, 1);
});

test('reports progress after each period, up to 100%', async () => {
  const job = fakeJob({});
  await analyticsRollupProcessor(h, at(`${TODAY}T02:30:00.000Z`))(job);
  const progress = job.reports as RollupProgress[];
  assert.equal(progress.length, 10);
  assert.deepEqual(progress.map((entry) => entry.done), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.ok(progress.every((entry, index) => entry.total === 10 && entry.percent >= (progress[index - 1]?.percent ?? 0)));
  assert.equal(progress.at(-1)?.percent, 100);
});

test('running it again (later, or retried) changes nothing; a changed total is rewritten, a stale one removed', async () => {
  const before = await rollups();
  const again = await computeRollups(h.readStore, TODAY, `${TODAY}T09:00:00.000Z`);
  assert.deepEqual(again, { periods: 10, written: 0, removed: 0 });
  assert.deepEqual(await rollups(), before, 'same documents, computed_at included');

  // A roll-up that disagrees with the daily counters (e.g. written before a replay) is corrected...
  const collection = h.readStore.collection<AnalyticsRollupDoc>(ANALYTICS_ROLLUPS);
  await collection.upsert({ _id: 'week:2026-03-02' }, { $set: { shares: 99 } });
  // ...and one of a period before the first day with data is dropped.
  const { _id: _ignored, ...template } = before.find((doc) => doc._id === 'week:2026-02-16')!;
  await collection.upsert({ _id: 'week:2026-01-05' }, { $set: { ...template, period: '2026-01-05', last: '2026-01-11' } });
  const healed = await computeRollups(h.readStore, TODAY, `${TODAY}T10:00:00.000Z`);
  assert.deepEqual(healed, { periods: 10, written: 1, removed: 1 });
  const after = await rollups();
  assert.equal(after.find((doc) => doc._id === 'week:2026-03-02')?.shares, 3);
  assert.deepEqual(
    after.map(({ computed_at: _c, ...doc }) => doc),
    before.map(({ computed_at: _c, ...doc }) => doc),
  );
});

test('the worker start enqueues a first run while no roll-up exists', async () => {
  await h.readStore.collection<AnalyticsRollupDoc>(ANALYTICS_ROLLUPS).deleteMany({});
  const queue = createLocalJobQueue({ file: ':memory:' });
  try {
    const deps = { ...h, jobQueue: queue, logger: createLogger({ level: 'silent' }) } as unknown as WorkerDeps;
    const handle = startAnalyticsRollup(deps, at(`${TODAY}T08:00:00.000Z`));
    const deadline = Date.now() + 5000;
    while ((await rollups()).length < 10) {
      if (Date.now() > deadline) assert.fail('the first roll-up did not run');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const job = await queue.getJob(ANALYTICS_ROLLUP_QUEUE, `analytics-rollup-initial-${TODAY}`);
    assert.ok(job);
    assert.equal((job.progress as RollupProgress).percent, 100);
    await handle.close();
  } finally {
    await queue.close();
  }
});
