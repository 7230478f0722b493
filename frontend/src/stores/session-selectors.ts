import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import type { AppState } from './app-store';

/** Who is signed in, read by any feature (the session slice itself lives in features/auth). */
export const selectIsAuthenticated = (state: AppState) => state.token !== null;
export const selectIsAdmin = (state: AppState) => state.user?.is_admin === true;
/**
 * Premium now: a subscription, a running promo, or lifetime Premium (the waitlist's top tier), by the rule the
 * server decides with (domain/rules/premium.ts). The one way the UI asks; nothing reads `is_premium` itself.
 */
export const selectIsPremium = (state: Pick<AppState, 'user'>): boolean => isPremiumActive(state.user, new Date().toISOString());
