import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { selectIsPremium } from './session-selectors';

describe('selectIsPremium: the one way the UI asks', () => {
  const future = new Date(Date.now() + 86_400_000).toISOString();
  const past = new Date(Date.now() - 86_400_000).toISOString();

  it('a subscription, a running promo and lifetime Premium are Premium', () => {
    expect(selectIsPremium({ user: makeUser({ is_premium: true, premium_until: null }) })).toBe(true);
    expect(selectIsPremium({ user: makeUser({ is_premium: true, premium_until: future }) })).toBe(true);
    expect(selectIsPremium({ user: makeUser({ is_premium: false, premium_lifetime: true }) })).toBe(true);
  });

  it('a promo past its end is Free before the server records it, as the server decides', () => {
    expect(selectIsPremium({ user: makeUser({ is_premium: true, premium_until: past }) })).toBe(false);
    expect(selectIsPremium({ user: makeUser({ is_premium: false }) })).toBe(false);
    expect(selectIsPremium({ user: null })).toBe(false);
  });
});
