import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validate, version } from 'uuid';
import { newId } from './ids.ts';

test('new ids are distinct UUIDv7s that sort by the time they were made', async () => {
  const first = Array.from({ length: 1000 }, () => newId());
  await new Promise((resolve) => setTimeout(resolve, 5));
  const later = Array.from({ length: 1000 }, () => newId());
  const all = [...first, ...later];
  assert.equal(new Set(all).size, all.length, 'no id twice, across refills of the random pool');
  for (const id of all) {
    assert.ok(validate(id), id);
    assert.equal(version(id), 7);
  }
  const newestFirst = first.reduce((max, id) => (id > max ? id : max));
  for (const id of later) assert.ok(id > newestFirst, `${id} was made later than ${newestFirst}`);
});
