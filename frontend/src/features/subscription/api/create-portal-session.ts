import { api } from '@/lib/api-client';

/** POST /api/subscription/portal-session: the payment provider's portal for the caller's own subscription. */
export function createPortalSession(): Promise<{ url: string }> {
  return api.post<{ url: string }>('/api/subscription/portal-session', {});
}

/** Leaves the app for the portal. A function of its own so tests can observe it. */
export function goToPortal(url: string): void {
  window.location.assign(url);
}
