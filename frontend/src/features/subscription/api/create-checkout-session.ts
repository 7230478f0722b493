import { api } from '@/lib/api-client';

/** POST /api/subscription/create-checkout-session (SPEC §7 Subscription). */
export type CheckoutSession = { checkout_session_id: string; checkout_url: string };

export function createCheckoutSession(): Promise<CheckoutSession> {
  return api.post<CheckoutSession>('/api/subscription/create-checkout-session', {});
}

/** Only an absolute http(s) address is followed; anything else (javascript:, relative, garbage) is refused. */
export function isCheckoutUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Leaves the app for the hosted checkout. A function of its own so tests can observe it. */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
