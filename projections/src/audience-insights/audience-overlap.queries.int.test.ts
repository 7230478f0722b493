import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createSqliteReadStore, type SqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import type { Collection, Doc, ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { STILL_LISTED } from '@crossfeed/domain/rules/audience-insights.ts';
import { contactsStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { AUDIENCE_PARTNERS, CONTACT_EMAIL_HASHES, audienceInsightsProjection } from './audience-insights.projection.ts';
import { HASH_PAGE, HashPageCache, audienceSize, partnersFilter, sharedAudience } from './audience-overlap.queries.ts';
import { emailHash } from './email-hash.ts';
import { projectEvents, type TestEvent } from '../testing/project-events.ts';

/** The day every list of these tests is compared as of (their contacts were added before it). */
const DAY = '2026-11-22';

/** A store holding, per user, the hashes of `person{n}@example.com` for each n of the user's range, all in DAY's snapshot. */
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
        update: { $set: { user_id: userId, email_hash: emailHash(`Person${n}@Example.com`), listed_from: '2026-11-01', listed_until: STILL_LISTED } },
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
  { userId: a, size: await audienceSize(store, a, DAY) },
  { userId: b, size: await audienceSize(store, b, DAY) },
] as const;

describe('shared audience of two creators', () => {
  test('counts the e-mails both lists hold, across several pages of hashes, the same both ways', async () => {
    // ann: 0..1199; bob: 1000..1699 (200 in common); cid: 5000..5010 (none).
    const store = await storeWith({ ann: [0, 1200], bob: [1000, 1700], cid: [5000, 5010] });
    const [ann, bob] = await sizes(store, 'ann', 'bob');
    assert.equal(ann.size, 1200);
    assert.equal(bob.size, 700);
    assert.equal(await sharedAudience(store, DAY, ann, bob), 200);
    assert.equal(await sharedAudience(store, DAY, bob, ann), 200);
    const [, cid] = await sizes(store, 'ann', 'cid');
    assert.equal(await sharedAudience(store, DAY, ann, cid), 0);
    assert.equal(await sharedAudience(store, DAY, ann, { userId: 'nobody', size: 0 }), 0);
  });

  test('matches e-mails whatever their case and surrounding spaces', async () => {
    const store = await createSqliteReadStore({ file: ':memory:' });
    const listed = { listed_from: DAY, listed_until: STILL_LISTED };
    await store.collection(CONTACT_EMAIL_HASHES).insertOne({ _id: 'a1', user_id: 'ann', email_hash: emailHash(' Ada@Example.com'), ...listed });
    await store.collection(CONTACT_EMAIL_HASHES).insertOne({ _id: 'b1', user_id: 'bob', email_hash: emailHash('ada@example.COM  '), ...listed });
    assert.equal(await sharedAudience(store, DAY, { userId: 'ann', size: 1 }, { userId: 'bob', size: 1 }), 1);
  });

  test('reads only the smaller list, in pages, and looks each page up in the larger one: no scan of the site', async () => {
    // A crowd of other creators that must not be read at all.
    const store = await storeWith({ ann: [0, 1200], bob: [1000, 1700], crowd: [10_000, 14_000] });
    const [ann, bob] = await sizes(store, 'ann', 'bob');
    const { store: watched, reads } = recording(store);
    assert.equal(await sharedAudience(watched, DAY, ann, bob), 200);

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
    const cache = new HashPageCache('ann', DAY);
    assert.equal(await sharedAudience(watched, DAY, ann, bob, cache), 100);
    assert.equal(await sharedAudience(watched, DAY, ann, cid, cache), 700);
    const finds = reads.filter((read) => read.op === 'find');
    assert.equal(finds.length, Math.ceil(700 / HASH_PAGE), 'ann\'s two pages, read for bob only');
    assert.ok(finds.every((read) => read.filter.user_id === 'ann'));
    assert.deepEqual(
      reads.filter((read) => read.op === 'count').map((read) => read.filter.user_id),
      ['bob', 'bob', 'cid', 'cid'],
    );
    // A partner's pages are never kept: comparing with a smaller partner reads theirs each time.
    const small = { userId: 'bob', size: bob.size };
    const other = new HashPageCache('ann', DAY);
    reads.length = 0;
    await sharedAudience(watched, DAY, { userId: 'cid', size: cid.size }, small, other);
    await sharedAudience(watched, DAY, { userId: 'cid', size: cid.size }, small, other);
    assert.equal(reads.filter((read) => read.op === 'find' && read.filter.user_id === 'bob').length, 2 * Math.ceil(bob.size / HASH_PAGE));
  });

  test('the SQLite store answers each page, each lookup and each size in SQL through the indexes', async () => {
    const store = await storeWith({ ann: [0, 600], bob: [300, 900] });
    const snapshot = { listed_from: { $lte: DAY }, listed_until: { $gt: DAY } };
    const page = store.explain(
      CONTACT_EMAIL_HASHES,
      { user_id: 'bob', email_hash: { $gt: 'a' }, ...snapshot },
      { sort: { email_hash: 1 }, limit: HASH_PAGE },
    );
    assert.equal(page.mode, 'exact');
    assert.ok(page.plan.some((line) => /USING (COVERING )?INDEX/.test(line)), page.plan.join('; '));
    assert.ok(!page.plan.some((line) => /TEMP B-TREE/.test(line)), `pages come in index order: ${page.plan.join('; ')}`);
    const hashes = Array.from({ length: HASH_PAGE }, (_, n) => emailHash(`person${n}@example.com`));
    const lookup = store.explain(CONTACT_EMAIL_HASHES, { user_id: 'ann', email_hash: { $in: hashes }, ...snapshot }, { count: true });
    assert.equal(lookup.mode, 'exact');
    // Both leading columns of the index searched (the snapshot's days checked in it): one index probe per hash
    // of the page, no scan of ann's list.
    assert.ok(lookup.plan.some((line) => /SEARCH \S+ USING COVERING INDEX \S+ \(\w+=\? AND \w+=\?( AND [^)]*)?\)/.test(line)), lookup.plan.join('; '));
    const size = store.explain(CONTACT_EMAIL_HASHES, { user_id: 'ann', ...snapshot }, { count: true });
    assert.equal(size.mode, 'exact');
    assert.ok(size.plan.some((line) => /USING COVERING INDEX/.test(line)), size.plan.join('; '));
  });
});

describe('the snapshot of a day', () => {
  const contact = (contactId: string, userId: string, email: string, addedAt: string): TestEvent => ({
    stream: contactsStream(userId),
    type: 'ContactAdded',
    data: { contactId, userId, name: 'Reader', email, source: 'single', addedAt },
  });
  const removal = (contactId: string, userId: string, removedAt: string): TestEvent => ({
    stream: contactsStream(userId),
    type: 'ContactRemoved',
    data: { contactId, userId, removedAt },
  });
  const before = '2026-11-21T09:00:00.000Z';
  const during = '2026-11-22T09:00:00.000Z';

  test('holds each list as it stood at 00:00 UTC: additions and removals of the day count from the next day', async () => {
    const store = await projectEvents(audienceInsightsProjection, [
      ...['a', 'b', 'c', 'd'].map((name, n) => contact(`ann-${n}`, 'ann', `${name}@example.com`, before)),
      ...['a', 'b', 'c'].map((name, n) => contact(`bob-${n}`, 'bob', `${name}@example.com`, before)),
      // During the day: bob adds d, removes a; ann adds e and bob adds e too.
      contact('bob-3', 'bob', 'd@example.com', during),
      removal('bob-0', 'bob', during),
      contact('ann-4', 'ann', 'e@example.com', during),
      contact('bob-4', 'bob', 'e@example.com', during),
    ]);
    const compare = async (day: string) => {
      const ann = { userId: 'ann', size: await audienceSize(store, 'ann', day) };
      const bob = { userId: 'bob', size: await audienceSize(store, 'bob', day) };
      return [ann.size, bob.size, await sharedAudience(store, day, ann, bob), await sharedAudience(store, day, bob, ann)];
    };
    assert.deepEqual(await compare('2026-11-21'), [0, 0, 0, 0], 'nothing was on the lists at 00:00 on the 21st');
    assert.deepEqual(await compare(DAY), [4, 3, 3, 3], 'the day of the changes: as at 00:00');
    assert.deepEqual(await compare('2026-11-23'), [5, 4, 4, 4], 'the next day: a gone, d and e in');
  });

  test('a creator\'s partners are the creators the exchange went both ways with', async () => {
    const share = (shareId: string, sharerId: string, ownerId: string): TestEvent => ({
      stream: userStream(sharerId),
      type: 'ContentShared',
      data: {
        shareId,
        contentId: `content-of-${ownerId}`,
        contentOwnerId: ownerId,
        contentTitle: 'A title',
        sharerId,
        sharerUsername: sharerId,
        contactIds: ['c1'],
        sharedAt: during,
      },
    });
    // spy shared vic's item (vic did nothing); ann and bob shared each other's; cid shared ann's.
    const store = await projectEvents(audienceInsightsProjection, [share('s1', 'spy', 'vic'), share('s2', 'ann', 'bob'), share('s3', 'bob', 'ann'), share('s4', 'cid', 'ann')]);
    const partners = store.collection(AUDIENCE_PARTNERS);
    const of = async (userId: string) => (await partners.find(partnersFilter(userId), { sort: { _id: 1 } })).map((doc) => doc.partner_id);
    assert.deepEqual(await of('spy'), []);
    assert.deepEqual(await of('vic'), []);
    assert.deepEqual(await of('ann'), ['bob']);
    assert.deepEqual(await of('bob'), ['ann']);
    assert.deepEqual(await of('cid'), []);
  });
});
