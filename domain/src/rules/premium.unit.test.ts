import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isPremiumActive } from './premium.ts';

test('Premium is a subscription without an end, or a promo whose end has not passed', () => {
  const now = '2026-11-21T12:00:00.000Z';
  assert.equal(isPremiumActive({ is_premium: true, premium_until: null }, now), true);
  assert.equal(isPremiumActive({ is_premium: true }, now), true);
  assert.equal(isPremiumActive({ is_premium: true, premium_until: '2026-11-22T00:00:00.000Z' }, now), true);
  assert.equal(isPremiumActive({ is_premium: true, premium_until: '2026-11-21T11:59:59.999Z' }, now), false);
  assert.equal(isPremiumActive({ is_premium: false, premium_until: null }, now), false);
  assert.equal(isPremiumActive(null, now), false);
});
