import { describe, expect, it } from 'vitest';
import { formatPeriod, formatTick, formatValue, totalOf } from './chart-format';

describe('chart formatting', () => {
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

  it('adds up a series', () => {
    expect(totalOf([1, 2, 3])).toBe(6);
    expect(totalOf([])).toBe(0);
  });
});
