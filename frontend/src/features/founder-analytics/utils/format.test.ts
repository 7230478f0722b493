import { describe, expect, it } from 'vitest';
import { formatCount, formatEta } from './format';

describe('replay formatting', () => {
  it('says how long is left, or that it is not known yet', () => {
    expect(formatEta(2.2)).toBe('about 3 s left');
    expect(formatEta(125)).toBe('about 2 min 5 s left');
    expect(formatEta(120)).toBe('about 2 min left');
    expect(formatEta(null)).toBe('estimating time left');
  });

  it('formats counts', () => {
    expect(formatCount(12345)).toBe('12,345');
  });
});
