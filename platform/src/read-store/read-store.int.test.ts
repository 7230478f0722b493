/**
 * Runs the ReadStore contract against every adapter available here: SQLite on a file and in memory, and
 * MongoDB when MONGODB_URL is set (the contract's all-or-nothing batch test needs a deployment with
 * transactions: a replica set, even a single-node one). Plus a check of the SQLite store's SQL narrowing
 * against mingo.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { find } from 'mingo';
import { createMongoReadStore } from './mongo-read-store.ts';
import { readStoreContract } from './read-store.contract.ts';
import type { Doc, ReadStore } from './read-store.port.ts';
import { createSqliteReadStore } from './sqlite-read-store.ts';
import { createThreadedSqliteReadStore } from './threaded-sqlite-read-store.ts';
import { CollectionVersions } from './sqlite/collection-versions.ts';

let root = '';
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'crossfeed-read-store-'));
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});

let files = 0;
/** The contract against a store opened on a fresh file of its own, removed afterwards. */
function contractOnFile(label: string, open: (file: string) => Promise<ReadStore>): void {
  readStoreContract(label, async () => {
    const dir = await mkdtemp(join(root, `contract-${++files}-`));
    const store = await open(join(dir, 'read-models.db'));
    return {
      store,
      cleanup: async () => {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  });
}

contractOnFile('SQLite file', (file) => createSqliteReadStore({ file }));
contractOnFile('SQLite file, writes on the writer thread', (file) => createThreadedSqliteReadStore({ file }));
contractOnFile('SQLite file, writes on the writer thread, documents kept by id and every answer kept', (file) =>
  createThreadedSqliteReadStore({ file, versions: new CollectionVersions(), answersStableMs: 0 }),
);

readStoreContract('SQLite :memory:', async () => {
  const store = await createSqliteReadStore({ file: ':memory:' });
  return { store, cleanup: () => store.close() };
});

const mongoUrl = process.env.MONGODB_URL;
if (mongoUrl) {
  readStoreContract('MongoDB', async () => {
    const store = await createMongoReadStore({ url: mongoUrl, dbName: `crossfeed_contract_${randomUUID().slice(0, 8)}` });
    return {
      store,
      cleanup: async () => {
        for (const name of await store.listCollections()) await store.dropCollection(name);
        await store.close();
      },
    };
  });
} else {
  console.log('skipped: set MONGODB_URL to run the MongoDB contract suite');
}

describe('SQLite read store filters', () => {
  const docs: Doc[] = [
    { _id: 'a', n: 1, s: 'apple', b: true, nul: null, nested: { n: 1, s: 'x' }, arr: [1, 2], pos: '00000000000000000005' },
    { _id: 'b', n: 2, s: 'banana', b: false, nested: { n: 2 }, arr: [], pos: '00000000000000000042' },
    { _id: 'c', n: '2', s: 'cherry', nested: 'flat', arr: [3], pos: null },
    { _id: 'd', n: 2.5, s: 'Date', nested: { n: [1, 5] }, arr: [[1], 2], when: new Date('2024-01-01') },
    { _id: 'e', s: 'egg', nul: 0, nested: null, arr: 1, pos: 42 },
    { _id: 'f', n: -0, s: '', b: 1, nested: { s: null }, arr: ['1'] },
    { _id: 'g', s: 'grape', arr: [null, 4, 'x'] },
  ];
  const filters: Record<string, unknown>[] = [
    { n: 2 },
    { n: '2' },
    { n: { $gt: 1 } },
    { n: { $lte: 2, $gte: 0 } },
    { n: { $lt: '3' } },
    { n: 0 },
    { n: null },
    { n: { $ne: 2 } },
    { n: { $ne: null } },
    { nul: null },
    { nul: { $exists: true } },
    { nul: { $exists: false } },
    { b: true },
    { b: { $in: [true, 1] } },
    { s: { $in: ['apple', 'egg', null] } },
    { s: { $nin: ['apple', 'egg'] } },
    { 'nested.n': 2 },
    { 'nested.n': { $gte: 1 } },
    { 'nested.n': null },
    { 'nested.s': null },
    { 'nested.s': { $exists: true } },
    { arr: 2 },
    { arr: 1 },
    { arr: { $gt: 1 } },
    { arr: { $in: [3, '1'] } },
    { arr: { $ne: 2 } },
    { arr: { $nin: [1, 3] } },
    { arr: null },
    { arr: { $ne: null } },
    { arr: { $exists: true } },
    { arr: { $gt: 1, $lt: 3 } },
    { arr: { $in: [2, 99, null] } },
    { arr: { $eq: '1' } },
    { arr: 'x', s: 'grape' },
    { pos: { $lt: '00000000000000000042' } },
    { pos: { $lt: 100 } },
    { pos: null },
    { _id: 'a', pos: { $lt: '00000000000000000042' } },
    { _id: 'b', pos: { $lt: '00000000000000000042' } },
    { _id: { $in: ['a', 'c', 'zz'] }, n: { $exists: true } },
    { when: { $gte: new Date('2023-01-01') } },
    { s: /an/ },
    { $or: [{ n: 1 }, { s: 'egg' }] },
  ];

  test('find and count return exactly what mingo returns for scalar, array, nested and mixed-type filters, indexed or not', async () => {
    const store = await createSqliteReadStore({ file: ':memory:' });
    // The same documents twice: one collection with every field indexed (SQL narrows), one without (mingo alone).
    const fields = ['n', 's', 'b', 'nul', 'nested.n', 'nested.s', 'arr', 'pos', 'when'];
    await store.ensureIndexes('indexed', fields.map((field) => ({ key: { [field]: 1 } })));
    // Stored as JSON: a Date is its ISO text.
    const stored = JSON.parse(JSON.stringify(docs)) as Doc[];
    for (const doc of docs) {
      await store.collection('indexed').insertOne(doc);
      await store.collection('plain').insertOne(doc);
    }
    for (const filter of filters) {
      const expected = find(stored, filter).all().map((d) => d._id as string).sort();
      for (const name of ['indexed', 'plain']) {
        const actual = (await store.collection(name).find(filter)).map((d) => d._id).sort();
        assert.deepEqual(actual, expected, `${name} filter ${JSON.stringify(filter)}`);
        assert.equal(await store.collection(name).count(filter), expected.length, `${name} count ${JSON.stringify(filter)}`);
      }
    }
    await store.close();
  });
});
