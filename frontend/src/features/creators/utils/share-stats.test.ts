import { describe, expect, it } from 'vitest';
import { dedupeCategories, shareRate } from './share-stats';

describe('share stats', () => {
  it('de-duplicates categories ignoring case, keeping the first spelling', () => {
    expect(dedupeCategories(['Tech', 'tech', ' TECH ', 'Art', '', 'art'])).toEqual(['Tech', 'Art']);
    expect(dedupeCategories(undefined)).toEqual([]);
  });

  it('gives the share rate with 2 decimals, 0.00 without shares', () => {
    expect(shareRate(1, 3)).toBe('33.33');
    expect(shareRate(2, 8)).toBe('25.00');
    expect(shareRate(5, 0)).toBe('0.00');
  });
});
