import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryReadStore } from './memory-read-store.ts';
import type { Doc, Update } from './read-store.port.ts';
import { DuplicateKeyError } from './read-store.port.ts';

/** A small deterministic generator, so a failure replays the same way. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('memory read store write path', () => {
  test('documents, natural order and unique keys stay right through many inserts, updates and deletes', async () => {
    const store = await createMemoryReadStore();
    await store.ensureIndexes('people', [{ key: { email: 1 }, unique: true }, { key: { handle: 1 }, unique: true }]);
    const people = store.collection('people');
    // The model: a Map keeps insertion order as a collection's natural order does (an update keeps the place).
    const model = new Map<string, Doc>();
    const owner = (field: 'email' | 'handle', value: unknown): string | undefined =>
      [...model.values()].find((doc) => doc[field] === value)?._id;
    const next = random(7);
    const pick = (n: number): number => Math.floor(next() * n);
    let conflicts = 0;
    for (let step = 0; step < 6000; step++) {
      const id = `p${pick(400)}`;
      const email = `e${pick(500)}@x.com`;
      const handle = `h${pick(500)}`;
      const roll = next();
      if (roll < 0.45) {
        const taken = (owner('email', email) ?? id) !== id || (owner('handle', handle) ?? id) !== id;
        try {
          await store.applyBatch([{ op: 'upsert', collection: 'people', filter: { _id: id }, update: { $set: { email, handle, step } } }]);
          assert.ok(!taken, `step ${step}: a taken key was accepted`);
          model.set(id, { ...(model.get(id) ?? { _id: id }), email, handle, step });
        } catch (error) {
          assert.ok(error instanceof DuplicateKeyError, String(error));
          assert.ok(taken, `step ${step}: a free key was refused`);
          conflicts++;
        }
      } else if (roll < 0.75) {
        await people.deleteOne({ _id: id });
        model.delete(id);
      } else {
        // Delete many at once now and then: the table compacts the holes they leave.
        const cut = `p${pick(400)}`;
        if (roll < 0.78) {
          await people.deleteMany({ _id: { $lt: cut } });
          for (const key of [...model.keys()]) if (key < cut) model.delete(key);
        }
      }
    }
    assert.ok(conflicts > 50, `the run exercised conflicts (${conflicts})`);
    assert.equal(await people.count(), model.size);
    assert.deepEqual(
      (await people.find({})).map((doc) => doc._id),
      [...model.keys()],
      'natural order is insertion order',
    );
    for (const doc of model.values()) {
      assert.deepEqual(await people.findOne({ email: doc.email }), doc);
      assert.deepEqual(await people.findOne({ handle: doc.handle }), doc);
    }
    // Every key no document holds is free again.
    for (let i = 0; i < 500; i++) {
      const email = `e${i}@x.com`;
      if (owner('email', email) !== undefined) continue;
      await people.insertOne({ _id: `free-${i}`, email, handle: `free-${i}` });
    }
  });

  test('large collections keep order and keys through growth, mass deletes and reinserts', async () => {
    const store = await createMemoryReadStore();
    await store.ensureIndexes('big', [{ key: { key: 1 }, unique: true }]);
    const big = store.collection('big');
    const n = 40_000;
    const batch = (from: number, to: number, tag: string) =>
      store.applyBatch(
        Array.from({ length: to - from }, (_, k) => ({
          op: 'upsert' as const,
          collection: 'big',
          filter: { _id: `d${from + k}` },
          update: { $set: { key: `k${from + k}`, tag } },
        })),
      );
    await batch(0, n, 'first');
    // Deleting most documents compacts the table; then some come back, at the end of the natural order.
    await big.deleteMany({ _id: { $nin: Array.from({ length: n / 100 }, (_, k) => `d${k * 100}`) } });
    assert.equal(await big.count(), n / 100);
    await batch(n - 1000, n + 1000, 'again');
    const expected = [...Array.from({ length: n / 100 }, (_, k) => `d${k * 100}`), ...Array.from({ length: 2000 }, (_, k) => `d${n - 1000 + k}`)];
    const unique = [...new Set(expected)];
    assert.deepEqual(
      (await big.find({})).map((doc) => doc._id),
      unique,
    );
    for (const id of ['d0', 'd100', `d${n - 100}`, `d${n - 1}`, `d${n + 999}`]) {
      assert.equal((await big.findOne({ key: `k${id.slice(1)}` }))?._id, id, id);
    }
    assert.equal(await big.findOne({ key: 'k1' }), null);
    await assert.rejects(big.insertOne({ _id: 'other', key: `k${n + 5}` }), DuplicateKeyError);
    await big.insertOne({ _id: 'other', key: 'k1' });
  });

  test('a batch refused by its second unique index leaves the key it took in the first one free', async () => {
    const store = await createMemoryReadStore();
    await store.ensureIndexes('accounts', [{ key: { email: 1 }, unique: true }, { key: { name: 1 }, unique: true }]);
    const accounts = store.collection('accounts');
    await accounts.insertOne({ _id: 'a', email: 'a@x.com', name: 'ann' });
    await assert.rejects(
      store.applyBatch([{ op: 'upsert', collection: 'accounts', filter: { _id: 'b' }, update: { $set: { email: 'b@x.com', name: 'ann' } } }]),
      DuplicateKeyError,
    );
    await accounts.updateOne({ _id: 'a' }, { $set: { email: 'a2@x.com', name: 'bob' } });
    await assert.rejects(accounts.insertOne({ _id: 'c', email: 'c@x.com', name: 'bob' }), DuplicateKeyError);
    // Neither refused write kept a key; the update released a's old ones.
    await accounts.insertOne({ _id: 'b', email: 'b@x.com', name: 'bea' });
    await accounts.insertOne({ _id: 'c', email: 'c@x.com', name: 'ann' });
    await accounts.insertOne({ _id: 'd', email: 'a@x.com', name: 'dan' });
    assert.deepEqual(await accounts.find({}, { sort: { _id: 1 } }), [
      { _id: 'a', email: 'a2@x.com', name: 'bob' },
      { _id: 'b', email: 'b@x.com', name: 'bea' },
      { _id: 'c', email: 'c@x.com', name: 'ann' },
      { _id: 'd', email: 'a@x.com', name: 'dan' },
    ]);
  });

  test('lean upserts of many field layouts store what the general path stores, as copies', async () => {
    const store = await createMemoryReadStore();
    const updates: Update[] = [];
    for (let i = 0; i < 20; i++) {
      // More layouts than a collection compiles: past the limit documents are built by spreads.
      const fields: Record<string, unknown> = { [`f${i}`]: i, tags: [], profile: { name: `n${i}`, list: [i] } };
      if (i % 2) fields.note = null;
      const update: Update = { $set: fields, $max: { _pos: `p${i}` } };
      if (i % 3 === 0) update.$setOnInsert = { created: `c${i}`, seen: [] };
      if (i % 4 === 0) update.$inc = { count: 2 };
      updates.push(update);
    }
    for (const [i, update] of updates.entries()) {
      // `_id: { $eq }` is not the lean shape: the same update through the general path, for comparison.
      await store.applyBatch([
        { op: 'upsert', collection: 'lean', filter: { _id: `d${i}`, _pos: { $lt: `p${i}` } }, update },
        { op: 'upsert', collection: 'general', filter: { _id: { $eq: `d${i}` } }, update },
      ]);
    }
    const lean = await store.collection('lean').find({});
    assert.deepEqual(lean, await store.collection('general').find({}));
    assert.equal(lean.length, 20);
    for (const doc of lean) assert.equal(Object.keys(doc)[0], '_id');

    // Stored documents share nothing with the updates, nor with what reads return.
    const set = updates[0]!.$set as { profile: { name: string; list: number[] }; tags: string[] };
    set.profile.name = 'changed';
    set.profile.list.push(99);
    set.tags.push('changed');
    const read = (await store.collection('lean').findOne({ _id: 'd0' }))!;
    assert.deepEqual(read.profile, { name: 'n0', list: [0] });
    assert.deepEqual(read.tags, []);
    (read.tags as string[]).push('mine');
    assert.deepEqual((await store.collection('lean').findOne({ _id: 'd1' }))!.tags, []);

    // An empty array stored by a lean upsert takes updates like any other.
    await store.collection('lean').updateOne({ _id: 'd2' }, { $push: { tags: 'x' } });
    assert.deepEqual((await store.collection('lean').findOne({ _id: 'd2' }))!.tags, ['x']);
    assert.deepEqual((await store.collection('lean').findOne({ _id: 'd3' }))!.tags, []);
  });

  test('a __proto__ field in an update changes no prototype', async () => {
    const store = await createMemoryReadStore();
    const $set = JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}') as Record<string, unknown>;
    await store.applyBatch([{ op: 'upsert', collection: 'odd', filter: { _id: 'o' }, update: { $set } }]);
    await store.applyBatch([{ op: 'upsert', collection: 'odd', filter: { _id: 'p' }, update: { $set } }]);
    const [doc] = await store.collection('odd').aggregate<Doc>([{ $match: { _id: 'p' } }, { $project: { name: 1 } }]);
    assert.deepEqual(doc, { _id: 'p', name: 'x' });
    assert.equal(await store.collection('odd').count({ name: 'x' }), 2);
    assert.equal(({} as { polluted?: unknown }).polluted, undefined);
  });
});
