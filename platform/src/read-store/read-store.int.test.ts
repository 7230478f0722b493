/**
 * Runs the ReadStore contract against every adapter available here, plus tests specific to the in-memory
 * store (snapshots, the fast filter path). MongoDB runs when MONGODB_URL is set; the contract's all-or-nothing
 * batch test needs a deployment with transactions (a replica set, even a single-node one).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { find } from 'mingo';
import { createMemoryReadStore } from './memory-read-store.ts';
import { createMongoReadStore } from './mongo-read-store.ts';
import { readStoreContract } from './read-store.contract.ts';
import { DuplicateKeyError } from './read-store.port.ts';
import type { Doc, ReadStore } from './read-store.port.ts';

let root = '';
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'crossfeed-read-store-'));
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});

async function snapshotPath(): Promise<string> {
  const dir = await mkdtemp(join(root, 'snap-'));
  return join(dir, 'read-models.ndjson');
}

/** Every collection's documents (sorted by _id) and the collection list: what must survive a reopen. */
async function dump(store: ReadStore): Promise<Record<string, Doc[]>> {
  const out: Record<string, Doc[]> = {};
  for (const name of await store.listCollections()) {
    out[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
  }
  return out;
}

readStoreContract('memory', async () => {
  const store = await createMemoryReadStore();
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

describe('memory read store snapshots', () => {
  test('flush then reopen restores identical collections and indexes', async () => {
    const file = await snapshotPath();
    const store = await createMemoryReadStore({ snapshotFile: file });
    await store.ensureIndexes('users', [{ key: { email: 1 }, unique: true, name: 'email_unique' }, { key: { createdAt: -1 } }]);
    await store.ensureIndexes('empty', [{ key: { k: 1 }, unique: true }]);
    await store.collection('users').insertOne({
      _id: 'u1',
      email: 'a@x.io',
      profile: { name: 'Ann', links: ['https://a.example'], bio: 'line1\nline2 "quoted" ✓' },
      joinedAt: new Date('2024-05-06T07:08:09.010Z'),
      score: 1.5,
      flags: null,
    });
    await store.collection('users').insertOne({ _id: 'u2', email: 'b@x.io', tags: [] });
    await store.collection('counters').upsert({ _id: 'c' }, { $inc: { n: 3 } });
    const before = await dump(store);
    await store.flush();
    await store.close();

    const reopened = await createMemoryReadStore({ snapshotFile: file });
    const restored = await dump(reopened);
    assert.deepEqual(restored, before);
    assert.ok(restored.users?.[0]?.joinedAt instanceof Date, 'dates come back as Date');
    // Unique indexes are enforced again, on the collection that had documents and on the empty one.
    await assert.rejects(reopened.collection('users').insertOne({ _id: 'u3', email: 'a@x.io' }), DuplicateKeyError);
    await reopened.collection('empty').insertOne({ _id: 'e1', k: 1 });
    await assert.rejects(reopened.collection('empty').insertOne({ _id: 'e2', k: 1 }), DuplicateKeyError);
    // Re-declaring the same indexes is a no-op, as for a fresh store.
    await reopened.ensureIndexes('users', [{ key: { email: 1 }, unique: true, name: 'email_unique' }, { key: { createdAt: -1 } }]);
    await reopened.close();
  });

  test('a crash while writing the next snapshot (a stray .tmp file) leaves the previous one loadable', async () => {
    const file = await snapshotPath();
    const store = await createMemoryReadStore({ snapshotFile: file });
    await store.collection('items').insertOne({ _id: 'i1', v: 1 });
    await store.flush();
    await store.collection('items').insertOne({ _id: 'i2', v: 2 });
    await store.close();
    // The process died half-way through writing the next snapshot.
    const full = await readFile(file, 'utf8');
    await writeFile(`${file}.tmp`, full.slice(0, Math.floor(full.length / 2)));

    const reopened = await createMemoryReadStore({ snapshotFile: file });
    assert.deepEqual(await dump(reopened), { items: [{ _id: 'i1', v: 1 }] });
    // The next flush overwrites the leftover and becomes the snapshot.
    await reopened.collection('items').insertOne({ _id: 'i3', v: 3 });
    await reopened.flush();
    await reopened.close();
    await assert.rejects(stat(`${file}.tmp`), { code: 'ENOENT' });
    const again = await createMemoryReadStore({ snapshotFile: file });
    assert.deepEqual(await dump(again), { items: [{ _id: 'i1', v: 1 }, { _id: 'i3', v: 3 }] });
    await again.close();
  });

  test('a truncated snapshot file is refused instead of being loaded partially', async () => {
    const file = await snapshotPath();
    const store = await createMemoryReadStore({ snapshotFile: file });
    await store.collection('items').insertOne({ _id: 'i1' });
    await store.collection('items').insertOne({ _id: 'i2' });
    await store.flush();
    await store.close();
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    await writeFile(file, lines.slice(0, -1).join('\n') + '\n');
    await assert.rejects(createMemoryReadStore({ snapshotFile: file }), /not valid: truncated/);
  });

  test('a flush captures the state when it starts, even if writes continue while it is written', async () => {
    const file = await snapshotPath();
    const store = await createMemoryReadStore({ snapshotFile: file });
    const ops = Array.from({ length: 20_000 }, (_, i) => ({
      op: 'upsert' as const,
      collection: 'big',
      filter: { _id: `d${i}` },
      update: { $set: { i, text: 'x'.repeat(40) } },
    }));
    await store.applyBatch(ops);
    const flushing = store.flush();
    await store.applyBatch([
      { op: 'updateMany', collection: 'big', filter: {}, update: { $inc: { i: 1_000_000 } } },
      { op: 'upsert', collection: 'later', filter: { _id: 'x' }, update: { $set: { v: 1 } } },
    ]);
    await flushing;
    await store.close();

    const reopened = await createMemoryReadStore({ snapshotFile: file });
    assert.deepEqual(await reopened.listCollections(), ['big']);
    assert.equal(await reopened.collection('big').count(), 20_000);
    assert.equal(await reopened.collection('big').count({ i: { $gte: 1_000_000 } }), 0);
    assert.deepEqual(await reopened.collection('big').findOne({ _id: 'd19999' }), { _id: 'd19999', i: 19_999, text: 'x'.repeat(40) });
    await reopened.close();
  });

  test('flush without a snapshot file writes nothing and close does not flush', async () => {
    const store = await createMemoryReadStore();
    await store.collection('items').insertOne({ _id: 'i1' });
    await store.flush();
    await store.close();

    const file = await snapshotPath();
    const withFile = await createMemoryReadStore({ snapshotFile: file });
    await withFile.collection('items').insertOne({ _id: 'i1' });
    await withFile.close();
    await assert.rejects(stat(file), { code: 'ENOENT' });
  });
});

describe('memory read store filters', () => {
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

  test('find returns exactly what mingo returns for scalar, array, nested and mixed-type filters', async () => {
    const store = await createMemoryReadStore();
    for (const doc of docs) await store.collection('mixed').insertOne(doc);
    for (const filter of filters) {
      const expected = find(docs, filter).all().map((d) => d._id as string).sort();
      const actual = (await store.collection('mixed').find(filter)).map((d) => d._id).sort();
      assert.deepEqual(actual, expected, `filter ${JSON.stringify(filter)}`);
      assert.equal(await store.collection('mixed').count(filter), expected.length, `count ${JSON.stringify(filter)}`);
    }
    await store.close();
  });
});
