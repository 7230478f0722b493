import type { AppState } from './app-store';

/** Who is signed in, read by any feature (the session slice itself lives in features/auth). */
export const selectIsAuthenticated = (state: AppState) => state.token !== null;
export const selectIsAdmin = (state: AppState) => state.user?.is_admin === true;
export const selectIsPremium = (state: AppState) => state.user?.is_premium === true;
