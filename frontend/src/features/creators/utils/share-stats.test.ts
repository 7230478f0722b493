import { describe, expect, it } from 'vitest';
import { dedupeCategories, scoreBarWidth, scoreTone, shareRate } from './share-stats';

describe('share stats', () => {
  it('de-duplicates categories ignoring case, keeping the first spelling', () => {
    expect(dedupeCategories(['Tech', 'tech', ' TECH ', 'Art', '', 'art'])).toEqual(['Tech', 'Art']);
    expect(dedupeCategories(undefined)).toEqual([]);
  });

  it('clamps the bar width to 0-100', () => {
    expect(scoreBarWidth(-5)).toBe(0);
    expect(scoreBarWidth(42.5)).toBe(42.5);
    expect(scoreBarWidth(140)).toBe(100);
    expect(scoreBarWidth(Number.NaN)).toBe(0);
  });

  it('colours green at 80 or more, yellow at 60 or more, red below', () => {
    expect(scoreTone(80)).toBe('green');
    expect(scoreTone(79.9)).toBe('yellow');
    expect(scoreTone(60)).toBe('yellow');
    expect(scoreTone(59.9)).toBe('red');
  });

  it('gives the share rate with 2 decimals, 0.00 without shares', () => {
    expect(shareRate(1, 3)).toBe('33.33');
    expect(shareRate(2, 8)).toBe('25.00');
    expect(shareRate(5, 0)).toBe('0.00');
  });
});
