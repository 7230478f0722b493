import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  OVERLAP_MIN_AUDIENCE,
  OVERLAP_MIN_SHARED,
  STILL_LISTED,
  clicksByCategory,
  inSnapshot,
  isPartnership,
  listedFrom,
  listedUntil,
  overlapFigures,
  snapshotDay,
  snapshotInstant,
  wholePercent,
} from './audience-insights.ts';

describe('overlap figures', () => {
  test('shows the shared count and both percentages when both audiences are large enough', () => {
    assert.deepEqual(overlapFigures(5, 20, 50), {
      status: 'shown',
      shared_contacts: 5,
      percent_of_my_audience: 25,
      percent_of_their_audience: 10,
    });
  });

  test('answers none, one and two shared contacts alike: "few", with no numbers', () => {
    const few = { status: 'few', shared_contacts: null, percent_of_my_audience: null, percent_of_their_audience: null };
    for (let shared = 0; shared < OVERLAP_MIN_SHARED; shared++) assert.deepEqual(overlapFigures(shared, 40, 40), few, `${shared} shared`);
    assert.deepEqual(overlapFigures(0, 20, 50), overlapFigures(1, 20, 50));
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

describe('partners', () => {
  test('are creators who each made a delivered share of the other\'s content', () => {
    assert.equal(isPartnership(1, 1), true);
    assert.equal(isPartnership(5, 2), true);
    assert.equal(isPartnership(3, 0), false, 'one-sided: they never acted');
    assert.equal(isPartnership(0, 3), false, 'one-sided: you never acted');
    assert.equal(isPartnership(0, 0), false);
  });
});

describe('daily snapshots', () => {
  test('answer a request from the snapshot of its UTC day, standing for 00:00 UTC', () => {
    assert.equal(snapshotDay('2026-11-21T23:59:59.999Z'), '2026-11-21');
    assert.equal(snapshotDay('2026-11-22T00:00:00.000Z'), '2026-11-22');
    assert.equal(snapshotInstant('2026-11-22'), '2026-11-22T00:00:00.000Z');
  });

  test('hold a contact from the day after it was added until the day after it was removed', () => {
    const from = listedFrom('2026-11-21T10:00:00.000Z');
    const until = listedUntil('2026-11-24T08:00:00.000Z');
    assert.equal(from, '2026-11-22');
    assert.equal(until, '2026-11-25');
    assert.equal(inSnapshot('2026-11-21', from, STILL_LISTED), false, 'added during the day: not before the next snapshot');
    assert.equal(inSnapshot('2026-11-22', from, STILL_LISTED), true);
    assert.equal(inSnapshot('2026-11-24', from, until), true, 'removed during the day: still in that day\'s snapshot');
    assert.equal(inSnapshot('2026-11-25', from, until), false);
  });

  test('never hold a contact added and removed within one day, and roll over months and years', () => {
    const from = listedFrom('2026-12-31T00:00:00.000Z');
    assert.equal(from, '2027-01-01');
    const until = listedUntil('2026-12-31T18:00:00.000Z');
    assert.equal(until, '2027-01-01');
    for (const day of ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']) assert.equal(inSnapshot(day, from, until), false, day);
    // An instant with an offset is placed on its UTC day.
    assert.equal(listedFrom('2028-02-29T02:00:00+05:00'), '2028-02-29');
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
