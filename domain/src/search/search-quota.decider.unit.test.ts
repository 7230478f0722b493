import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fold } from '../shared/decider.ts';
import { QuotaExceededError } from '../shared/errors.ts';
import { FREE_DAILY_SEARCHES } from '../rules/limits.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { LONG_STREAM, foldInPlace } from '../testing/linear-fold.ts';
import { remainingSearches, searchDay, searchQuotaDecider } from './search-quota.decider.ts';
import type { SearchCounted } from './search-quota.events.ts';

const NOW = '2026-11-25T23:59:59.999Z';
const counted = (i: number): SearchCounted => ({ type: 'SearchCounted', data: { userId: 'u1', day: '2026-11-25', searchedAt: `2026-11-25T10:00:${String(i).padStart(2, '0')}.000Z` } });
const spec = deciderSpec(searchQuotaDecider);
const search = (isPremium: boolean) => ({ type: 'CountSearch', data: { userId: 'u1', isPremium, now: NOW } }) as const;

describe('search quota decider', () => {
  test('counts a Free search on its UTC day', () => {
    spec.given([]).when(search(false)).then([{ type: 'SearchCounted', data: { userId: 'u1', day: '2026-11-25', searchedAt: NOW } }]);
  });

  test(`refuses the Free search after ${FREE_DAILY_SEARCHES} in one day with a 429 that says what to do`, () => {
    const full = Array.from({ length: FREE_DAILY_SEARCHES }, (_, i) => counted(i));
    spec.given(full.slice(1)).when(search(false)).then([{ type: 'SearchCounted', data: { userId: 'u1', day: '2026-11-25', searchedAt: NOW } }]);
    spec.given(full).when(search(false)).thenThrows(QuotaExceededError, /used your 10 searches for today.*Premium/);
    assert.equal(remainingSearches(fold(searchQuotaDecider, full)), 0);
    assert.equal(remainingSearches(fold(searchQuotaDecider, full.slice(3))), 3);
  });

  test('Premium is unlimited and writes nothing', () => {
    const full = Array.from({ length: FREE_DAILY_SEARCHES }, (_, i) => counted(i));
    spec.given(full).when(search(true)).then([]);
  });

  test('the day of a search is its UTC date', () => {
    assert.equal(searchDay('2026-11-25T23:59:59.999Z'), '2026-11-25');
    assert.equal(searchDay('2026-11-26T00:00:00.000Z'), '2026-11-26');
  });
});

describe('search quota decider: long streams', () => {
  test('folding 100,000 events stays linear: the state is one counter, updated in place', () => {
    const state = foldInPlace(searchQuotaDecider, LONG_STREAM, counted, (s) => [s]);
    assert.deepEqual(state, { count: LONG_STREAM });
  });
});
