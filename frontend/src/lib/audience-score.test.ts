import { describe, expect, it } from 'vitest';
import { scoreBarWidth, scoreTone } from './audience-score';

describe('audience score', () => {
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
});
