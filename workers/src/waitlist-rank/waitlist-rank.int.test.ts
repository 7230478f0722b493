import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeJob, startHarness, type Harness } from '../testing/scheduled-jobs-harness.ts';
import { WAITLIST_RANKS, type WaitlistRankDoc } from './waitlist-ranks.model.ts';
import { rankEntries, recomputeRanks, waitlistRankProcessor } from './waitlist-rank.processor.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';

let h: Harness;
/** Ranks written for the first time move nothing: no webhook job is added. */
const noQueue = {
  addBulk: (): Promise<string[]> => {
    throw new Error('no webhook job expected');
  },
};
before(async () => {
  h = await startHarness();
});
after(() => h.close());

test('each referral moves the referrer up one place; equal standing goes to more referrals, then join order', () => {
  const ranked = rankEntries([
    { id: 'a', referrals: 0 },
    { id: 'b', referrals: 0 },
    { id: 'c', referrals: 1 },
    { id: 'd', referrals: 3 },
  ]);
  // adjusted: a 1, b 2, c 3-1=2, d 4-3=1: d climbs 3 places to the top, c passes b.
  assert.deepEqual(ranked.map((entry) => [entry.id, entry.rank]), [['d', 1], ['a', 2], ['c', 3], ['b', 4]]);
});

test('writes ranks and tiers from the waitlist read model, the same on a second run', async () => {
  const at = '2026-03-01T00:00:00.000Z';
  for (let i = 1; i <= 103; i++) {
    const key = `fan${i}@x.test`;
    await h.record(`waitlist-${key}`, 'WaitlistJoined', { emailKey: key, email: key, referralCode: `CODE${i}`, referredBy: null, joinedAt: at });
  }
  // The 103rd joiner brings 3 referrals: from 103rd to 100th place, inside the lifetime tier.
  for (const referred of ['r1', 'r2', 'r3']) {
    await h.record('waitlist-fan103@x.test', 'WaitlistReferralCredited', { emailKey: 'fan103@x.test', referredEmailKey: referred, creditedAt: at });
  }
  await h.settle();
  const process = waitlistRankProcessor({ readStore: h.readStore, jobQueue: noQueue }, () => new Date(at));
  assert.deepEqual(await process(fakeJob({})), { ranked: 103 });
  const ranks = h.readStore.collection<WaitlistRankDoc>(WAITLIST_RANKS);
  const climber = await ranks.findOne({ _id: 'fan103@x.test' });
  assert.deepEqual([climber?.rank, climber?.position, climber?.referrals, climber?.tier], [100, 103, 3, 'lifetime']);
  const pushed = await ranks.findOne({ _id: 'fan100@x.test' });
  assert.deepEqual([pushed?.rank, pushed?.tier], [101, 'one_month']);
  assert.equal((await ranks.findOne({ _id: 'fan1@x.test' }))?.rank, 1);

  const before = await ranks.find({}, { sort: { _id: 1 } });
  await process(fakeJob({}));
  assert.deepEqual(await ranks.find({}, { sort: { _id: 1 } }), before);
});

test('writes the ranks in pages, one short read-store batch each, to the same result', async () => {
  // Relies on the 103 entries of the test above.
  const store = h.readStore;
  const batches: number[] = [];
  const paging: ReadStore = {
    collection: (name) => store.collection(name),
    ensureIndexes: (name, indexes) => store.ensureIndexes(name, indexes),
    applyBatch: async (ops) => {
      batches.push(ops.length);
      await store.applyBatch(ops);
    },
    listCollections: () => store.listCollections(),
    dropCollection: (name) => store.dropCollection(name),
    renameCollection: (from, to) => store.renameCollection(from, to),
    flush: () => store.flush(),
    close: () => store.close(),
  };
  const ranks = store.collection<WaitlistRankDoc>(WAITLIST_RANKS);
  const before = await ranks.find({}, { sort: { _id: 1 } });
  const ranked = await recomputeRanks(paging, '2026-03-01T00:00:00.000Z', 10);
  assert.equal(ranked.length, 103);
  assert.deepEqual(batches, [...Array.from({ length: 10 }, () => 10), 3]);
  assert.deepEqual(await ranks.find({}, { sort: { _id: 1 } }), before);
  // With the default page (500 writes), these 103 ranks are one batch.
  batches.length = 0;
  await waitlistRankProcessor({ readStore: paging, jobQueue: noQueue }, () => new Date('2026-03-01T00:00:00.000Z'))(fakeJob({}));
  assert.deepEqual(batches, [103]);
});
