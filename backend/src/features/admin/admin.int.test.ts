import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Position } from '@crossfeed/platform/event-store/event-store.port.ts';
import { analyticsProjection } from '@crossfeed/projections/analytics/analytics.projection.ts';
import { startReplayProcessor, REPLAY_PROGRESS_EVENT } from '@crossfeed/projections/replay/replay.processor.ts';
import { readModelHash } from '@crossfeed/projections/testing/read-model-hash.ts';
import { computeRollups } from '@crossfeed/workers/analytics-rollup/analytics-rollup.processor.ts';
import { ANALYTICS_ROLLUPS, type AnalyticsRollupDoc } from '@crossfeed/workers/analytics-rollup/analytics-rollups.model.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
let admin: Session;
let member: Session;
before(async () => {
  app = await startTestApp();
  // The one-process start registers the replay processor beside the runner; the harness does it here.
  startReplayProcessor({ jobQueue: app.ctx.jobQueue, runner: app.runner, realtime: app.ctx.realtime });
  admin = await app.registerAdmin();
  member = await app.register();
});
after(() => app.close());

/** Appends facts as the deciders would record them (the analytics projection only reads their data). */
async function record(stream: string, type: string, data: Record<string, unknown>): Promise<Position> {
  const result = await app.ctx.eventStore.append(stream, [{ type, data }], { expectedRevision: 'any' });
  return result.position;
}

/** The fields the analytics projection does not read, so that each event is whole (appends are checked). */
const PROFILE = { name: 'A1', bio: '', categories: [], interests: [], contentType: 'article' };
const SUBMITTED = { username: 'a1', requiredShares: 3, title: 'C1', description: '', url: 'https://example.com/c1', contentType: 'article', categories: [] };
const SHARED = { contentTitle: 'C', sharerUsername: 'sharer' };

async function seedScenario(): Promise<void> {
  let last: Position | undefined;
  // 2026-03-02 is a Monday.
  last = await record('user-a1', 'UserRegistered', { userId: 'a1', username: 'a1', email: 'a1@x.test', passwordHash: 'h', isAdmin: false, registeredAt: '2026-03-02T10:00:00.000Z' });
  last = await record('user-a1', 'ProfileCreated', { userId: 'a1', createdAt: '2026-03-02T10:05:00.000Z', ...PROFILE });
  last = await record('user-a1', 'ContentSubmitted', { contentId: 'c1', userId: 'a1', submittedAt: '2026-03-02T11:00:00.000Z', ...SUBMITTED });
  last = await record('user-a2', 'UserRegistered', { userId: 'a2', username: 'a2', email: 'a2@x.test', passwordHash: 'h', isAdmin: false, registeredAt: '2026-03-03T09:00:00.000Z' });
  last = await record('user-a2', 'ContentShared', { shareId: 's1', contentId: 'c1', contentOwnerId: 'a1', sharerId: 'a2', contactIds: [], ...SHARED, sharedAt: '2026-03-03T09:30:00.000Z' });
  last = await record('user-a2', 'ContentShared', { shareId: 's2', contentId: 'c1', contentOwnerId: 'a1', sharerId: 'a2', contactIds: [], ...SHARED, sharedAt: '2026-03-03T09:40:00.000Z' });
  last = await record('user-a1', 'ContentShared', { shareId: 's3', contentId: 'c9', contentOwnerId: 'a2', sharerId: 'a1', contactIds: [], ...SHARED, sharedAt: '2026-03-04T08:00:00.000Z' });
  last = await record('content-c1', 'LinkClicked', { contentId: 'c1', ownerId: 'a1', shortCode: 'x', contactId: null, human: true, botReason: null, clickedAt: '2026-03-03T12:00:00.000Z' });
  last = await record('content-c1', 'LinkClicked', { contentId: 'c1', ownerId: 'a1', shortCode: 'x', contactId: null, human: false, botReason: 'ua', clickedAt: '2026-03-03T12:01:00.000Z' });
  last = await record('content-c1', 'ConversionRecorded', { conversionId: 'v1', contentId: 'c1', ownerId: 'a1', contactId: null, shortCode: 'x', kind: 'signup', value: 1, recordedBy: 'a1', recordedAt: '2026-03-03T13:00:00.000Z' });
  // a1 subscribes (paid), a2 gets a promo (not revenue); a1 cancels on the 10th (next week).
  last = await record('user-a1', 'PremiumStarted', { userId: 'a1', source: 'checkout', reference: 'cs_1', startedAt: '2026-03-03T14:00:00.000Z', endsAt: null });
  last = await record('user-a2', 'PremiumStarted', { userId: 'a2', source: 'promo', reference: 'P1', startedAt: '2026-03-03T15:00:00.000Z', endsAt: '2026-04-03T15:00:00.000Z' });
  last = await record('user-a1', 'PremiumEnded', { userId: 'a1', reason: 'cancelled', reference: 'cs_1', endedAt: '2026-03-10T10:00:00.000Z' });
  last = await record('waitlist-w1', 'WaitlistJoined', { emailKey: 'w1@x.test', email: 'w1@x.test', referralCode: 'W1', referredBy: null, joinedAt: '2026-03-08T23:59:59.000Z' });
  last = await record('waitlist-w1', 'WaitlistReferralCredited', { emailKey: 'w1@x.test', referredEmailKey: 'w2@x.test', creditedAt: '2026-03-09T00:00:00.000Z' });
  assert.ok(await app.runner.waitFor(last, 5000));
}

describe('GET /admin/analytics', () => {
  test('answers 401 without or with a bad token and 403 to a non-admin', async () => {
    assert.equal((await app.request('GET', '/admin/analytics')).status, 401);
    assert.equal((await app.request('GET', '/admin/analytics', { token: 'nope' })).status, 401);
    const forbidden = await app.request('GET', '/admin/analytics', { token: member.token });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.detail, 'Access denied. Admins only.');
  });

  test('rejects malformed dates, reversed ranges, unknown buckets and fields with 400', async () => {
    for (const query of ['from=2026-13-01', 'from=2026-02-30', 'to=yesterday', 'bucket=year', 'bucket=Month', 'from=2026-03-05&to=2026-03-01', 'from=2020-01-01&to=2026-01-01', 'x=1', 'from=2026-03-01&from=2026-03-02']) {
      const response = await app.request('GET', `/admin/analytics?${query}`, { token: admin.token });
      assert.equal(response.status, 400, query);
      assert.equal(typeof response.body.detail, 'string', query);
    }
  });

  test('defaults to the last 30 days by day', async () => {
    app.setNow('2026-03-31T12:00:00.000Z');
    try {
      const response = await app.request('GET', '/admin/analytics', { token: admin.token });
      assert.equal(response.status, 200);
      assert.equal(response.body.bucket, 'day');
      assert.equal(response.body.from, '2026-03-02');
      assert.equal(response.body.to, '2026-03-31');
      assert.equal(response.body.series.length, 30);
    } finally {
      app.setNow(undefined);
    }
  });

  test('counts a scripted scenario per day and per Monday-started week, with the MRR of paid subscriptions', async () => {
    await seedScenario();
    const daily = await app.request('GET', '/admin/analytics?from=2026-03-02&to=2026-03-10&bucket=day', { token: admin.token });
    assert.equal(daily.status, 200);
    const day = (period: string) => daily.body.series.find((point: { period: string }) => point.period === period);
    assert.deepEqual(day('2026-03-02'), {
      period: '2026-03-02', signups: 1, completed_profiles: 1, active_creators: 1, submissions: 1, shares: 0,
      human_clicks: 0, bot_clicks: 0, conversions: 0, premium_starts: 0, premium_cancellations: 0,
      mrr_estimate_usd: 0, waitlist_joins: 0, referrals: 0,
    });
    assert.deepEqual(day('2026-03-03'), {
      period: '2026-03-03', signups: 1, completed_profiles: 0, active_creators: 1, submissions: 0, shares: 2,
      human_clicks: 1, bot_clicks: 1, conversions: 1, premium_starts: 2, premium_cancellations: 0,
      mrr_estimate_usd: 12, waitlist_joins: 0, referrals: 0,
    });
    assert.equal(day('2026-03-09').mrr_estimate_usd, 12);
    assert.equal(day('2026-03-10').mrr_estimate_usd, 0);
    assert.equal(day('2026-03-10').premium_cancellations, 1);

    const weekly = await app.request('GET', '/admin/analytics?from=2026-03-02&to=2026-03-15&bucket=week', { token: admin.token });
    assert.equal(weekly.status, 200);
    const [first, second] = weekly.body.series;
    assert.equal(weekly.body.series.length, 2);
    assert.equal(first.period, '2026-03-02');
    assert.equal(first.signups, 2);
    assert.equal(first.shares, 3);
    assert.equal(first.active_creators, 2, 'a1 and a2, each counted once in the week');
    assert.equal(first.waitlist_joins, 1, 'Sunday 23:59:59 UTC belongs to the week of Monday the 2nd');
    assert.equal(first.mrr_estimate_usd, 12);
    assert.equal(second.period, '2026-03-09');
    assert.equal(second.referrals, 1);
    assert.equal(second.premium_cancellations, 1);
    assert.equal(second.mrr_estimate_usd, 0);
  });
});

describe('GET /admin/analytics from the roll-ups', () => {
  // Runs after the scripted scenario above (2026-03-02..10) is in the read model.
  const rollups = () => app.ctx.readStore.collection<AnalyticsRollupDoc>(ANALYTICS_ROLLUPS);
  const get = async (query: string) => {
    const response = await app.request('GET', `/admin/analytics?${query}`, { token: admin.token });
    assert.equal(response.status, 200, query);
    return response.body;
  };

  test('bucket=week and bucket=month answer the same before and after the roll-up exists, the current period live', async () => {
    app.setNow('2026-04-15T12:00:00.000Z');
    try {
      await rollups().deleteMany({});
      // A Sunday start (its week is cut), two whole past weeks, and the current, partial week.
      const weekly = 'from=2026-03-01&to=2026-04-15&bucket=week';
      const monthly = 'from=2026-02-15&to=2026-04-15&bucket=month';
      const [weekBefore, monthBefore] = [await get(weekly), await get(monthly)];
      assert.deepEqual(weekBefore.series.map((point: { period: string }) => point.period).slice(0, 3), ['2026-02-23', '2026-03-02', '2026-03-09']);
      assert.deepEqual(monthBefore.series.map((point: { period: string }) => point.period), ['2026-02-01', '2026-03-01', '2026-04-01']);
      const march = monthBefore.series[1];
      assert.deepEqual([march.signups, march.shares, march.active_creators, march.premium_cancellations, march.mrr_estimate_usd], [2, 3, 2, 1, 0]);

      const result = await computeRollups(app.ctx.readStore, '2026-04-15', '2026-04-15T02:30:00.000Z');
      assert.ok(result.written > 0);
      assert.ok(await rollups().findOne({ _id: 'week:2026-03-02' }));
      assert.ok(await rollups().findOne({ _id: 'month:2026-03' }));
      assert.equal(await rollups().findOne({ _id: 'week:2026-04-13' }), null, 'the current week is never rolled up');
      assert.deepEqual(await get(weekly), weekBefore);
      assert.deepEqual(await get(monthly), monthBefore);

      // The whole past periods are read from the roll-ups (a doctored one shows); cut and current ones are not.
      await rollups().upsert({ _id: 'week:2026-03-02' }, { $set: { shares: 42 } });
      await rollups().upsert({ _id: 'month:2026-02' }, { $set: { shares: 42 } });
      const served = await get(weekly);
      assert.equal(served.series[1].shares, 42);
      assert.equal((await get(monthly)).series[0].shares, 0, 'February is cut by from=2026-02-15: computed live');
    } finally {
      await rollups().deleteMany({});
      app.setNow(undefined);
    }
  });
});

describe('POST /admin/replay', () => {
  test('answers 401/403 to non-admins and 400 listing the known projections for an unknown name', async () => {
    assert.equal((await app.request('POST', '/admin/replay', { json: { projection: 'analytics' } })).status, 401);
    assert.equal((await app.request('POST', '/admin/replay', { token: member.token, json: { projection: 'analytics' } })).status, 403);
    assert.equal((await app.request('GET', '/admin/replay/abc', { token: member.token })).status, 403);
    const unknown = await app.request('POST', '/admin/replay', { token: admin.token, json: { projection: 'nope' } });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.detail, /Known: .*analytics/);
    assert.match(unknown.body.detail, /users/);
    assert.equal((await app.request('POST', '/admin/replay', { token: admin.token, json: {} })).status, 400);
    assert.equal((await app.request('POST', '/admin/replay', { token: admin.token, json: { projection: 'users', x: 1 } })).status, 400);
    assert.equal((await app.request('GET', '/admin/replay/no-such-job', { token: admin.token })).status, 404);
  });

  test('rebuilds the analytics read model into the same documents the incremental run built', async () => {
    const before = await readModelHash(app.ctx.readStore, [analyticsProjection]);
    const started = await app.request('POST', '/admin/replay', { token: admin.token, json: { projection: 'analytics' } });
    assert.equal(started.status, 202);
    const id: string = started.body.id;
    assert.ok(id);

    const deadline = Date.now() + 10_000;
    let job = await app.request('GET', `/admin/replay/${id}`, { token: admin.token });
    while (job.body.state !== 'completed' && job.body.state !== 'failed') {
      if (Date.now() > deadline) assert.fail(`replay did not finish: ${job.text}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = await app.request('GET', `/admin/replay/${id}`, { token: admin.token });
    }
    assert.equal(job.body.state, 'completed', job.text);
    assert.equal(job.body.projection, 'analytics');
    assert.equal(job.body.progress.percent, 100);
    assert.ok(job.body.progress.done > 0);
    assert.equal(job.body.result.projection, 'analytics');

    const rebuilt = await readModelHash(app.ctx.readStore, [analyticsProjection]);
    assert.equal(rebuilt, before);

    const pushes = app.pushes.filter((push) => push.event === REPLAY_PROGRESS_EVENT);
    assert.ok(pushes.every((push) => push.room === 'admins'));
    const lastPush = pushes.at(-1)?.payload as Record<string, unknown>;
    assert.equal(lastPush.id, id);
    assert.equal(lastPush.projection, 'analytics');
    assert.equal(lastPush.state, 'completed');
    for (const key of ['percent', 'done', 'total', 'events_per_second', 'eta_seconds']) assert.ok(key in lastPush, key);
  });
});

describe('/admin/queues in embedded mode', () => {
  test('is admin-only and explains that Bull Board needs REDIS_URL', async () => {
    assert.equal((await app.request('GET', '/admin/queues')).status, 401);
    assert.equal((await app.request('GET', '/admin/queues', { token: member.token })).status, 403);
    const response = await app.request('GET', '/admin/queues', { token: admin.token });
    assert.equal(response.status, 404);
    assert.match(response.body.detail, /REDIS_URL/);
  });
});
