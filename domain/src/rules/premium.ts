/**
 * Whether a user has Premium at `nowIso`: a subscription (no end) or a time-limited Premium (promo) that
 * has not ended yet, or a lifetime Premium. A passed end counts as Free even before the premium-expiry job records it.
 */
export function isPremiumActive(
  user: { is_premium: boolean; premium_until?: string | null; premium_lifetime?: boolean } | null | undefined,
  nowIso: string,
): boolean {
  // Lifetime Premium (the waitlist's top tier) is Premium whatever else the account records.
  if (user?.premium_lifetime) return true;
  if (!user?.is_premium) return false;
  return user.premium_until === null || user.premium_until === undefined || user.premium_until > nowIso;
}
