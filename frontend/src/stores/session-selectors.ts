import type { AppState } from './app-store';

/** Who is signed in, read by any feature (the session slice itself lives in features/auth). */
export const selectIsAuthenticated = (state: AppState) => state.token !== null;
export const selectIsAdmin = (state: AppState) => state.user?.is_admin === true;
/** Premium now: a subscription, a running promo, or lifetime Premium (the waitlist's top tier). */
export const selectIsPremium = (state: AppState) => state.user?.is_premium === true || state.user?.premium_lifetime === true;
