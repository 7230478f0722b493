import { api } from '@/lib/api-client';

export type RedeemPromoCodeResponse = { message: string; premium_until: string };

/**
 * POST /api/referrals/redeem { code }: Premium starts (or is extended) until `premium_until`. A used or
 * unknown code, or an open-ended subscription, is refused with a `detail`.
 */
export function redeemPromoCode(code: string): Promise<RedeemPromoCodeResponse> {
  return api.post<RedeemPromoCodeResponse>('/api/referrals/redeem', { code });
}
