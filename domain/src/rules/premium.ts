/**
 * Whether a user has Premium at `nowIso`: a subscription (no end) or a time-limited Premium (promo) that
 * has not ended yet, or a lifetime Premium. A passed end counts as Free even before the premium-expiry job records it.
 * A subscription set to cancel at its period end has that end as `premium_until`, so the same test holds.
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

/** SPEC §9 "Money-back guarantee: 14 days" (pricing FAQ): a Premium payment can be refunded this long after it. */
export const MONEY_BACK_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a payment made at `paidAt` can be refunded under the guarantee. */
export function moneyBackEndsAt(paidAt: string): string {
  return new Date(Date.parse(paidAt) + MONEY_BACK_DAYS * DAY_MS).toISOString();
}

/** Whether a payment made at `paidAt` is still within the money-back guarantee at `nowIso`. */
export function withinMoneyBack(paidAt: string, nowIso: string): boolean {
  return nowIso <= moneyBackEndsAt(paidAt);
}

/**
 * Provider subscription statuses that still bill and keep Premium (Stripe's names). `canceled`,
 * `incomplete_expired` and `unpaid` are over; `incomplete` has not started yet.
 */
const LIVE_SUBSCRIPTION_STATUSES = new Set(['active', 'trialing', 'past_due']);
export const isLiveSubscription = (status: string): boolean => LIVE_SUBSCRIPTION_STATUSES.has(status);
const ENDED_SUBSCRIPTION_STATUSES = new Set(['canceled', 'incomplete_expired', 'unpaid']);
export const isEndedSubscription = (status: string): boolean => ENDED_SUBSCRIPTION_STATUSES.has(status);
