/**
 * The SQLite read store beyond the contract: SQL narrowing and pushdown on the read models' shapes, the
 * write path against a model, reopening, two connections on one file, and what it does with a missing or
 * corrupt file.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { setImmediate } from 'node:timers/promises';
import { Aggregator } from 'mingo';
import { createLogger } from '../logger.ts';
import type { Doc, Filter, ReadStoreReset, Sort } from './read-store.port.ts';
import { DuplicateKeyError, ReadStoreResetError } from './read-store.port.ts';
import { createSqliteReadStore, isCorruptError } from './sqlite-read-store.ts';
import { CollectionVersions } from './sqlite/collection-versions.ts';

let root = '';
let dirs = 0;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'crossfeed-sqlite-read-store-'));
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});
const freshFile = async (): Promise<string> => join(await mkdtemp(join(root, `s${++dirs}-`)), 'read-models.db');

const byId = (docs: Doc[]): string[] => docs.map((doc) => doc._id).sort();

/** A small deterministic generator, so a failure replays the same way. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A logger whose warn lines the test can read. */
function recordingLogger(): { logger: ReturnType<typeof createLogger>; warnings: string[] } {
  const logger = createLogger({ level: 'silent' });
  const warnings: string[] = [];
  logger.warn = ((fields: { reason?: string }, message: string) => void warnings.push(`${message} (${fields.reason ?? ''})`)) as typeof logger.warn;
  return { logger, warnings };
}

describe('SQLite read store: SQL narrowing and pushdown', () => {
  test('the read models\' lists, pages and counts run in SQL over their indexes, without reading other documents', async () => {
    const store = await createSqliteReadStore({ file: ':memory:' });
    await store.ensureIndexes('notifications', [{ key: { user_id: 1, timestamp: -1 } }]);
    await store.ensureIndexes('contacts', [{ key: { user_id: 1, created_at: 1 } }, { key: { user_id: 1, email_key: 1 } }]);
    await store.ensureIndexes('users', [{ key: { username_key: 1 }, unique: true }, { key: { email: 1 }, unique: true }, { key: { referral_code: 1 } }]);
    const ops = [];
    for (let i = 0; i < 3000; i++) {
      const user = `u${i % 3}`;
      ops.push({ op: 'upsert' as const, collection: 'notifications', filter: { _id: `n${i}` }, update: { $set: { user_id: user, timestamp: `2026-01-01T00:${String(i % 60).padStart(2, '0')}:00Z`, is_read: i % 2 === 0 } } });
      ops.push({ op: 'upsert' as const, collection: 'contacts', filter: { _id: `c${i}` }, update: { $set: { user_id: user, created_at: `2026-02-${String((i % 28) + 1).padStart(2, '0')}`, email_key: `e${i}@x.io` } } });
    }
    ops.push({ op: 'upsert' as const, collection: 'users', filter: { _id: 'a' }, update: { $set: { username_key: 'ada', email: 'ada@x.io', referral_code: null } } });
    await store.applyBatch(ops);

    const page = store.explain('notifications', { user_id: 'u1' }, { sort: { timestamp: -1, _id: -1 }, limit: 50, skip: 500 });
    assert.equal(page.mode, 'exact');
    assert.ok(page.plan.some((line) => /SEARCH c\d+ USING INDEX/.test(line)), page.plan.join('; '));
    const contacts = store.explain('contacts', { user_id: 'u2' }, { sort: { created_at: 1, email_key: 1 }, limit: 20, skip: 100 });
    assert.equal(contacts.mode, 'exact');
    // email_key is indexed (second field): SQL sorts by it too.
    assert.ok(!contacts.sql.includes('json_extract'), contacts.sql);
    const count = store.explain('contacts', { user_id: 'u2' }, { count: true });
    assert.equal(count.mode, 'exact');
    assert.ok(count.plan.some((line) => line.includes('COVERING INDEX')), count.plan.join('; '));
    const login = store.explain('users', { email: 'ada@x.io' }, { limit: 1 });
    assert.equal(login.mode, 'exact');
    assert.ok(login.plan.some((line) => /USING INDEX/.test(line)), login.plan.join('; '));
    // A condition on a field no index names is left to mingo, after the indexed narrowing.
    const unread = store.explain('notifications', { user_id: 'u1', is_read: false }, { sort: { timestamp: -1 }, limit: 10 });
    assert.equal(unread.mode, 'ordered');

    // And the answers are right.
    const expected = new Aggregator([{ $match: { user_id: 'u1' } }, { $sort: { timestamp: -1, _id: -1 } }, { $skip: 500 }, { $limit: 50 }], {}).run(
      await store.collection('notifications').find({}),
    ) as Doc[];
    assert.deepEqual(await store.collection('notifications').find({ user_id: 'u1' }, { sort: { timestamp: -1, _id: -1 }, limit: 50, skip: 500 }), expected);
    assert.equal(await store.collection('contacts').count({ user_id: 'u2' }), 1000);
    assert.equal((await store.collection('notifications').find({ user_id: 'u1', is_read: false }, { sort: { timestamp: -1 }, limit: 10 })).length, 10);
    assert.equal((await store.collection('users').findOne({ email: 'ada@x.io' }))?._id, 'a');
    await store.close();
  });

  test('equality on a multikey path is narrowed through the side table; mixed types keep SQL from claiming exactness', async () => {
    const store = await createSqliteReadStore({ file: ':memory:' });
    await store.ensureIndexes('contents', [{ key: { categories: 1, created_at: -1 } }, { key: { deleted: 1, status: 1, created_at: -1 } }]);
    const contents = store.collection('contents');
    assert.equal(store.explain('contents', { categories: 'art' }).mode, 'exact');
    await contents.insertOne({ _id: 'a', categories: ['art'], deleted: false, status: 'active', created_at: '1' });
    const multikey = store.explain('contents', { categories: { $in: ['art', 'tech'] }, deleted: false }, { sort: { created_at: -1 }, limit: 5 });
    assert.equal(multikey.mode, 'ordered');
    assert.match(multikey.sql, /SELECT r FROM k\d+/);
    assert.equal(store.explain('contents', { deleted: false }, { count: true }).mode, 'exact');
    // A number where booleans were: `deleted = 0` would also match it, so SQL no longer answers alone.
    await contents.insertOne({ _id: 'b', categories: 'tech', deleted: 0, status: 'active', created_at: '2' });
    assert.equal(store.explain('contents', { deleted: false }, { count: true }).mode, 'scan');
    assert.deepEqual(byId(await contents.find({ deleted: false })), ['a']);
    assert.deepEqual(byId(await contents.find({ categories: 'tech' })), ['b']);
    await store.close();
  });

  test('indexed finds and counts return exactly what a scan returns, through inserts, updates and deletes', async () => {
    const store = await createSqliteReadStore({ file: ':memory:' });
    await store.ensureIndexes('indexed', [{ key: { user_id: 1, created_at: -1 } }, { key: { categories: 1 } }, { key: { email: 1 }, unique: true }, { key: { n: 1 } }]);
    const indexed = store.collection('indexed');
    const scanned = store.collection('scanned');
    for (let i = 0; i < 60; i++) {
      const doc: Doc = {
        _id: `d${i}`,
        user_id: i % 7 === 0 ? null : `u${i % 5}`,
        categories: i % 3 === 0 ? [] : [`c${i % 4}`, `c${(i + 1) % 4}`],
        created_at: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
        n: i % 4 === 0 ? String(i) : i,
      };
      if (i % 11 !== 0 || i === 0) doc.email = `e${i}@x.com`;
      else if (i === 11) continue;
      else doc.email = `only-${i}@x.com`;
      await indexed.insertOne(doc);
      await scanned.insertOne(doc);
    }
    const filters: Filter[] = [
      { user_id: 'u1' },
      { user_id: null },
      { user_id: { $in: ['u2', 'u3', null] } },
      { user_id: { $eq: 'u4' }, n: { $gt: 10 } },
      { user_id: { $ne: 'u1' } },
      { user_id: { $nin: ['u1', null] } },
      { categories: 'c2' },
      { categories: { $in: ['c0', 'c3'] } },
      { categories: 'c2', user_id: 'u2' },
      { email: 'e5@x.com' },
      { email: null },
      { email: { $in: ['e1@x.com', 'e2@x.com', 'nope'] } },
      { n: { $gte: 20, $lt: 40 } },
      { n: { $gt: '3' } },
      { n: { $exists: true } },
      { created_at: { $lte: '2026-01-10' } },
      { $or: [{ user_id: 'u1' }, { n: 5 }] },
      { $and: [{ user_id: 'u2' }, { n: { $lt: 30 } }] },
      { user_id: 'nobody' },
    ];
    const sorts: (Sort | undefined)[] = [undefined, { created_at: -1, _id: 1 }, { n: 1, _id: 1 }];
    const compare = async (): Promise<void> => {
      for (const filter of filters) {
        const label = JSON.stringify(filter);
        assert.deepEqual(byId(await indexed.find(filter)), byId(await scanned.find(filter)), label);
        assert.equal(await indexed.count(filter), await scanned.count(filter), label);
        for (const sort of sorts) {
          if (!sort) continue;
          const options = { sort, skip: 2, limit: 5 };
          assert.deepEqual((await indexed.find(filter, options)).map((d) => d._id), (await scanned.find(filter, options)).map((d) => d._id), `${label} ${JSON.stringify(sort)}`);
        }
      }
    };
    await compare();
    for (const collection of [indexed, scanned]) {
      await collection.updateMany({ user_id: 'u1' }, { $set: { user_id: 'u9' }, $push: { categories: 'c2' } });
      await collection.updateOne({ _id: 'd3' }, { $set: { categories: ['c3'] } });
      await collection.deleteMany({ categories: 'c0' });
      await store.applyBatch([
        { op: 'upsert', collection: collection.name, filter: { _id: 'new' }, update: { $set: { user_id: 'u1', categories: ['c1'], email: 'new@x.com', n: 7 } } },
        { op: 'updateMany', collection: collection.name, filter: { n: { $lt: 10 } }, update: { $inc: { n: 100 } } },
      ]);
    }
    filters.push({ user_id: 'u9' });
    await compare();
    assert.equal((await indexed.find({ user_id: 'u1' })).length, 1);
    await store.close();
  });

  test('sorts like mingo: missing and null first ascending, mixed types in MongoDB order', async () => {
    const store = await createSqliteReadStore({ file: ':memory:' });
    await store.ensureIndexes('sorted', [{ key: { rank: 1 } }]);
    const collection = store.collection('sorted');
    const docs: Doc[] = Array.from({ length: 200 }, (_, i) => {
      const doc: Doc = { _id: `d${String(i).padStart(3, '0')}`, rank: (i * 37) % 11, name: `n${(i * 13) % 17}` };
      if (i % 9 === 0) delete doc.rank;
      if (i % 10 === 0) doc.rank = null;
      return doc;
    });
    for (const doc of docs) await collection.insertOne(doc);
    const sorts: Sort[] = [{ rank: 1, _id: 1 }, { rank: -1, _id: 1 }, { name: 1, rank: -1, _id: -1 }, { created: 1, _id: 1 }];
    const check = async (): Promise<void> => {
      const all = await collection.find({});
      for (const sort of sorts) {
        const expected = (new Aggregator([{ $sort: sort }], {}).run(all) as Doc[]).map((doc) => doc._id);
        assert.deepEqual((await collection.find({}, { sort })).map((doc) => doc._id), expected, JSON.stringify(sort));
      }
    };
    await check();
    // Strings sort above numbers, booleans above strings, as in MongoDB.
    await collection.insertOne({ _id: 'text', rank: 'high' });
    await collection.insertOne({ _id: 'bool', rank: true });
    await check();
    assert.deepEqual((await collection.find({}, { sort: { rank: -1, _id: 1 }, limit: 2 })).map((doc) => doc._id), ['bool', 'text']);
    await store.close();
  });
});

describe('SQLite read store: the write path', () => {
  test('documents and unique keys stay right through many inserts, updates and deletes, batched or not', async () => {
    const store = await createSqliteReadStore({ file: await freshFile() });
    await store.ensureIndexes('people', [{ key: { email: 1 }, unique: true }, { key: { handle: 1 }, unique: true }]);
    const people = store.collection('people');
    const model = new Map<string, Doc>();
    const owner = (field: 'email' | 'handle', value: unknown): string | undefined => [...model.values()].find((doc) => doc[field] === value)?._id;
    const next = random(7);
    const pick = (n: number): number => Math.floor(next() * n);
    let conflicts = 0;
    for (let step = 0; step < 3000; step++) {
      const id = `p${pick(300)}`;
      const email = `e${pick(400)}@x.com`;
      const handle = `h${pick(400)}`;
      const roll = next();
      if (roll < 0.5) {
        const taken = (owner('email', email) ?? id) !== id || (owner('handle', handle) ?? id) !== id;
        try {
          await store.applyBatch([{ op: 'upsert', collection: 'people', filter: { _id: id }, update: { $set: { email, handle, step }, $inc: { writes: 1 } } }]);
          assert.ok(!taken, `step ${step}: a taken key was accepted`);
          const before = model.get(id);
          model.set(id, { ...(before ?? { _id: id }), email, handle, step, writes: ((before?.writes as number | undefined) ?? 0) + 1 });
        } catch (error) {
          assert.ok(error instanceof DuplicateKeyError, String(error));
          assert.ok(taken, `step ${step}: a free key was refused`);
          conflicts++;
        }
      } else if (roll < 0.8) {
        await people.deleteOne({ _id: id });
        model.delete(id);
      } else if (roll < 0.83) {
        const cut = `p${pick(300)}`;
        await people.deleteMany({ _id: { $lt: cut } });
        for (const key of [...model.keys()]) if (key < cut) model.delete(key);
      } else {
        // Two writes to one document in one batch: one row write, both applied.
        await store.applyBatch([
          { op: 'upsert', collection: 'people', filter: { _id: `q${step}` }, update: { $set: { email: `q${step}@x.com`, handle: `q${step}` } } },
          { op: 'updateOne', collection: 'people', filter: { _id: `q${step}` }, update: { $inc: { writes: 2 } } },
        ]);
        model.set(`q${step}`, { _id: `q${step}`, email: `q${step}@x.com`, handle: `q${step}`, writes: 2 });
      }
    }
    assert.ok(conflicts > 30, `the run exercised conflicts (${conflicts})`);
    assert.equal(await people.count(), model.size);
    assert.deepEqual(
      (await people.find({}, { sort: { _id: 1 } })),
      [...model.values()].sort((a, b) => (a._id < b._id ? -1 : 1)),
    );
    for (const doc of model.values()) assert.deepEqual(await people.findOne({ email: doc.email }), doc);
    await store.close();
  });

  test('a batch whose writes move a unique key between documents goes through when its end state is valid', async () => {
    const store = await createSqliteReadStore({ file: ':memory:' });
    await store.ensureIndexes('accounts', [{ key: { email: 1 }, unique: true }]);
    await store.collection('accounts').insertOne({ _id: 'a', email: 'x' });
    await store.collection('accounts').insertOne({ _id: 'b', email: 'y' });
    // b takes a's address after a has moved on, within one batch.
    await store.applyBatch([
      { op: 'updateOne', collection: 'accounts', filter: { _id: 'b' }, update: { $set: { email: 'x' } } },
      { op: 'updateOne', collection: 'accounts', filter: { _id: 'a' }, update: { $set: { email: 'z' } } },
    ]);
    assert.deepEqual(await store.collection('accounts').find({}, { sort: { _id: 1 } }), [
      { _id: 'a', email: 'z' },
      { _id: 'b', email: 'x' },
    ]);
    await store.close();
  });

  test('the usual upsert shapes store what the general path stores, as copies', async () => {
    const store = await createSqliteReadStore({ file: ':memory:' });
    for (let i = 0; i < 12; i++) {
      const fields: Record<string, unknown> = { [`f${i}`]: i, tags: [], profile: { name: `n${i}`, list: [i] } };
      if (i % 2) fields.note = null;
      const update: Record<string, unknown> = { $set: fields, $max: { _pos: `p${i}` } };
      if (i % 3 === 0) update.$setOnInsert = { created: `c${i}`, seen: [] };
      if (i % 4 === 0) update.$inc = { count: 2 };
      // `$pull` leaves the lean path: mingo's operators give the same document.
      await store.applyBatch([
        { op: 'upsert', collection: 'lean', filter: { _id: `d${i}`, _pos: { $lt: `p${i}` } }, update },
        { op: 'upsert', collection: 'general', filter: { _id: { $eq: `d${i}` } }, update: { ...update, $pull: { nothing: 1 } } },
      ]);
      (fields.profile as { list: number[] }).list.push(99);
    }
    const lean = await store.collection('lean').find({});
    const general = (await store.collection('general').find({})).map(({ nothing: _n, ...doc }) => doc);
    assert.deepEqual(lean, general);
    assert.equal(lean.length, 12);
    assert.deepEqual(lean[0]!.profile, { name: 'n0', list: [0] });
    await store.close();
  });

  test('a __proto__ field in an update changes no prototype', async () => {
    const store = await createSqliteReadStore({ file: ':memory:' });
    const $set = JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}') as Record<string, unknown>;
    await store.applyBatch([{ op: 'upsert', collection: 'odd', filter: { _id: 'o' }, update: { $set } }]);
    await store.applyBatch([{ op: 'updateOne', collection: 'odd', filter: { _id: 'o' }, update: { $set: { 'a.b': 1 } } }]);
    assert.equal(await store.collection('odd').count({ name: 'x' }), 1);
    assert.equal(({} as { polluted?: unknown }).polluted, undefined);
    await store.close();
  });
});

describe('SQLite read store: the file', () => {
  test('collections, documents, indexes and what the store learned of them survive a reopen, with no data read at open', async () => {
    const file = await freshFile();
    const store = await createSqliteReadStore({ file });
    await store.ensureIndexes('users', [{ key: { email: 1 }, unique: true, name: 'email_unique' }, { key: { tags: 1 } }]);
    await store.collection('users').insertOne({ _id: 'u1', email: 'a@x.io', tags: ['a', 'b'], profile: { bio: 'line1\nline2 "quoted" ✓' } });
    await store.collection('users').insertOne({ _id: 'u2', email: 'b@x.io', tags: [] });
    await store.collection('counters').upsert({ _id: 'c' }, { $inc: { n: 3 } });
    await store.close();

    const reopened = await createSqliteReadStore({ file });
    assert.equal(reopened.openedFresh, undefined);
    assert.deepEqual(await reopened.listCollections(), ['counters', 'users']);
    assert.deepEqual(await reopened.collection('users').find({ tags: 'b' }), [
      { _id: 'u1', email: 'a@x.io', tags: ['a', 'b'], profile: { bio: 'line1\nline2 "quoted" ✓' } },
    ]);
    assert.match(reopened.explain('users', { tags: 'b' }).sql, /SELECT r FROM k\d+/);
    await assert.rejects(reopened.collection('users').insertOne({ _id: 'u3', email: 'a@x.io' }), DuplicateKeyError);
    await reopened.ensureIndexes('users', [{ key: { email: 1 }, unique: true, name: 'email_unique' }]);
    await reopened.close();
  });

  test('two connections on one file: the second sees the first one\'s collections, indexes and writes', async () => {
    const file = await freshFile();
    const writer = await createSqliteReadStore({ file });
    const reader = await createSqliteReadStore({ file });
    await writer.ensureIndexes('items', [{ key: { k: 1 } }]);
    await writer.collection('items').insertOne({ _id: 'i1', k: 'x' });
    assert.deepEqual(await reader.listCollections(), ['items']);
    assert.equal((await reader.collection('items').findOne({ k: 'x' }))?._id, 'i1');
    // The path turns multikey in the writer: the reader narrows through the side table from then on.
    await writer.collection('items').insertOne({ _id: 'i2', k: ['x', 'y'] });
    assert.deepEqual(byId(await reader.collection('items').find({ k: 'x' })), ['i1', 'i2']);
    await writer.renameCollection('items', 'renamed');
    assert.deepEqual(await reader.listCollections(), ['renamed']);
    await reader.close();
    await writer.close();
  });

  test('a reading guest in snapshots: one per turn, a new one after endSnapshot, each with the metadata of its own data', async () => {
    const file = await freshFile();
    const writer = await createSqliteReadStore({ file });
    const reader = await createSqliteReadStore({ file, guest: true, snapshotPerTurn: true });
    await writer.ensureIndexes('items', [{ key: { k: 1 } }]);
    await writer.collection('items').insertOne({ _id: 'i1', k: 'x' });
    assert.equal((await reader.collection('items').findOne({ k: 'x' }))?._id, 'i1');
    // Still this turn: the reader's snapshot does not hold the writer's next commit...
    await writer.collection('items').insertOne({ _id: 'i2', k: ['x', 'y'] });
    assert.deepEqual(byId(await reader.collection('items').find({ k: 'x' })), ['i1']);
    // ...until it is ended; then the path has turned multikey in the reader's metadata too.
    reader.endSnapshot();
    assert.deepEqual(byId(await reader.collection('items').find({ k: 'x' })), ['i1', 'i2']);
    await writer.collection('items').insertOne({ _id: 'i3', k: 'x' });
    await setImmediate(); // a new turn, a new snapshot
    assert.deepEqual(byId(await reader.collection('items').find({ k: 'x' })), ['i1', 'i2', 'i3']);
    await writer.renameCollection('items', 'renamed');
    reader.endSnapshot();
    assert.deepEqual(await reader.listCollections(), ['renamed']);
    assert.equal(await reader.collection('renamed').count({ k: 'x' }), 3);
    await reader.close();
    await writer.close();
    await assert.rejects(createSqliteReadStore({ file, snapshotPerTurn: true }), /Only a guest reads in snapshots/);
  });

  test('collection versions: the owner moves them with each commit, a reader in snapshots knows them as its snapshot began', async () => {
    const file = await freshFile();
    const versions = new CollectionVersions();
    const writer = await createSqliteReadStore({ file, versions });
    const reader = await createSqliteReadStore({ file, guest: true, snapshotPerTurn: true, versions });
    await writer.collection('items').insertOne({ _id: 'i1', n: 1 });
    const afterCreate = versions.of('items');
    assert.equal(reader.docTextById('items', 'i1'), JSON.stringify({ _id: 'i1', n: 1 }));
    assert.equal(reader.snapshotVersion('items'), afterCreate);
    await writer.collection('items').updateOne({ _id: 'i1' }, { $set: { n: 2 } });
    assert.equal(versions.of('items'), afterCreate + 1, 'one commit that wrote items');
    // The snapshot still holds n: 1, and says so by its version: a copy tagged with it is read again.
    assert.equal(reader.docTextById('items', 'i1'), JSON.stringify({ _id: 'i1', n: 1 }));
    assert.equal(reader.snapshotVersion('items'), afterCreate);
    reader.endSnapshot();
    assert.equal(reader.docTextById('items', 'i1'), JSON.stringify({ _id: 'i1', n: 2 }));
    assert.equal(reader.snapshotVersion('items'), afterCreate + 1);
    assert.equal(reader.docTextById('items', 'missing'), null);
    const other = versions.of('others');
    await writer.ensureIndexes('others', [{ key: { k: 1 } }]);
    assert.ok(versions.of('others') > other && versions.of('items') > afterCreate + 1, 'a new collection or index moves every version');
    await reader.close();
    await writer.close();
  });

  test('a missing file is created empty', async () => {
    const file = await freshFile();
    const store = await createSqliteReadStore({ file });
    assert.equal(store.openedFresh, 'missing');
    assert.deepEqual(await store.listCollections(), []);
    await store.close();
  });

  test('a file that is not a database is moved aside, with its WAL, and recreated', async () => {
    const file = await freshFile();
    const store = await createSqliteReadStore({ file });
    await store.collection('items').insertOne({ _id: 'i1' });
    await store.close();
    await overwrite(file, 0, 4096);
    const { logger, warnings } = recordingLogger();
    const reopened = await createSqliteReadStore({ file, logger });
    assert.match(reopened.openedFresh ?? '', /corrupt/);
    assert.deepEqual(await reopened.listCollections(), []);
    assert.ok(warnings.some((line) => line.includes('moved aside')), warnings.join('\n'));
    assert.equal(movedAside(file).length, 1);
    await reopened.close();
  });

  test('after an unclean shutdown a failing quick_check recreates the file; a passing one keeps it', async () => {
    // Intact: kept, without a rebuild.
    const intact = await freshFile();
    await populate(intact);
    markUnclean(intact);
    const kept = await createSqliteReadStore({ file: intact });
    assert.equal(kept.openedFresh, undefined);
    assert.equal(await kept.collection('items').count(), 2000);
    await kept.close();

    // Damaged in pages the open does not read: only the integrity check finds it.
    const damaged = await freshFile();
    await populate(damaged);
    markUnclean(damaged);
    await overwrite(damaged, await rootPageOffset(damaged, 'items'), 32768);
    const { logger, warnings } = recordingLogger();
    const recreated = await createSqliteReadStore({ file: damaged, logger });
    assert.match(recreated.openedFresh ?? '', /integrity check/);
    assert.deepEqual(await recreated.listCollections(), []);
    assert.ok(warnings.some((line) => line.includes('quick_check') || line.includes('integrity')), warnings.join('\n'));
    await recreated.close();
  });

  test('corruption found on use: the operation fails, the file is recreated, and the reset listeners are told', async () => {
    const file = await freshFile();
    await populate(file);
    await overwrite(file, await rootPageOffset(file, 'items'), 32768);
    const store = await createSqliteReadStore({ file, logger: createLogger({ level: 'silent' }) });
    assert.equal(store.openedFresh, undefined);
    const resets: ReadStoreReset[] = [];
    store.onReset((reset) => resets.push(reset));
    await assert.rejects(store.collection('items').find({}), ReadStoreResetError);
    assert.equal(resets.length, 1);
    assert.match(resets[0]!.reason, /corrupt/);
    assert.equal(movedAside(file).length, 1);
    // The store goes on, empty.
    assert.deepEqual(await store.listCollections(), []);
    await store.collection('items').insertOne({ _id: 'again' });
    assert.equal(await store.collection('items').count(), 1);
    await store.close();
  });

  test('a guest connection (split deployment) leaves the clean-shutdown mark and a corrupt file to the owner', async () => {
    const file = await freshFile();
    await populate(file);
    markUnclean(file); // the owner (projections) is running, or was killed
    const guest = await createSqliteReadStore({ file, guest: true });
    assert.equal(await guest.collection('items').count(), 2000);
    await guest.close();
    assert.equal(cleanMark(file), '0', 'a guest closing says nothing about the owner');

    // Damaged: the guest runs no integrity check at open, and on use it fails without moving the file.
    await overwrite(file, await rootPageOffset(file, 'items'), 32768);
    const damaged = await createSqliteReadStore({ file, guest: true, logger: createLogger({ level: 'silent' }) });
    assert.equal(damaged.openedFresh, undefined);
    await assert.rejects(damaged.collection('items').find({}), (error: unknown) => isCorruptError(error));
    assert.deepEqual(movedAside(file), []);
    await damaged.close();
    // The owner finds it at its next open (unclean shutdown: quick_check) and rebuilds.
    const owner = await createSqliteReadStore({ file, logger: createLogger({ level: 'silent' }) });
    assert.match(owner.openedFresh ?? '', /integrity check/);
    await owner.close();
  });
});

function cleanMark(file: string): string | undefined {
  const db = new DatabaseSync(file, { readOnly: true });
  const row = db.prepare("SELECT value FROM _rs_meta WHERE key = 'clean_shutdown'").get() as { value: string } | undefined;
  db.close();
  return row?.value;
}

async function populate(file: string): Promise<void> {
  const store = await createSqliteReadStore({ file });
  await store.ensureIndexes('items', [{ key: { k: 1 } }]);
  await store.applyBatch(Array.from({ length: 2000 }, (_, i) => ({ op: 'upsert' as const, collection: 'items', filter: { _id: `i${i}` }, update: { $set: { k: i, text: 'x'.repeat(200) } } })));
  await store.close();
}

/** Marks the file as not shut down cleanly, as a killed process leaves it. */
function markUnclean(file: string): void {
  const db = new DatabaseSync(file);
  db.exec("UPDATE _rs_meta SET value = '0' WHERE key = 'clean_shutdown'");
  db.close();
}

/** Where the table of a collection starts in the file. */
async function rootPageOffset(file: string, collection: string): Promise<number> {
  const db = new DatabaseSync(file, { readOnly: true });
  const { tid } = db.prepare('SELECT tid FROM _rs_collections WHERE name = ?').get(collection) as { tid: number };
  const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(`c${tid}`) as { rootpage: number };
  const { page_size: pageSize } = db.prepare('PRAGMA page_size').get() as { page_size: number };
  db.close();
  assert.equal((await stat(`${file}-wal`).catch(() => undefined))?.size ?? 0, 0, 'no WAL left: the pages are in the file');
  return (rootpage - 1) * pageSize;
}

/** Writes garbage bytes over part of a closed database file. */
async function overwrite(file: string, offset: number, length: number): Promise<void> {
  const garbage = Buffer.alloc(length);
  const next = random(42);
  for (let i = 0; i < length; i++) garbage[i] = Math.floor(next() * 256);
  const handle = await open(file, 'r+');
  await handle.write(garbage, 0, length, offset);
  await handle.close();
}

function movedAside(file: string): string[] {
  const dir = join(file, '..');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.includes('.corrupt-') && !name.endsWith('-wal') && !name.endsWith('-shm')) : [];
}
