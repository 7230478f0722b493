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
