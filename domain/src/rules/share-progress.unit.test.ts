import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contentShareProgressPercent, shareProgressPercent } from './share-progress.ts';

describe('share progress', () => {
  test('delivered over required, each match counted up to its own required shares, capped at 100', () => {
    assert.equal(shareProgressPercent([{ delivered: 1, required: 5 }]), 20);
    assert.equal(shareProgressPercent([{ delivered: 5, required: 5 }, { delivered: 0, required: 5 }]), 50);
    // A match shared past its goal does not fill another's share of the bar.
    assert.equal(shareProgressPercent([{ delivered: 9, required: 5 }, { delivered: 0, required: 5 }]), 50);
    assert.equal(shareProgressPercent([{ delivered: 5, required: 5 }, { delivered: 5, required: 5 }]), 100);
  });

  test('whole percent rounded down: 100 only when done', () => {
    assert.equal(shareProgressPercent([{ delivered: 2, required: 3 }]), 66);
    assert.equal(shareProgressPercent([{ delivered: 199, required: 200 }]), 99);
  });

  test('nothing required, or nonsense counts, is 0', () => {
    assert.equal(shareProgressPercent([]), 0);
    assert.equal(shareProgressPercent([{ delivered: 3, required: 0 }]), 0);
    assert.equal(shareProgressPercent([{ delivered: Number.NaN, required: 5 }]), 0);
    assert.equal(shareProgressPercent([{ delivered: -2, required: 5 }]), 0);
  });

  test("a content's progress uses the default required shares when it has none", () => {
    assert.equal(contentShareProgressPercent(1, null), 20);
    assert.equal(contentShareProgressPercent(1, 0), 20);
    assert.equal(contentShareProgressPercent(2, 4), 50);
    assert.equal(contentShareProgressPercent(-1, 5), 0);
    assert.equal(contentShareProgressPercent(3, 10), 30);
    assert.equal(contentShareProgressPercent(12, 10), 100);
  });
});
