import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileRest } from './doc-update.ts';

test('a filter compiled once and tested again answers for each document, as mingo would', () => {
  const hasRequired = { $expr: { $gte: ['$share_count', '$required_shares'] } };
  // The same conditions arrive again and again (a projection's op per event), each in a new filter object.
  for (let i = 0; i < 3; i++) {
    const test = compileRest({ _id: 'c1', _pos: { $lt: '0005' }, ...hasRequired });
    assert.equal(test({ _id: 'c1', _pos: '0004', share_count: 5, required_shares: 5 }), true);
    assert.equal(test({ _id: 'c1', _pos: '0004', share_count: 4, required_shares: 5 }), false);
    assert.equal(test({ _id: 'c1', _pos: '0005', share_count: 5, required_shares: 5 }), false, 'the position guard');
  }
  const other = compileRest({ _id: 'c1', $expr: { $lt: ['$share_count', '$required_shares'] } });
  assert.equal(other({ _id: 'c1', share_count: 4, required_shares: 5 }), true, 'another condition is not mistaken for the first');
});

test('filters holding values JSON cannot tell apart are compiled each time, never mixed up', () => {
  const byPattern = (pattern: RegExp) => compileRest({ _id: 'x', $or: [{ name: pattern }] });
  assert.equal(byPattern(/^a/)({ _id: 'x', name: 'abc' }), true);
  assert.equal(byPattern(/^b/)({ _id: 'x', name: 'abc' }), false, 'a RegExp writes as {} in JSON');
  const since = (date: Date) => compileRest({ _id: 'x', $and: [{ at: { $gte: date } }] });
  assert.equal(since(new Date('2026-01-01'))({ _id: 'x', at: new Date('2026-06-01') }), true);
  assert.equal(since(new Date('2026-12-01'))({ _id: 'x', at: new Date('2026-06-01') }), false);
});
