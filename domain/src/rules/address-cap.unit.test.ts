import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addressCapReached, countOn } from './address-cap.ts';

describe('the per-address daily cap', () => {
  test("a day's count counts on that UTC day only", () => {
    const counter = { day: '2026-11-28T00:00:00.000Z', count: 2 };
    assert.equal(countOn(counter, '2026-11-28T23:59:59.000Z'), 2);
    assert.equal(countOn(counter, '2026-11-29T00:00:00.000Z'), 0);
  });

  test('reached at the cap, not before', () => {
    assert.equal(addressCapReached(2, 3), false);
    assert.equal(addressCapReached(3, 3), true);
    assert.equal(addressCapReached(0, 0), true);
  });
});
