/**
 * The ReadStore contract (DESIGN §3): one suite that every adapter passes, run by `read-store.int.test.ts`
 * against the SQLite store (a file and :memory:) and against MongoDB. Each test gets a fresh, empty store.
 */
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DuplicateKeyError } from './read-store.port.ts';
import type { Doc, ReadStore, WriteOp } from './read-store.port.ts';

export interface ReadStoreFixture {
  store: ReadStore;
  cleanup(): Promise<void>;
}

/** Positions are opaque strings that sort correctly (DESIGN §3). */
const pos = (n: number): string => String(n).padStart(20, '0');

const byId = (a: Doc, b: Doc): number => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** The projection shape: write guarded by the document's last applied position. */
function guarded(collection: string, id: string, position: number, update: Record<string, unknown>): WriteOp {
  const p = pos(position);
  const set = (update.$set as Record<string, unknown> | undefined) ?? {};
  return { op: 'upsert', collection, filter: { _id: id, _pos: { $lt: p } }, update: { ...update, $set: { ...set, _pos: p } } };
}

export function readStoreContract(name: string, makeStore: () => Promise<ReadStoreFixture>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let fixture: ReadStoreFixture;
    let store: ReadStore;
    beforeEach(async () => {
      fixture = await makeStore();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    async function seedPeople(): Promise<void> {
      const people = store.collection('people');
      await people.insertOne({ _id: 'a', name: 'Ada', age: 36, city: 'London', tags: ['math'] });
      await people.insertOne({ _id: 'b', name: 'Bob', age: 25, city: 'Paris', tags: [] });
      await people.insertOne({ _id: 'c', name: 'Cy', age: 41, city: 'London', tags: ['art', 'math'] });
      await people.insertOne({ _id: 'd', name: 'Di', age: 25, city: 'Rome' });
    }

    describe('reads', () => {
      test('findOne returns the inserted document, or null when nothing matches', async () => {
        await seedPeople();
        const people = store.collection('people');
        assert.deepEqual(await people.findOne({ _id: 'a' }), { _id: 'a', name: 'Ada', age: 36, city: 'London', tags: ['math'] });
        assert.equal(await people.findOne({ _id: 'zz' }), null);
        assert.equal(await store.collection('nothing-here').findOne({ _id: 'a' }), null);
      });

      test('find filters with equality, comparison, $in, $exists, array membership and $or', async () => {
        await seedPeople();
        const people = store.collection('people');
        const ids = async (filter: Record<string, unknown>): Promise<string[]> =>
          (await people.find(filter)).map((d) => d._id).sort();
        assert.deepEqual(await ids({ city: 'London' }), ['a', 'c']);
        assert.deepEqual(await ids({ age: { $gte: 30 } }), ['a', 'c']);
        assert.deepEqual(await ids({ age: { $lt: 30 }, city: { $ne: 'Rome' } }), ['b']);
        assert.deepEqual(await ids({ _id: { $in: ['a', 'd', 'zz'] } }), ['a', 'd']);
        assert.deepEqual(await ids({ tags: { $exists: false } }), ['d']);
        assert.deepEqual(await ids({ tags: 'math' }), ['a', 'c']);
        assert.deepEqual(await ids({ $or: [{ name: 'Bob' }, { age: 41 }] }), ['b', 'c']);
        assert.deepEqual(await ids({}), ['a', 'b', 'c', 'd']);
      });

      test('find sorts (with a tie-breaker), skips and limits', async () => {
        await seedPeople();
        const people = store.collection('people');
        const sorted = await people.find({}, { sort: { age: -1, _id: 1 } });
        assert.deepEqual(sorted.map((d) => d._id), ['c', 'a', 'b', 'd']);
        const page = await people.find({}, { sort: { age: 1, _id: 1 }, skip: 1, limit: 2 });
        assert.deepEqual(page.map((d) => d._id), ['d', 'a']);
        const first = await people.findOne({ city: 'London' }, { sort: { age: -1 } });
        assert.equal(first?._id, 'c');
      });

      test('find applies inclusion and exclusion projections', async () => {
        await seedPeople();
        const people = store.collection('people');
        assert.deepEqual(await people.find({ _id: 'a' }, { projection: { name: 1 } }), [{ _id: 'a', name: 'Ada' }]);
        assert.deepEqual(await people.find({ _id: 'a' }, { projection: { name: 1, _id: 0 } }), [{ name: 'Ada' }]);
        assert.deepEqual(await people.findOne({ _id: 'b' }, { projection: { tags: 0, age: 0 } }), { _id: 'b', name: 'Bob', city: 'Paris' });
        assert.deepEqual(await people.find({ city: 'Rome' }, { projection: { tags: 1, name: 1 } }), [{ _id: 'd', name: 'Di' }], 'a missing field stays missing');
        assert.deepEqual(await people.find({ _id: 'a' }, { projection: { _id: 1 } }), [{ _id: 'a' }]);
        assert.deepEqual(await people.find({ _id: 'a' }, { projection: { _id: 0 } }), [{ name: 'Ada', age: 36, city: 'London', tags: ['math'] }]);
        assert.deepEqual(await people.find({ city: 'Nowhere' }, { projection: { name: 1 } }), []);
      });

      test('count counts matching documents', async () => {
        await seedPeople();
        const people = store.collection('people');
        assert.equal(await people.count(), 4);
        assert.equal(await people.count({ age: 25 }), 2);
        assert.equal(await people.count({ age: 99 }), 0);
        assert.equal(await store.collection('empty').count(), 0);
      });

      test('aggregate runs $match, $group, $sort and $project', async () => {
        await seedPeople();
        const result = await store.collection('people').aggregate<{ city: string; people: number; totalAge: number }>([
          { $match: { age: { $gte: 25 } } },
          { $group: { _id: '$city', people: { $sum: 1 }, totalAge: { $sum: '$age' } } },
          { $sort: { people: -1, _id: 1 } },
          { $project: { _id: 0, city: '$_id', people: 1, totalAge: 1 } },
        ]);
        assert.deepEqual(result, [
          { city: 'London', people: 2, totalAge: 77 },
          { city: 'Paris', people: 1, totalAge: 25 },
          { city: 'Rome', people: 1, totalAge: 25 },
        ]);
      });
    });

    describe('writes', () => {
      test('updateOne reports matched and modified, and changes only the first match', async () => {
        await seedPeople();
        const people = store.collection('people');
        assert.deepEqual(await people.updateOne({ _id: 'a' }, { $set: { city: 'Oxford' } }), { matched: 1, modified: 1 });
        assert.deepEqual(await people.updateOne({ _id: 'a' }, { $set: { city: 'Oxford' } }), { matched: 1, modified: 0 });
        assert.deepEqual(await people.updateOne({ _id: 'zz' }, { $set: { city: 'Oxford' } }), { matched: 0, modified: 0 });
        assert.deepEqual(await people.updateOne({ age: 25 }, { $set: { young: true } }), { matched: 1, modified: 1 });
        assert.equal(await people.count({ young: true }), 1);
        assert.equal((await people.findOne({ _id: 'a' }))?.city, 'Oxford');
      });

      test('updateMany reports matched and modified over every match', async () => {
        await seedPeople();
        const people = store.collection('people');
        await people.updateOne({ _id: 'a' }, { $set: { city: 'Paris' } });
        // a and b are already in Paris; c is moved; d does not match.
        assert.deepEqual(await people.updateMany({ _id: { $in: ['a', 'b', 'c'] } }, { $set: { city: 'Paris' } }), { matched: 3, modified: 1 });
        assert.equal(await people.count({ city: 'Paris' }), 3);
      });

      test('upsert inserts the filter equality fields plus the update, with $setOnInsert, when nothing matches', async () => {
        const counters = store.collection('counters');
        const result = await counters.upsert(
          { _id: 'k1', kind: 'daily', day: { $gte: '2024-01-01' } },
          { $set: { label: 'Daily' }, $inc: { hits: 1 }, $setOnInsert: { createdAt: '2024-01-02' } },
        );
        assert.deepEqual(result, { matched: 0, modified: 0, upsertedId: 'k1' });
        assert.deepEqual(await counters.findOne({ _id: 'k1' }), { _id: 'k1', kind: 'daily', label: 'Daily', hits: 1, createdAt: '2024-01-02' });
      });

      test('upsert updates the match and ignores $setOnInsert when a document matches', async () => {
        const counters = store.collection('counters');
        await counters.insertOne({ _id: 'k1', hits: 1, createdAt: 'first' });
        const result = await counters.upsert({ _id: 'k1' }, { $inc: { hits: 2 }, $setOnInsert: { createdAt: 'second' } });
        assert.equal(result.matched, 1);
        assert.equal(result.modified, 1);
        assert.equal(result.upsertedId, undefined);
        assert.deepEqual(await counters.findOne({ _id: 'k1' }), { _id: 'k1', hits: 3, createdAt: 'first' });
      });

      test('upsert without an _id in the filter inserts a document with a generated string _id', async () => {
        const likes = store.collection('likes');
        const result = await likes.upsert({ userId: 'u1', contentId: 'c1' }, { $inc: { n: 1 } });
        assert.equal(typeof result.upsertedId, 'string');
        assert.deepEqual(await likes.findOne({ _id: result.upsertedId! }), { _id: result.upsertedId, userId: 'u1', contentId: 'c1', n: 1 });
        const again = await likes.upsert({ userId: 'u1', contentId: 'c1' }, { $inc: { n: 1 } });
        assert.deepEqual(again, { matched: 1, modified: 1 });
        assert.equal(await likes.count(), 1);
      });

      test('$set and $unset change top-level and dotted paths', async () => {
        const docs = store.collection('docs');
        await docs.insertOne({ _id: 'x', a: 1, profile: { name: 'n', bio: 'b' } });
        await docs.updateOne({ _id: 'x' }, { $set: { a: 2, 'profile.name': 'm', 'stats.views': 5 }, $unset: { 'profile.bio': '' } });
        assert.deepEqual(await docs.findOne({ _id: 'x' }), { _id: 'x', a: 2, profile: { name: 'm' }, stats: { views: 5 } });
        await docs.updateOne({ _id: 'x' }, { $unset: { a: '', stats: '' } });
        assert.deepEqual(await docs.findOne({ _id: 'x' }), { _id: 'x', profile: { name: 'm' } });
      });

      test('$inc adds to numbers and creates missing fields, including dotted ones', async () => {
        const docs = store.collection('docs');
        await docs.insertOne({ _id: 'x', n: 5 });
        await docs.updateOne({ _id: 'x' }, { $inc: { n: -2, fresh: 3, 'stats.shares': 1 } });
        assert.deepEqual(await docs.findOne({ _id: 'x' }), { _id: 'x', n: 3, fresh: 3, stats: { shares: 1 } });
      });

      test('$push appends (with $each), creating the array when missing', async () => {
        const docs = store.collection('docs');
        await docs.insertOne({ _id: 'x', list: ['a'] });
        await docs.updateOne({ _id: 'x' }, { $push: { list: 'b', other: 1 } });
        await docs.updateOne({ _id: 'x' }, { $push: { list: { $each: ['c', 'a'] } } });
        assert.deepEqual(await docs.findOne({ _id: 'x' }), { _id: 'x', list: ['a', 'b', 'c', 'a'], other: [1] });
      });

      test('$addToSet adds only absent values (with $each)', async () => {
        const docs = store.collection('docs');
        await docs.insertOne({ _id: 'x', set: ['a'] });
        assert.deepEqual(await docs.updateOne({ _id: 'x' }, { $addToSet: { set: 'a' } }), { matched: 1, modified: 0 });
        await docs.updateOne({ _id: 'x' }, { $addToSet: { set: { $each: ['b', 'a', 'c'] } } });
        assert.deepEqual(await docs.findOne({ _id: 'x' }), { _id: 'x', set: ['a', 'b', 'c'] });
      });

      test('$pull removes matching values and values matching a condition', async () => {
        const docs = store.collection('docs');
        await docs.insertOne({ _id: 'x', tags: ['a', 'b', 'a', 'c'], scores: [1, 5, 9], items: [{ k: 1 }, { k: 2 }] });
        await docs.updateOne({ _id: 'x' }, { $pull: { tags: 'a', scores: { $gte: 5 }, items: { k: 2 } } });
        assert.deepEqual(await docs.findOne({ _id: 'x' }), { _id: 'x', tags: ['b', 'c'], scores: [1], items: [{ k: 1 }] });
      });

      test('$max and $min replace only when the new value is greater or smaller', async () => {
        const docs = store.collection('docs');
        await docs.insertOne({ _id: 'x', hi: 5, lo: 5, last: '00000000000000000003' });
        await docs.updateOne({ _id: 'x' }, { $max: { hi: 3, last: '00000000000000000007' }, $min: { lo: 3 } });
        await docs.updateOne({ _id: 'x' }, { $max: { hi: 9, created: 1 }, $min: { lo: 4 } });
        assert.deepEqual(await docs.findOne({ _id: 'x' }), { _id: 'x', hi: 9, lo: 3, last: '00000000000000000007', created: 1 });
      });

      test('deleteOne and deleteMany return the number of deleted documents', async () => {
        await seedPeople();
        const people = store.collection('people');
        assert.equal(await people.deleteOne({ age: 25 }), 1);
        assert.equal(await people.count({ age: 25 }), 1);
        assert.equal(await people.deleteOne({ _id: 'zz' }), 0);
        assert.equal(await people.deleteMany({ city: 'London' }), 2);
        assert.equal(await people.deleteMany({}), 1);
        assert.equal(await people.count(), 0);
      });
    });

    describe('unique indexes', () => {
      test('a duplicate insert or update fails with DuplicateKeyError and writes nothing', async () => {
        const users = store.collection('users');
        await store.ensureIndexes('users', [{ key: { email: 1 }, unique: true, name: 'email_unique' }, { key: { createdAt: -1 } }]);
        await store.ensureIndexes('users', [{ key: { email: 1 }, unique: true, name: 'email_unique' }]);
        await users.insertOne({ _id: 'u1', email: 'a@x.io' });
        await users.insertOne({ _id: 'u2', email: 'b@x.io' });
        await assert.rejects(users.insertOne({ _id: 'u3', email: 'a@x.io' }), DuplicateKeyError);
        await assert.rejects(users.updateOne({ _id: 'u2' }, { $set: { email: 'a@x.io', name: 'B' } }), DuplicateKeyError);
        await assert.rejects(users.upsert({ _id: 'u4' }, { $set: { email: 'b@x.io' } }), DuplicateKeyError);
        assert.deepEqual((await users.find({})).sort(byId), [
          { _id: 'u1', email: 'a@x.io' },
          { _id: 'u2', email: 'b@x.io' },
        ]);
        // The key is free again once its holder moves away.
        await users.updateOne({ _id: 'u1' }, { $set: { email: 'c@x.io' } });
        await users.insertOne({ _id: 'u3', email: 'a@x.io' });
        assert.equal(await users.count(), 3);
      });

      test('a unique index declared over stored documents: refused on a duplicate key, enforced once built', async () => {
        const people = store.collection('people');
        for (let i = 0; i < 50; i++) await people.insertOne({ _id: `p${i}`, handle: `h${i}`, team: `t${i % 5}` });
        await assert.rejects(store.ensureIndexes('people', [{ key: { team: 1 }, unique: true }]), DuplicateKeyError);
        // The refused index does not hold anything back: teams can still repeat.
        await people.insertOne({ _id: 'p50', handle: 'h50', team: 't0' });

        await store.ensureIndexes('people', [{ key: { handle: 1 }, unique: true }]);
        await assert.rejects(people.insertOne({ _id: 'p51', handle: 'h7' }), DuplicateKeyError);
        await assert.rejects(people.updateOne({ _id: 'p1' }, { $set: { handle: 'h2' } }), DuplicateKeyError);
        assert.equal((await people.findOne({ handle: 'h7' }))?._id, 'p7');
        await people.updateOne({ _id: 'p7' }, { $set: { handle: 'h7-moved' } });
        await people.insertOne({ _id: 'p51', handle: 'h7' });
        assert.equal(await people.count(), 52);
      });

      test('_id is always unique', async () => {
        const users = store.collection('users');
        await users.insertOne({ _id: 'u1', n: 1 });
        await assert.rejects(users.insertOne({ _id: 'u1', n: 2 }), DuplicateKeyError);
        assert.deepEqual(await users.find({}), [{ _id: 'u1', n: 1 }]);
      });
    });

    describe('indexed arrays (multikey)', () => {
      const idsOf = (docs: Doc[]): string[] => docs.map((d) => d._id).sort();

      test('equality and $in on an indexed field match the arrays holding the value, through updates and deletes', async () => {
        await store.ensureIndexes('items', [{ key: { categories: 1, created_at: -1 } }]);
        const items = store.collection('items');
        // A scalar first: the field turns into an array field once documents hold arrays there.
        await items.insertOne({ _id: 'scalar', categories: 'art', created_at: '1' });
        assert.deepEqual(idsOf(await items.find({ categories: 'art' })), ['scalar']);
        await items.insertOne({ _id: 'both', categories: ['art', 'tech'], created_at: '2' });
        await items.insertOne({ _id: 'tech', categories: ['tech'], created_at: '3' });
        await items.insertOne({ _id: 'none', categories: [], created_at: '4' });
        await items.insertOne({ _id: 'missing', created_at: '5' });
        assert.deepEqual(idsOf(await items.find({ categories: 'art' })), ['both', 'scalar']);
        assert.deepEqual(idsOf(await items.find({ categories: { $in: ['tech', 'music'] } })), ['both', 'tech']);
        assert.deepEqual(idsOf(await items.find({ categories: { $eq: 'tech' } })), ['both', 'tech']);
        assert.equal(await items.count({ categories: 'tech' }), 2);
        assert.deepEqual(idsOf(await items.find({ categories: null })), ['missing']);
        const newest = await items.find({ categories: { $in: ['art', 'tech'] } }, { sort: { created_at: -1 }, limit: 2 });
        assert.deepEqual(newest.map((d) => d._id), ['tech', 'both']);
        const page = await items.find({ categories: { $in: ['art', 'tech'] } }, { sort: { created_at: -1 }, skip: 1, limit: 5 });
        assert.deepEqual(page.map((d) => d._id), ['both', 'scalar']);

        await items.updateOne({ _id: 'tech' }, { $push: { categories: 'art' } });
        await items.updateOne({ _id: 'both' }, { $pull: { categories: 'art' } });
        await store.applyBatch([
          { op: 'upsert', collection: 'items', filter: { _id: 'new' }, update: { $set: { categories: ['art'], created_at: '6' } } },
          { op: 'updateOne', collection: 'items', filter: { _id: 'new' }, update: { $addToSet: { categories: 'music' } } },
          { op: 'deleteOne', collection: 'items', filter: { _id: 'scalar' } },
        ]);
        assert.deepEqual(idsOf(await items.find({ categories: 'art' })), ['new', 'tech']);
        assert.deepEqual(idsOf(await items.find({ categories: { $in: ['music'] } })), ['new']);
        assert.deepEqual(idsOf(await items.find({ categories: 'tech' })), ['both', 'tech']);
        assert.equal(await items.count({ categories: { $in: ['art', 'tech'] } }), 3);
      });

      test('an index declared over documents already holding arrays answers the same', async () => {
        const items = store.collection('late');
        await items.insertOne({ _id: 'a', tags: ['x', 'y'], n: 1 });
        await items.insertOne({ _id: 'b', tags: 'x', n: 2 });
        await items.insertOne({ _id: 'c', tags: ['z'], n: 3 });
        await store.ensureIndexes('late', [{ key: { tags: 1 } }, { key: { n: 1 } }]);
        assert.deepEqual(idsOf(await items.find({ tags: 'x' })), ['a', 'b']);
        assert.deepEqual(idsOf(await items.find({ tags: { $in: ['z', 'y'] } })), ['a', 'c']);
        assert.deepEqual(idsOf(await items.find({ n: { $gte: 2 } })), ['b', 'c']);
      });

      test('a dotted path through an array of objects matches each element, indexed or not', async () => {
        await store.ensureIndexes('pools', [{ key: { 'entries.id': 1 } }]);
        const pools = store.collection('pools');
        await pools.insertOne({ _id: 'p1', entries: [{ id: 'c1', userId: 'u1' }, { id: 'c2', userId: 'u2' }] });
        await pools.insertOne({ _id: 'p2', entries: [{ id: 'c2', userId: 'u3' }] });
        await pools.insertOne({ _id: 'p3', entries: [] });
        await pools.insertOne({ _id: 'p4', entries: { id: 'c1', userId: 'u2' } });
        assert.deepEqual(idsOf(await pools.find({ 'entries.id': 'c2' })), ['p1', 'p2']);
        assert.deepEqual(idsOf(await pools.find({ 'entries.id': 'c1' })), ['p1', 'p4']);
        assert.deepEqual(idsOf(await pools.find({ 'entries.id': { $in: ['c1', 'c9'] } })), ['p1', 'p4']);
        assert.equal(await pools.count({ 'entries.id': 'c2' }), 2);
        assert.deepEqual(idsOf(await pools.find({ 'entries.userId': 'u2' })), ['p1', 'p4']);

        await store.ensureIndexes('contents', [{ key: { 'links.short_code': 1 } }]);
        await store.applyBatch([
          { op: 'upsert', collection: 'contents', filter: { _id: 'k1' }, update: { $set: { links: [] } } },
          { op: 'upsert', collection: 'contents', filter: { _id: 'k2' }, update: { $set: { links: [] } } },
          { op: 'updateOne', collection: 'contents', filter: { _id: 'k1' }, update: { $push: { links: { short_code: 'abc', url: 'u' } } } },
        ]);
        await store.applyBatch([
          { op: 'updateOne', collection: 'contents', filter: { _id: 'k2' }, update: { $push: { links: { $each: [{ short_code: 'def' }, { short_code: 'abc' }] } } } },
        ]);
        assert.deepEqual(idsOf(await store.collection('contents').find({ 'links.short_code': 'abc' })), ['k1', 'k2']);
        assert.deepEqual(idsOf(await store.collection('contents').find({ 'links.short_code': 'def' })), ['k2']);
      });
    });

    describe('isolation', () => {
      test('mutating a returned document changes nothing stored', async () => {
        const docs = store.collection('docs');
        await docs.insertOne({ _id: 'x', list: [1], nested: { a: 1 } });
        const one = await docs.findOne({ _id: 'x' });
        one!.list = 'gone';
        (one!.nested as { a: number }).a = 99;
        const [many] = await docs.find({});
        (many!.list as number[]).push(2);
        const [agg] = await docs.aggregate<{ nested: { a: number } }>([{ $match: { _id: 'x' } }]);
        agg!.nested.a = 7;
        assert.deepEqual(await docs.findOne({ _id: 'x' }), { _id: 'x', list: [1], nested: { a: 1 } });
      });

      test('mutating an object after inserting or using it in an update changes nothing stored', async () => {
        const docs = store.collection('docs');
        const input = { _id: 'x', list: [1], nested: { a: 1 } };
        await docs.insertOne(input);
        input.list.push(2);
        input.nested.a = 2;
        const value = { deep: ['v'] };
        await docs.updateOne({ _id: 'x' }, { $set: { value } });
        value.deep.push('w');
        assert.deepEqual(await docs.findOne({ _id: 'x' }), { _id: 'x', list: [1], nested: { a: 1 }, value: { deep: ['v'] } });
      });
    });

    describe('applyBatch', () => {
      test('applies the writes in order, across collections', async () => {
        await store.applyBatch([
          { op: 'upsert', collection: 'feed', filter: { _id: 'f1' }, update: { $set: { state: 'new' }, $inc: { n: 1 } } },
          // Matches only because the upsert before it ran first.
          { op: 'updateOne', collection: 'feed', filter: { _id: 'f1', state: 'new' }, update: { $set: { state: 'seen' } } },
          { op: 'upsert', collection: 'feed', filter: { _id: 'f2' }, update: { $set: { state: 'new' } } },
          { op: 'updateMany', collection: 'feed', filter: { state: { $in: ['new', 'seen'] } }, update: { $inc: { n: 10 } } },
          { op: 'deleteOne', collection: 'feed', filter: { _id: 'f2' } },
          { op: 'upsert', collection: 'stats', filter: { _id: 'global' }, update: { $inc: { feeds: 2 } } },
          { op: 'deleteMany', collection: 'stats', filter: { feeds: { $lt: 0 } } },
        ]);
        assert.deepEqual(await store.collection('feed').find({}), [{ _id: 'f1', state: 'seen', n: 11 }]);
        assert.deepEqual(await store.collection('stats').find({}), [{ _id: 'global', feeds: 2 }]);
      });

      test('is all or nothing: when one write fails, none of the batch is kept', async () => {
        await store.ensureIndexes('handles', [{ key: { handle: 1 }, unique: true }]);
        await store.collection('handles').insertOne({ _id: 'h0', handle: 'taken' });
        const totals = { _id: 't', n: 1, log: ['a'], nested: { k: 1, list: [1] } };
        await store.collection('totals').insertOne(totals);
        await assert.rejects(
          store.applyBatch([
            { op: 'updateOne', collection: 'totals', filter: { _id: 't' }, update: { $inc: { n: 1 } } },
            {
              op: 'updateOne',
              collection: 'totals',
              filter: { _id: 't' },
              update: { $push: { log: 'b', 'nested.list': 2 }, $set: { 'nested.k': 2 } },
            },
            { op: 'upsert', collection: 'handles', filter: { _id: 'h1' }, update: { $set: { handle: 'free' } } },
            { op: 'deleteOne', collection: 'handles', filter: { _id: 'h0' } },
            { op: 'upsert', collection: 'handles', filter: { _id: 'h2' }, update: { $set: { handle: 'free' } } },
          ]),
          DuplicateKeyError,
        );
        assert.deepEqual(await store.collection('totals').find({}), [totals]);
        assert.deepEqual(await store.collection('handles').find({}), [{ _id: 'h0', handle: 'taken' }]);
      });

      test('applying the same position-guarded batch twice leaves the same state', async () => {
        const batch: WriteOp[] = [
          guarded('profiles', 'u1', 41, { $set: { name: 'Ann' }, $inc: { posts: 1 } }),
          guarded('profiles', 'u1', 42, { $inc: { posts: 1 }, $push: { log: 'p42' } }),
          guarded('profiles', 'u2', 43, { $set: { name: 'Ben' }, $inc: { posts: 1 } }),
          guarded('totals', 'all', 43, { $inc: { posts: 3 } }),
        ];
        await store.applyBatch(batch);
        const first = {
          profiles: (await store.collection('profiles').find({})).sort(byId),
          totals: await store.collection('totals').find({}),
        };
        assert.deepEqual(first.profiles, [
          { _id: 'u1', _pos: pos(42), name: 'Ann', posts: 2, log: ['p42'] },
          { _id: 'u2', _pos: pos(43), name: 'Ben', posts: 1 },
        ]);
        assert.deepEqual(first.totals, [{ _id: 'all', _pos: pos(43), posts: 3 }]);

        await store.applyBatch(batch);
        // An older event arriving late is skipped as well.
        await store.applyBatch([guarded('profiles', 'u2', 40, { $inc: { posts: 100 } })]);
        assert.deepEqual((await store.collection('profiles').find({})).sort(byId), first.profiles);
        assert.deepEqual(await store.collection('totals').find({}), first.totals);

        // A newer event still applies.
        await store.applyBatch([guarded('profiles', 'u2', 44, { $inc: { posts: 1 } })]);
        assert.equal((await store.collection('profiles').findOne({ _id: 'u2' }))?.posts, 2);
      });
    });

    describe('collections', () => {
      test('listCollections lists collections created by writes and index declarations', async () => {
        assert.deepEqual(await store.listCollections(), []);
        await store.collection('alpha').insertOne({ _id: '1' });
        await store.ensureIndexes('beta', [{ key: { k: 1 } }]);
        await store.collection('gamma').upsert({ _id: '1' }, { $set: { v: 1 } });
        assert.deepEqual((await store.listCollections()).sort(), ['alpha', 'beta', 'gamma']);
      });

      test('ensureIndexes with no indexes still creates the collection, which an empty rebuild shadow can replace the live one with', async () => {
        await store.collection('premium').insertOne({ _id: 'stale' });
        await store.ensureIndexes('premium__rebuild', []);
        await store.ensureIndexes('premium__rebuild', []);
        assert.deepEqual((await store.listCollections()).sort(), ['premium', 'premium__rebuild']);
        await store.renameCollection('premium__rebuild', 'premium');
        assert.deepEqual(await store.listCollections(), ['premium']);
        assert.deepEqual(await store.collection('premium').find({}), []);
      });

      test('dropCollection removes the documents and the collection, and tolerates a missing one', async () => {
        await store.collection('alpha').insertOne({ _id: '1' });
        await store.collection('beta').insertOne({ _id: '1' });
        await store.dropCollection('alpha');
        await store.dropCollection('never-existed');
        assert.deepEqual(await store.listCollections(), ['beta']);
        assert.deepEqual(await store.collection('alpha').find({}), []);
      });

      test('renameCollection replaces the target with the source, carrying the source indexes', async () => {
        await store.ensureIndexes('live', [{ key: { email: 1 }, unique: true }]);
        await store.collection('live').insertOne({ _id: 'old', email: 'same@x.io', v: 1 });
        await store.ensureIndexes('rebuild', [{ key: { handle: 1 }, unique: true }]);
        await store.collection('rebuild').insertOne({ _id: 'new', handle: 'h', v: 2 });

        await store.renameCollection('rebuild', 'live');

        assert.deepEqual(await store.listCollections(), ['live']);
        assert.deepEqual(await store.collection('live').find({}), [{ _id: 'new', handle: 'h', v: 2 }]);
        assert.deepEqual(await store.collection('rebuild').find({}), []);
        // The source's unique index came along; the replaced target's did not survive.
        await assert.rejects(store.collection('live').insertOne({ _id: 'dup', handle: 'h' }), DuplicateKeyError);
        await store.collection('live').insertOne({ _id: 'e1', handle: 'h1', email: 'same@x.io' });
        await store.collection('live').insertOne({ _id: 'e2', handle: 'h2', email: 'same@x.io' });
        assert.equal(await store.collection('live').count(), 3);
      });
    });
  });
}
