import { isValidPromoCode } from '@crossfeed/domain/rules/validation.ts';
import { ApiError } from '@/lib/api-client';
import { PROMO_EMPTY, PROMO_FORMAT, PROMO_NETWORK_ERROR, PROMO_REDEEM_FAILED, PROMO_UNEXPECTED } from '../messages';

/** SPEC §5 Promo code: not empty, then (trimmed) 6-20 uppercase letters, digits and hyphens. */
export function validatePromoCode(code: string): string | null {
  if (!code.trim()) return PROMO_EMPTY;
  if (!isValidPromoCode(code)) return PROMO_FORMAT;
  return null;
}

/**
 * SPEC §8 Promo, redeem failure: the server's detail (else the fallback) when it answered; the network
 * text when no answer came (fetch rejects with a TypeError); otherwise the unexpected-error text.
 */
export function redeemErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? PROMO_REDEEM_FAILED;
  if (error instanceof TypeError) return PROMO_NETWORK_ERROR;
  return PROMO_UNEXPECTED;
}
