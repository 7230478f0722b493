import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server state (see README.md beside this file). Its defaults keep what the hand-written
 * lists did: a failed read shows its error at once (no retries, each one a request more), nothing is fetched
 * again because the window got focus or the network came back, and a list nobody shows is dropped (gcTime 0),
 * so opening a list loads it, with its loading state, as before, and nothing outlives a session.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, gcTime: 0 },
    mutations: { retry: false },
  },
});
