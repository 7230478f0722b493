import { describe, expect, test } from 'vitest';
import { defaultRunAt, parseInputValue, runAtError, toInputValue } from './schedule-time';

const now = new Date(2026, 10, 25, 10, 7, 30);

describe('schedule time', () => {
  test('round-trips a local wall time through the input value', () => {
    expect(toInputValue(now)).toBe('2026-11-25T10:07:30');
    expect(parseInputValue('2026-11-25T10:07:30')?.getTime()).toBe(now.getTime());
    expect(parseInputValue('2026-11-25T10:07')?.getMinutes()).toBe(7);
    expect(parseInputValue('tomorrow')).toBeNull();
  });

  test('refuses an empty, invalid, past or too distant time, as the server would', () => {
    expect(runAtError('', now)).toBe('Choose a date and time.');
    expect(runAtError('2026-11-25', now)).toBe('Choose a valid date and time.');
    expect(runAtError('2026-11-25T10:07:30', now)).toBe('The scheduled time must be in the future.');
    expect(runAtError('2027-02-24T10:07:30', now)).toBe('You can schedule up to 90 days ahead.');
    expect(runAtError('2026-11-25T10:08', now)).toBeNull();
  });

  test('defaults to a quarter hour at least 30 minutes ahead', () => {
    expect(defaultRunAt(now)).toBe('2026-11-25T10:45:00');
    expect(runAtError(defaultRunAt(now), now)).toBeNull();
  });
});
