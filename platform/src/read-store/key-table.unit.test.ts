import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KeyTable, type TableKey } from './key-table.ts';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

test('behaves like a Map under random sets, deletes and getOrInsert, in insertion order', () => {
  const next = random(42);
  const table = new KeyTable<TableKey, number>();
  const model = new Map<TableKey, number>();
  const keyOf = (n: number): TableKey => (n % 7 === 0 ? n : n % 11 === 0 ? null : n % 13 === 0 ? n % 2 === 0 : `k${n}`);

  for (let step = 0; step < 60_000; step++) {
    const key = keyOf(Math.floor(next() * 3_000));
    const roll = next();
    if (roll < 0.45) {
      table.set(key, step);
      model.set(key, step);
    } else if (roll < 0.75) {
      assert.equal(table.delete(key), model.delete(key), `delete ${String(key)} at step ${step}`);
    } else if (roll < 0.9) {
      const expected = model.has(key) ? model.get(key) : step;
      if (!model.has(key)) model.set(key, step);
      assert.equal(table.getOrInsert(key, step), expected, `getOrInsert ${String(key)} at step ${step}`);
    } else {
      assert.equal(table.has(key), model.has(key));
      assert.equal(table.get(key), model.get(key));
    }
    assert.equal(table.size, model.size);
  }
  assert.deepEqual([...table.values()], [...model.values()]);
});

test('a miss followed by set stores under the key that missed, not a stale slot', () => {
  const table = new KeyTable<string, string>();
  assert.equal(table.get('a'), undefined);
  table.set('b', 'B');
  table.set('a', 'A');
  assert.equal(table.get('a'), 'A');
  assert.equal(table.get('b'), 'B');
  assert.deepEqual([...table.values()], ['B', 'A']);
});

test('compares keys by value and type: 1 and "1" are two keys, 0 and -0 one', () => {
  const table = new KeyTable<TableKey, string>();
  table.set(1, 'number');
  table.set('1', 'string');
  table.set(0, 'zero');
  table.set(-0, 'minus zero');
  assert.equal(table.get(1), 'number');
  assert.equal(table.get('1'), 'string');
  assert.equal(table.size, 3);
  assert.equal(table.get(0), 'minus zero');
});

test('load fills an empty table at once: the same lookups, order and later changes as entries set one by one', () => {
  const next = random(7);
  const keys: TableKey[] = [];
  const seen = new Set<TableKey>();
  while (keys.length < 20_000) {
    const n = Math.floor(next() * 1_000_000);
    const key = n % 5 === 0 ? n : `k${n}`;
    if (seen.has(key)) continue;
    keys.push(key);
    seen.add(key);
  }
  const values = keys.map((_, i) => i);
  const loaded = new KeyTable<TableKey, number>();
  assert.equal(loaded.load(keys, values), true);
  const model = new Map(keys.map((key, i) => [key, i]));
  assert.equal(loaded.size, model.size);
  for (const key of keys) assert.equal(loaded.get(key), model.get(key));
  assert.equal(loaded.has('missing'), false);
  assert.deepEqual([...loaded.values()], [...model.values()]);

  // Deletes (backward shifts through runs load laid out), inserts and growth past the loaded size.
  for (let i = 0; i < 30_000; i++) {
    const key = next() < 0.5 ? keys[Math.floor(next() * keys.length)]! : `new${Math.floor(next() * 10_000)}`;
    if (next() < 0.4) assert.equal(loaded.delete(key), model.delete(key));
    else {
      loaded.set(key, i);
      model.set(key, i);
    }
  }
  assert.equal(loaded.size, model.size);
  for (const key of model.keys()) assert.equal(loaded.get(key), model.get(key));
  assert.deepEqual([...loaded.values()], [...model.values()]);
});

test('load reports a key given twice, and only fills an empty table', () => {
  assert.equal(new KeyTable<string, number>().load(['a', 'b', 'c', 'b'], [1, 2, 3, 4]), false);
  assert.equal(new KeyTable<TableKey, number>().load([1, '1', null, false], [1, 2, 3, 4]), true);
  const empty = new KeyTable<string, number>();
  assert.equal(empty.load([], []), true);
  assert.equal(empty.size, 0);
  const used = new KeyTable<string, number>();
  used.set('a', 1);
  assert.throws(() => used.load(['b'], [2]), /empty table/);
  assert.throws(() => new KeyTable<string, number>().load(['a'], []), RangeError);
});
