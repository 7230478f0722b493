import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { waitlistErrorMessage } from './error-messages';
import { milestoneProgress, type Milestone } from './milestone-progress';
import { tierSummary } from './tier';
import { NAME_TOO_LONG, validateWaitlistSignup } from './validate-waitlist-signup';

describe('validateWaitlistSignup', () => {
  const valid = { name: 'Ada', email: 'ada@example.com' };

  it('accepts a name and a valid email', () => {
    expect(validateWaitlistSignup(valid)).toBeNull();
    expect(validateWaitlistSignup({ name: '  Ada ', email: ' ada@example.com ' })).toBeNull();
  });

  it("asks for both fields with 'Please enter both name and email.'", () => {
    expect(validateWaitlistSignup({ ...valid, name: '' })).toBe('Please enter both name and email.');
    expect(validateWaitlistSignup({ ...valid, name: '   ' })).toBe('Please enter both name and email.');
    expect(validateWaitlistSignup({ ...valid, email: '' })).toBe('Please enter both name and email.');
    expect(validateWaitlistSignup({ name: '', email: '' })).toBe('Please enter both name and email.');
  });

  it("refuses an email without an at sign and a dotted domain with 'Please enter a valid email address.'", () => {
    for (const email of ['ada', 'ada@example', 'ada example@x.com', '@example.com', 'ada@.com ']) {
      expect(validateWaitlistSignup({ ...valid, email }), email).toBe('Please enter a valid email address.');
    }
  });

  it('refuses an email over 64 characters and a name over 32', () => {
    const email64 = `${'a'.repeat(52)}@example.com`;
    expect(email64).toHaveLength(64);
    expect(validateWaitlistSignup({ ...valid, email: email64 })).toBeNull();
    expect(validateWaitlistSignup({ ...valid, email: `a${email64}` })).toBe('Please enter a valid email address.');
    expect(validateWaitlistSignup({ ...valid, name: 'n'.repeat(32) })).toBeNull();
    expect(validateWaitlistSignup({ ...valid, name: 'n'.repeat(33) })).toBe(NAME_TOO_LONG);
  });
});

describe('waitlistErrorMessage', () => {
  it("is the server's detail, else 'Failed to join the waitlist.'", () => {
    expect(waitlistErrorMessage(new ApiError(400, 'Please enter a valid email address.'))).toBe('Please enter a valid email address.');
    expect(waitlistErrorMessage(new ApiError(500, undefined))).toBe('Failed to join the waitlist.');
    expect(waitlistErrorMessage(new ApiError(500, undefined), 'Other fallback.')).toBe('Other fallback.');
  });

  it("is 'Network error. Please check your connection.' without an answer, and 'An unexpected error occurred.' otherwise", () => {
    expect(waitlistErrorMessage(new TypeError('Failed to fetch'))).toBe('Network error. Please check your connection.');
    expect(waitlistErrorMessage(new Error('boom'))).toBe('An unexpected error occurred.');
  });
});

describe('tierSummary', () => {
  it('puts positions 1-100 in the lifetime tier', () => {
    expect(tierSummary(1)).toMatchObject({ tier: 'lifetime', title: 'You’re in the top 100' });
    expect(tierSummary(100).tier).toBe('lifetime');
    expect(tierSummary(100).detail).toMatch(/lifetime free access/);
  });

  it('tells position 101 and later how many referrals they need (position minus 100) and the month free', () => {
    expect(tierSummary(101)).toMatchObject({ tier: 'one_month', title: 'Refer 1 more creator to reach the top 100' });
    expect(tierSummary(1350).title).toBe('Refer 1,250 more creators to reach the top 100');
    expect(tierSummary(250).detail).toMatch(/1 month free at launch/);
  });
});

describe('milestoneProgress', () => {
  const milestones = (done: number): Milestone[] =>
    Array.from({ length: 6 }, (_, i) => ({ title: `M${i}`, description: '', done: i < done }));

  it('is 0% with none done, and says almost there only from 4 done', () => {
    expect(milestoneProgress(milestones(0))).toEqual({ done: 0, total: 6, percent: 0, almostThere: false });
    expect(milestoneProgress(milestones(3))).toEqual({ done: 3, total: 6, percent: 50, almostThere: false });
    expect(milestoneProgress(milestones(4))).toEqual({ done: 4, total: 6, percent: 67, almostThere: true });
    expect(milestoneProgress(milestones(6)).percent).toBe(100);
    expect(milestoneProgress([]).percent).toBe(0);
  });
});
