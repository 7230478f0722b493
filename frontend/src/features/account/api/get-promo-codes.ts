import { api } from '@/lib/api-client';

/** SPEC §3 Promo code, as GET /api/referrals/promo-codes returns each item. */
export type PromoCode = { id: string; code: string; redeemed: boolean };

/** GET /api/referrals/promo-codes: the codes issued to the signed-in user, newest first. */
export function getPromoCodes(signal?: AbortSignal): Promise<PromoCode[]> {
  return api.get<PromoCode[]>('/api/referrals/promo-codes', { signal });
}
