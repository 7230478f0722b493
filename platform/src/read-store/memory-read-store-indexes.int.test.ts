import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryReadStore } from './memory-read-store.ts';
import type { Doc, Filter, Sort } from './read-store.port.ts';

const byId = (docs: Doc[]) => docs.map((doc) => doc._id).sort();

describe('memory read store secondary indexes', () => {
  test('indexed finds return exactly what a scan returns, through inserts, updates and deletes', async () => {
    const store = await createMemoryReadStore();
    await store.ensureIndexes('indexed', [{ key: { user_id: 1, created_at: -1 } }, { key: { categories: 1 } }, { key: { email: 1 }, unique: true }]);
    const indexed = store.collection('indexed');
    const scanned = store.collection('scanned');
    const docs = Array.from({ length: 60 }, (_, i) => ({
      _id: `d${i}`,
      user_id: i % 7 === 0 ? null : `u${i % 5}`,
      categories: i % 3 === 0 ? [] : [`c${i % 4}`, `c${(i + 1) % 4}`],
      email: i % 11 === 0 ? undefined : `e${i}@x.com`,
      created_at: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
      n: i,
    }));
    for (const doc of docs) {
      const clean = Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined)) as Doc;
      if (doc.email === undefined && doc._id !== 'd0') continue; // unique index: one document without email
      await indexed.insertOne(clean);
      await scanned.insertOne(clean);
    }
    const filters: Filter[] = [
      { user_id: 'u1' },
      { user_id: null },
      { user_id: { $in: ['u2', 'u3', null] } },
      { user_id: { $eq: 'u4' }, n: { $gt: 10 } },
      { categories: 'c2' },
      { categories: { $in: ['c0', 'c3'] } },
      { categories: 'c2', user_id: 'u2' },
      { email: 'e5@x.com' },
      { email: null },
      { email: { $in: ['e1@x.com', 'e2@x.com', 'nope'] } },
      { user_id: 'nobody' },
    ];
    const compare = async () => {
      for (const filter of filters) {
        assert.deepEqual(byId(await indexed.find(filter)), byId(await scanned.find(filter)), JSON.stringify(filter));
        assert.equal(await indexed.count(filter), await scanned.count(filter), JSON.stringify(filter));
      }
    };
    await compare();
    for (const collection of [indexed, scanned]) {
      await collection.updateMany({ user_id: 'u1' }, { $set: { user_id: 'u9' }, $push: { categories: 'c2' } });
      await collection.updateOne({ _id: 'd3' }, { $set: { categories: ['c3'] } });
      await collection.deleteMany({ categories: 'c0' });
      await store.applyBatch([{ op: 'upsert', collection: collection.name, filter: { _id: 'new' }, update: { $set: { user_id: 'u1', categories: ['c1'], email: 'new@x.com' } } }]);
    }
    filters.push({ user_id: 'u9' });
    await compare();
    assert.equal((await indexed.find({ user_id: 'u1' })).length, 1);
  });

  test('an index declared on a populated collection covers the existing documents', async () => {
    const store = await createMemoryReadStore();
    const collection = store.collection('late');
    for (let i = 0; i < 10; i++) await collection.insertOne({ _id: `d${i}`, owner: `o${i % 2}` });
    await store.ensureIndexes('late', [{ key: { owner: 1 } }]);
    assert.deepEqual(byId(await collection.find({ owner: 'o1' })), ['d1', 'd3', 'd5', 'd7', 'd9']);
  });
});

describe('memory read store sorting', () => {
  test('sorts like mingo: missing and null first ascending, ties broken by the next key, both directions', async () => {
    const { Aggregator } = await import('mingo');
    const store = await createMemoryReadStore();
    const collection = store.collection('sorted');
    const docs: Doc[] = Array.from({ length: 200 }, (_, i) => {
      const doc: Doc = { _id: `d${String(i).padStart(3, '0')}`, rank: (i * 37) % 11, name: `n${(i * 13) % 17}` };
      if (i % 9 === 0) delete doc.rank;
      if (i % 10 === 0) doc.rank = null;
      return doc;
    });
    for (const doc of docs) await collection.insertOne(doc);
    const sorts: Sort[] = [{ rank: 1 }, { rank: -1, _id: 1 }, { name: 1, rank: -1, _id: -1 }, { created: 1, _id: 1 }];
    for (const sort of sorts) {
      const expected = new Aggregator([{ $sort: sort }], {}).run<Doc>(docs).map((doc) => doc._id);
      const actual = (await collection.find({}, { sort })).map((doc) => doc._id);
      if (Object.keys(sort).includes('_id')) assert.deepEqual(actual, expected, JSON.stringify(sort));
      else {
        // Without a unique tie-breaker only the order of the sort key is defined.
        const key = Object.keys(sort)[0]!;
        const values = (ids: string[]) => ids.map((id) => docs.find((doc) => doc._id === id)![key] ?? null);
        assert.deepEqual(values(actual), values(expected), JSON.stringify(sort));
      }
    }
    // Mixed types fall back to mingo's full BSON ordering.
    await collection.insertOne({ _id: 'mixed', rank: 'high' });
    const mixed = await collection.find({}, { sort: { rank: -1, _id: 1 } });
    assert.equal(mixed[0]?._id, 'mixed', 'strings sort above numbers, as in MongoDB');
  });
});
