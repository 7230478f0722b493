import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OVERLAP_MIN_AUDIENCE, OVERLAP_MIN_SHARED, clicksByCategory, overlapFigures, wholePercent } from './audience-insights.ts';

describe('overlap figures', () => {
  test('shows the shared count and both percentages when both audiences are large enough', () => {
    assert.deepEqual(overlapFigures(5, 20, 50), {
      status: 'shown',
      shared_contacts: 5,
      percent_of_my_audience: 25,
      percent_of_their_audience: 10,
    });
  });

  test('shows no overlap as zero', () => {
    assert.deepEqual(overlapFigures(0, 20, 50), {
      status: 'shown',
      shared_contacts: 0,
      percent_of_my_audience: 0,
      percent_of_their_audience: 0,
    });
  });

  test('hides a small shared count and its percentages behind "fewer than"', () => {
    for (let shared = 1; shared < OVERLAP_MIN_SHARED; shared++) {
      assert.deepEqual(overlapFigures(shared, 40, 40), {
        status: 'few',
        shared_contacts: null,
        percent_of_my_audience: null,
        percent_of_their_audience: null,
      });
    }
    assert.equal(overlapFigures(OVERLAP_MIN_SHARED, 40, 40).status, 'shown');
  });

  test('compares nothing when either audience is below the minimum', () => {
    const small = OVERLAP_MIN_AUDIENCE - 1;
    assert.equal(overlapFigures(0, small, 100).status, 'your_audience_small');
    assert.equal(overlapFigures(0, small, small).status, 'your_audience_small');
    assert.equal(overlapFigures(small, 100, small).status, 'their_audience_small');
    assert.equal(overlapFigures(small, 100, small).shared_contacts, null);
    assert.equal(overlapFigures(OVERLAP_MIN_SHARED, OVERLAP_MIN_AUDIENCE, OVERLAP_MIN_AUDIENCE).status, 'shown');
  });
});

describe('whole percentages', () => {
  test('never round a real share to 0% nor a partial one to 100%', () => {
    assert.equal(wholePercent(1, 1000), 1);
    assert.equal(wholePercent(999, 1000), 99);
    assert.equal(wholePercent(1000, 1000), 100);
    assert.equal(wholePercent(1, 3), 33);
    assert.equal(wholePercent(0, 10), 0);
    assert.equal(wholePercent(3, 0), 0);
  });
});

describe('clicks by category', () => {
  test('sums clicks per category, counting a content in two categories for both, most clicked first', () => {
    const result = clicksByCategory([
      { clicks: 6, categories: ['tech', 'science'] },
      { clicks: 3, categories: ['art'] },
      { clicks: 1, categories: ['Tech '] },
      { clicks: 0, categories: ['health'] },
    ]);
    assert.deepEqual(result, {
      total_clicks: 10,
      categories: [
        { category: 'tech', clicks: 7, percent: 70 },
        { category: 'science', clicks: 6, percent: 60 },
        { category: 'art', clicks: 3, percent: 30 },
      ],
    });
  });

  test('orders ties by name and counts uncategorised clicks in the total only', () => {
    const result = clicksByCategory([
      { clicks: 2, categories: ['b'] },
      { clicks: 2, categories: ['a'] },
      { clicks: 4, categories: [] },
    ]);
    assert.equal(result.total_clicks, 8);
    assert.deepEqual(
      result.categories.map((item) => [item.category, item.percent]),
      [
        ['a', 25],
        ['b', 25],
      ],
    );
  });

  test('is empty without clicks', () => {
    assert.deepEqual(clicksByCategory([]), { total_clicks: 0, categories: [] });
  });
});
