import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { redeemErrorMessage, validatePromoCode } from './promo-code';

describe('promo code rules', () => {
  it("refuses an empty or blank code with 'Please enter a promo code.'", () => {
    expect(validatePromoCode('')).toBe('Please enter a promo code.');
    expect(validatePromoCode('   ')).toBe('Please enter a promo code.');
  });

  it("accepts 6-20 uppercase letters, digits and hyphens after trimming, else 'Please enter a valid promo code format.'", () => {
    for (const valid of ['ABC123', ' WELCOME-2026 ', 'A'.repeat(20), 'REF-ABCDEF']) expect(validatePromoCode(valid)).toBeNull();
    for (const invalid of ['ABC12', 'A'.repeat(21), 'welcome-2026', 'ABC 123', 'ABC_123', 'ÄBC123']) {
      expect(validatePromoCode(invalid)).toBe('Please enter a valid promo code format.');
    }
  });

  it("names a redeem failure: server detail, 'Failed to redeem promo code.', network or unexpected", () => {
    expect(redeemErrorMessage(new ApiError(400, 'This promo code has already been redeemed.'))).toBe(
      'This promo code has already been redeemed.',
    );
    expect(redeemErrorMessage(new ApiError(500, undefined))).toBe('Failed to redeem promo code.');
    expect(redeemErrorMessage(new TypeError('Failed to fetch'))).toBe('Network error. Please check your connection.');
    expect(redeemErrorMessage(new Error('boom'))).toBe('An unexpected error occurred.');
  });
});
