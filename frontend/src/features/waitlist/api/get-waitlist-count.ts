import { api } from '@/lib/api-client';

export type WaitlistCount = { count: number };

/** GET /api/waitlist/count: how many emails are on the list (public, no token). */
export function getWaitlistCount(signal?: AbortSignal): Promise<WaitlistCount> {
  return api.get<WaitlistCount>('/api/waitlist/count', { auth: false, signal });
}
