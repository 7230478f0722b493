import type { ApiSession } from '@/lib/api-client';
import { useAppStore } from './app-store';

/**
 * The session as the API client sees it: main.tsx and the test setup pass it to `configureApi`, so that
 * lib/api-client.ts need not import the store (whose slices call the client).
 */
export const apiSession: ApiSession = {
  getToken: () => useAppStore.getState().token,
  // SPEC §4: the client has shown the warning and marked the session ended; the store logs out.
  onUnauthorized: () => useAppStore.getState().logout({ expired: true }),
};
