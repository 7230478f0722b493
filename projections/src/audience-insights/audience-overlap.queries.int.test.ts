import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createSqliteReadStore, type SqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import type { Collection, Doc, ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTACT_EMAIL_HASHES, audienceInsightsProjection } from './audience-insights.projection.ts';
import { HASH_PAGE, HashPageCache, audienceSize, sharedAudience } from './audience-overlap.queries.ts';
import { emailHash } from './email-hash.ts';

/** A store holding, per user, the hashes of `person{n}@example.com` for each n of the user's range. */
async function storeWith(audiences: Record<string, [from: number, to: number]>): Promise<SqliteReadStore> {
  const store = await createSqliteReadStore({ file: ':memory:' });
  await store.ensureIndexes(CONTACT_EMAIL_HASHES, audienceInsightsProjection.collections[CONTACT_EMAIL_HASHES]!);
  const ops = [];
  for (const [userId, [from, to]] of Object.entries(audiences)) {
    for (let n = from; n < to; n++) {
      ops.push({
        op: 'upsert' as const,
        collection: CONTACT_EMAIL_HASHES,
        filter: { _id: `${userId}-c${n}` },
        update: { $set: { user_id: userId, email_hash: emailHash(`Person${n}@Example.com`) } },
      });
    }
  }
  await store.applyBatch(ops);
  return store;
}

interface Read {
  op: 'find' | 'count';
  filter: Record<string, unknown>;
}

/** The store, recording every read of the hashes collection. */
function recording(store: ReadStore): { store: ReadStore; reads: Read[] } {
  const reads: Read[] = [];
  const wrapped: ReadStore = Object.create(store) as ReadStore;
  wrapped.collection = <T extends Doc>(name: string): Collection<T> => {
    const inner = store.collection<T>(name);
    const coll: Collection<T> = Object.create(inner) as Collection<T>;
    coll.find = (filter = {}, options) => {
      reads.push({ op: 'find', filter });
      return inner.find(filter, options);
    };
    coll.count = (filter = {}) => {
      reads.push({ op: 'count', filter });
      return inner.count(filter);
    };
    return coll;
  };
  return { store: wrapped, reads };
}

const sizes = async (store: ReadStore, a: string, b: string) => [
  { userId: a, size: await audienceSize(store, a) },
  { userId: b, size: await audienceSize(store, b) },
] as const;

describe('shared audience of two creators', () => {
  test('counts the e-mails both lists hold, across several pages of hashes, the same both ways', async () => {
    // ann: 0..1199; bob: 1000..1699 (200 in common); cid: 5000..5010 (none).
    const store = await storeWith({ ann: [0, 1200], bob: [1000, 1700], cid: [5000, 5010] });
    const [ann, bob] = await sizes(store, 'ann', 'bob');
    assert.equal(ann.size, 1200);
    assert.equal(bob.size, 700);
    assert.equal(await sharedAudience(store, ann, bob), 200);
    assert.equal(await sharedAudience(store, bob, ann), 200);
    const [, cid] = await sizes(store, 'ann', 'cid');
    assert.equal(await sharedAudience(store, ann, cid), 0);
    assert.equal(await sharedAudience(store, ann, { userId: 'nobody', size: 0 }), 0);
  });

  test('matches e-mails whatever their case and surrounding spaces', async () => {
    const store = await createSqliteReadStore({ file: ':memory:' });
    await store.collection(CONTACT_EMAIL_HASHES).insertOne({ _id: 'a1', user_id: 'ann', email_hash: emailHash(' Ada@Example.com') });
    await store.collection(CONTACT_EMAIL_HASHES).insertOne({ _id: 'b1', user_id: 'bob', email_hash: emailHash('ada@example.COM  ') });
    assert.equal(await sharedAudience(store, { userId: 'ann', size: 1 }, { userId: 'bob', size: 1 }), 1);
  });

  test('reads only the smaller list, in pages, and looks each page up in the larger one: no scan of the site', async () => {
    // A crowd of other creators that must not be read at all.
    const store = await storeWith({ ann: [0, 1200], bob: [1000, 1700], crowd: [10_000, 14_000] });
    const [ann, bob] = await sizes(store, 'ann', 'bob');
    const { store: watched, reads } = recording(store);
    assert.equal(await sharedAudience(watched, ann, bob), 200);

    const finds = reads.filter((read) => read.op === 'find');
    const counts = reads.filter((read) => read.op === 'count');
    // bob (700) is the smaller: two pages of his hashes, each counted among ann's.
    assert.equal(finds.length, Math.ceil(700 / HASH_PAGE));
    assert.ok(finds.every((read) => read.filter.user_id === 'bob'));
    assert.equal(counts.length, finds.length);
    assert.ok(counts.every((read) => read.filter.user_id === 'ann'));
    for (const read of counts) {
      const inList = (read.filter.email_hash as { $in: string[] }).$in;
      assert.ok(inList.length <= HASH_PAGE);
    }
  });

  test("with a cache for the caller, comparing them with several partners reads the caller's list once", async () => {
    const store = await storeWith({ ann: [0, 700], bob: [600, 2000], cid: [0, 1500] });
    const [ann, bob] = await sizes(store, 'ann', 'bob');
    const [, cid] = await sizes(store, 'ann', 'cid');
    const { store: watched, reads } = recording(store);
    const cache = new HashPageCache('ann');
    assert.equal(await sharedAudience(watched, ann, bob, cache), 100);
    assert.equal(await sharedAudience(watched, ann, cid, cache), 700);
    const finds = reads.filter((read) => read.op === 'find');
    assert.equal(finds.length, Math.ceil(700 / HASH_PAGE), 'ann\'s two pages, read for bob only');
    assert.ok(finds.every((read) => read.filter.user_id === 'ann'));
    assert.deepEqual(
      reads.filter((read) => read.op === 'count').map((read) => read.filter.user_id),
      ['bob', 'bob', 'cid', 'cid'],
    );
    // A partner's pages are never kept: comparing with a smaller partner reads theirs each time.
    const small = { userId: 'bob', size: bob.size };
    const other = new HashPageCache('ann');
    reads.length = 0;
    await sharedAudience(watched, { userId: 'cid', size: cid.size }, small, other);
    await sharedAudience(watched, { userId: 'cid', size: cid.size }, small, other);
    assert.equal(reads.filter((read) => read.op === 'find' && read.filter.user_id === 'bob').length, 2 * Math.ceil(bob.size / HASH_PAGE));
  });

  test('the SQLite store answers each page and each lookup in SQL through the (user_id, email_hash) index', async () => {
    const store = await storeWith({ ann: [0, 600], bob: [300, 900] });
    const page = store.explain(CONTACT_EMAIL_HASHES, { user_id: 'bob', email_hash: { $gt: 'a' } }, { sort: { email_hash: 1 }, limit: HASH_PAGE });
    assert.equal(page.mode, 'exact');
    assert.ok(page.plan.some((line) => /USING (COVERING )?INDEX/.test(line)), page.plan.join('; '));
    const hashes = Array.from({ length: HASH_PAGE }, (_, n) => emailHash(`person${n}@example.com`));
    const lookup = store.explain(CONTACT_EMAIL_HASHES, { user_id: 'ann', email_hash: { $in: hashes } }, { count: true });
    assert.equal(lookup.mode, 'exact');
    // Both columns of the index searched: one index probe per hash of the page, no scan of ann's list.
    assert.ok(lookup.plan.some((line) => /SEARCH \S+ USING COVERING INDEX \S+ \(\w+=\? AND \w+=\?\)/.test(line)), lookup.plan.join('; '));
  });
});
