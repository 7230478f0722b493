import { describe, expect, it } from 'vitest';
import { formatEta, formatPeriod, formatTick, formatValue } from './format';

describe('analytics formatting', () => {
  it('labels periods by bucket, in UTC', () => {
    expect(formatPeriod('2026-03-02', 'day')).toBe('Mar 2');
    expect(formatPeriod('2026-03-02', 'week')).toBe('Week of Mar 2');
    expect(formatPeriod('2026-03-01', 'month')).toBe('Mar 2026');
    expect(formatTick('2026-03-01', 'month')).toBe('Mar 26');
    expect(formatPeriod('not a date', 'day')).toBe('not a date');
  });

  it('formats counts and dollars', () => {
    expect(formatValue(12345, 'count')).toBe('12,345');
    expect(formatValue(24, 'usd')).toBe('$24');
    expect(formatValue(12.5, 'usd')).toBe('$12.5');
  });

  it('says how long is left, or that it is not known yet', () => {
    expect(formatEta(2.2)).toBe('about 3 s left');
    expect(formatEta(125)).toBe('about 2 min 5 s left');
    expect(formatEta(120)).toBe('about 2 min left');
    expect(formatEta(null)).toBe('estimating time left');
  });
});
