import { before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLocalJobQueue } from '@crossfeed/platform/jobs/local-job-queue.ts';
import assert from 'node:assert/strict';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { USERS } from '@crossfeed/projections/users/users.projection.ts';
import { AUDIENCE_SCORES } from '@crossfeed/projections/audience-scores/audience-scores.model.ts';
import { ALL_POOL, MATCH_POOL_STATE, MATCH_POOLS, POOL_STATE_ID, topPool, type MatchPoolDoc } from './match-pools.model.ts';
import { MATCHING_QUEUE, matchingProcessor, matchingRoute, poolsBuilt, rebuildPools, refreshContent, refreshCreator } from './matching.processor.ts';

const NOW = '2026-11-21T12:00:00.000Z';
let store: ReadStore;

const content = (id: string, userId: string, categories: string[], overrides: Partial<ContentDoc> = {}): ContentDoc => ({
  _id: id, user_id: userId, username: userId, title: id, description: '', url: 'https://example.com', content_type: 'article',
  categories, status: 'active', moderation_status: null, moderation_reason: null, required_shares: 5, share_count: 0, short_link_clicks: 0, bot_clicks: 0, unique_clicks: 0, verified_clicks: 0, conversions_count: 0, verified_conversions: 0,
  links: [], enhanced_url: null, deleted: false, created_at: NOW, updated_at: NOW, ...overrides,
});
const pool = async (id: string) => (await store.collection<MatchPoolDoc>(MATCH_POOLS).findOne({ _id: id }))?.entries.map((e) => e.id) ?? [];
const snapshot = async () => JSON.stringify(await store.collection(MATCH_POOLS).find({}, { sort: { _id: 1 } }), (k, v) => (k === 'updated_at' ? undefined : v));

before(async () => {
  store = await createSqliteReadStore({ file: ':memory:' });
  const users = store.collection(USERS);
  await users.insertOne({ _id: 'u1', is_premium: false, premium_until: null, profile: { audience_score: null } });
  await users.insertOne({ _id: 'u2', is_premium: true, premium_until: null, profile: { audience_score: null } });
  await store.collection(AUDIENCE_SCORES).insertOne({ _id: 'u2', score: 90, parts: [], updated_at: NOW });
  const contents = store.collection<ContentDoc>(CONTENTS);
  await contents.insertOne(content('a', 'u1', ['tech']));
  await contents.insertOne(content('b', 'u2', ['tech', 'art']));
  await contents.insertOne(content('hidden', 'u2', ['tech'], { moderation_status: 'flagged' }));
  await rebuildPools(store, NOW);
});

describe('matching processor', () => {
  test('the rebuild pools visible content per category, Priority Matching first', async () => {
    assert.deepEqual(await pool('tech'), ['b', 'a']);
    assert.deepEqual(await pool('art'), ['b']);
    assert.deepEqual(await pool(ALL_POOL), ['b', 'a']);
  });

  test('a submission enters its pools; running the job twice changes nothing more', async () => {
    await store.collection<ContentDoc>(CONTENTS).insertOne(content('c', 'u1', ['art']));
    await refreshContent(store, { contentId: 'c' }, NOW);
    const once = await snapshot();
    await refreshContent(store, { contentId: 'c' }, NOW);
    assert.equal(await snapshot(), once);
    assert.deepEqual(await pool('art'), ['b', 'c']);
  });

  test('content that enters the match pools says so (matches:changed); a refresh that moves nothing in does not', async () => {
    await store.collection<ContentDoc>(CONTENTS).insertOne(content('d', 'u1', ['art']));
    const first = await refreshContent(store, { contentId: 'd' }, NOW);
    assert.deepEqual(first.entered, { content_id: 'd', categories: ['art'], user_id: 'u1' });
    const again = await refreshContent(store, { contentId: 'd' }, NOW);
    assert.equal(again.entered, undefined);
    await store.collection<ContentDoc>(CONTENTS).updateOne({ _id: 'd' }, { $set: { deleted: true } });
    await refreshContent(store, { contentId: 'd', removed: true }, NOW);
    // Shared up to its required count: it stays among top performers only, which is no news for match lists.
    await store.collection<ContentDoc>(CONTENTS).insertOne(content('e', 'u1', ['art'], { status: 'shared' }));
    assert.equal((await refreshContent(store, { contentId: 'e' }, NOW)).entered, undefined);
    await store.collection<ContentDoc>(CONTENTS).updateOne({ _id: 'e' }, { $set: { deleted: true } });
    await refreshContent(store, { contentId: 'e', removed: true }, NOW);
  });

  test('deletion, removal and a hiding status take content out of every pool', async () => {
    await refreshContent(store, { contentId: 'c', removed: true }, NOW);
    assert.deepEqual(await pool('art'), ['b']);
    await refreshContent(store, { contentId: 'b', status: 'under_review' }, NOW);
    assert.deepEqual(await pool('tech'), ['a']);
    assert.deepEqual(await pool(ALL_POOL), ['a']);
    await refreshContent(store, { contentId: 'b', status: 'approved' }, NOW);
    assert.deepEqual(await pool('tech'), ['b', 'a']);
  });

  test('entries carry the audience score from audience_scores (the profile field is never read)', async () => {
    const entries = (await store.collection<MatchPoolDoc>(MATCH_POOLS).findOne({ _id: 'tech' }))?.entries ?? [];
    assert.deepEqual(entries.map((entry) => [entry.userId, entry.creatorAudienceScore]), [['u2', 90], ['u1', null]]);
  });

  test('a new audience score rescores the creator\'s entries', async () => {
    await store.collection(AUDIENCE_SCORES).upsert({ _id: 'u1' }, { $set: { score: 55, parts: [], updated_at: NOW } });
    await refreshCreator(store, 'u1', NOW);
    const entries = (await store.collection<MatchPoolDoc>(MATCH_POOLS).findOne({ _id: 'tech' }))?.entries ?? [];
    assert.equal(entries.find((entry) => entry.userId === 'u1')?.creatorAudienceScore, 55);
  });

  test('a creator change rescores their entries', async () => {
    await store.collection(USERS).updateOne({ _id: 'u1' }, { $set: { is_premium: true } });
    await store.collection(AUDIENCE_SCORES).upsert({ _id: 'u1' }, { $set: { score: 100 } });
    await refreshCreator(store, 'u1', NOW);
    assert.deepEqual(await pool('tech'), ['a', 'b']);
  });

  test('routes each event to one job with an id derived from the event id', () => {
    const jobs = matchingRoute.jobs({ id: 'e-1', type: 'ContentDeleted', data: { contentId: 'a' } } as never);
    assert.deepEqual(jobs.map((j) => [j.queue, j.name, j.jobId, j.data]), [['matching', 'refresh-content', 'matching-e-1', { contentId: 'a', removed: true }]]);
  });

  test('content the read models no longer hold (deleted since its event) leaves every pool; the job completes on its first try', async () => {
    const contents = store.collection<ContentDoc>(CONTENTS);
    await contents.insertOne(content('gone', 'u1', ['tech']));
    await refreshContent(store, { contentId: 'gone' }, NOW);
    assert.ok((await pool('tech')).includes('gone') && (await pool(topPool('tech'))).includes('gone'));
    await contents.deleteOne({ _id: 'gone' });
    const queue = createLocalJobQueue({ file: ':memory:', logger: { error: () => undefined } });
    const worker = queue.process(MATCHING_QUEUE, matchingProcessor({ readStore: store }, () => new Date(NOW)), { concurrency: 1 });
    try {
      const [job] = matchingRoute.jobs({ id: 'e-gone', type: 'ContentEdited', data: { contentId: 'gone' } } as never);
      const id = await queue.add(job!.queue, job!.name, job!.data, { ...job!.options, jobId: job!.jobId });
      const since = Date.now();
      let info = await queue.getJob(MATCHING_QUEUE, id);
      while (info?.state !== 'completed' && info?.state !== 'failed') {
        assert.ok(Date.now() - since < 2000, 'the job did not finish within 2 s');
        await sleep(10);
        info = await queue.getJob(MATCHING_QUEUE, id);
      }
      assert.equal(info.state, 'completed');
      assert.equal(info.attemptsMade, 1, 'finished on its first try, no retry');
      assert.deepEqual([(await pool('tech')).includes('gone'), (await pool(topPool('tech'))).includes('gone')], [false, false]);
    } finally {
      await worker.close();
      await queue.close();
    }
  });

  test('Top performer pools hold active and shared content, the best-performing creator first; the match pools only active', async () => {
    const contents = store.collection<ContentDoc>(CONTENTS);
    await contents.insertOne(content('m', 'u2', ['music']));
    await refreshContent(store, { contentId: 'm' }, NOW);
    assert.deepEqual([await pool('music'), await pool(topPool('music'))], [['m'], ['m']]);
    // 'm' reaches its required shares: it leaves the match pools and stays among the top performers.
    await contents.updateOne({ _id: 'm' }, { $set: { status: 'shared', share_count: 5 } });
    await refreshContent(store, { contentId: 'm' }, NOW);
    assert.deepEqual([await pool('music'), await pool(topPool('music'))], [[], ['m']]);
    assert.ok(!(await pool(ALL_POOL)).includes('m') && (await pool(topPool(ALL_POOL))).includes('m'));
    // u2 now reached 5 people, u1 none: u2's entries come first in every top pool, whatever their base score.
    const top = (await store.collection<MatchPoolDoc>(MATCH_POOLS).findOne({ _id: topPool('tech') }))?.entries ?? [];
    assert.deepEqual(top.map((entry) => entry.userId), [...top.filter((e) => e.userId === 'u2'), ...top.filter((e) => e.userId !== 'u2')].map((e) => e.userId));
    assert.ok(top.some((entry) => entry.userId === 'u2' && entry.creatorPerformance === 5));
    // 'c' left the pools as removed earlier: the read model says so too before comparing with a rebuild.
    await contents.updateOne({ _id: 'c' }, { $set: { deleted: true } });
    const once = await snapshot();
    await rebuildPools(store, NOW);
    assert.equal(await snapshot(), once, 'a rebuild writes what the refreshes wrote');
    await refreshContent(store, { contentId: 'm', removed: true }, NOW);
    assert.deepEqual([await pool('music'), await pool(topPool('music'))], [[], []]);
  });

  test('pools of an older shape count as not built (the worker rebuilds them, the API reads contents meanwhile)', async () => {
    assert.equal(await poolsBuilt(store), true);
    await store.collection(MATCH_POOL_STATE).updateOne({ _id: POOL_STATE_ID }, { $unset: { shape: '' } });
    assert.equal(await poolsBuilt(store), false);
    await rebuildPools(store, NOW);
    assert.equal(await poolsBuilt(store), true);
  });
});
