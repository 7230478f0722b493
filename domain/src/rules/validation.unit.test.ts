import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isValidEmail, isValidPromoCode, passwordScore, passwordStrength, isHttpUrl } from './validation.ts';
import { dayStart, weekStart } from './limits.ts';
import { normalizeCategories } from './content-types.ts';
import { waitlistTier } from './waitlist.ts';

describe('validation rules (SPEC §5)', () => {
  test('scores one point per rule and maps 2 or less to Weak, 3 to Medium, 4+ to Strong', () => {
    assert.equal(passwordScore('abc'), 1);
    assert.equal(passwordStrength('abcdefgh'), 'Weak');
    assert.equal(passwordStrength('Abcdefgh'), 'Medium');
    assert.equal(passwordStrength('Abcdefg1'), 'Strong');
    assert.equal(passwordScore('Abcdef1!'), 5);
  });

  test('accepts emails with non-space text, an at sign and a dotted domain only', () => {
    assert.ok(isValidEmail('ada@example.com'));
    assert.ok(!isValidEmail('ada@example'));
    assert.ok(!isValidEmail('ada example@x.com'));
    assert.ok(!isValidEmail('@x.com'));
  });

  test('accepts promo codes of 6-20 uppercase letters, digits and hyphens after trimming', () => {
    assert.ok(isValidPromoCode('  WELCOME-2026 '));
    assert.ok(!isValidPromoCode('welcome'));
    assert.ok(!isValidPromoCode('ABC'));
    assert.ok(!isValidPromoCode('A'.repeat(21)));
  });

  test('accepts only absolute http(s) URLs with a dotted host', () => {
    assert.ok(isHttpUrl('https://example.com/post'));
    assert.ok(!isHttpUrl('javascript:alert(1)'));
    assert.ok(!isHttpUrl('http://localhost'));
    assert.ok(!isHttpUrl('not a url'));
  });

  test('computes the quota windows in UTC', () => {
    assert.equal(weekStart('2026-11-21T15:00:00.000Z'), '2026-11-16T00:00:00.000Z');
    assert.equal(weekStart('2026-11-16T00:00:00.000Z'), '2026-11-16T00:00:00.000Z');
    assert.equal(dayStart('2026-11-21T23:59:59.999Z'), '2026-11-21T00:00:00.000Z');
  });

  test('normalizes categories trimmed, lowercase and unique', () => {
    assert.deepEqual(normalizeCategories([' Tech ', 'tech', 'ART', '']), ['tech', 'art']);
  });

  test('puts positions up to 100 in the lifetime tier and counts the referrals others need', () => {
    assert.deepEqual(waitlistTier(100), { tier: 'lifetime', referralsNeeded: 0 });
    assert.deepEqual(waitlistTier(130), { tier: 'one_month', referralsNeeded: 30 });
  });
});
