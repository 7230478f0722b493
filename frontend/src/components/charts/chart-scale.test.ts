import { describe, expect, it } from 'vitest';
import { linePath, tickIndexes, xAt, yScale } from './chart-scale';

describe('chart scales', () => {
  it('rounds the y axis up to whole steps for counts', () => {
    expect(yScale([0, 3, 1])).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
    expect(yScale([7])).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(yScale([130])).toEqual({ max: 150, ticks: [0, 50, 100, 150] });
  });

  it('gives an all-zero or empty series an axis of 0 to 1', () => {
    expect(yScale([0, 0])).toEqual({ max: 1, ticks: [0, 1] });
    expect(yScale([])).toEqual({ max: 1, ticks: [0, 1] });
  });

  it('allows fractional steps for amounts', () => {
    expect(yScale([1.5], { integer: false })).toEqual({ max: 1.5, ticks: [0, 0.5, 1, 1.5] });
  });

  it('spreads points across the width and centres a single one', () => {
    expect([0, 1, 2].map((index) => xAt(index, 3, 10, 110))).toEqual([10, 60, 110]);
    expect(xAt(0, 1, 10, 110)).toBe(60);
  });

  it('labels the first, the last and evenly spaced points between', () => {
    expect(tickIndexes(3, 4)).toEqual([0, 1, 2]);
    expect(tickIndexes(30, 4)).toEqual([0, 10, 19, 29]);
    expect(tickIndexes(0)).toEqual([]);
  });

  it('draws a path through the points', () => {
    expect(linePath([{ x: 1, y: 2 }, { x: 3.25, y: 4 }])).toBe('M1.0 2.0 L3.3 4.0');
  });
});
