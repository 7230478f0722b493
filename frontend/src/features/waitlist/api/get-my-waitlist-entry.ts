import { api } from '@/lib/api-client';
import type { WaitlistStatus } from './get-waitlist-status';

/** GET /api/waitlist/me?token= (public): one's own entry by its secret token; 404 when the token is not valid. */
export function getMyWaitlistEntry(token: string, signal?: AbortSignal): Promise<WaitlistStatus> {
  return api.get<WaitlistStatus>('/api/waitlist/me', { auth: false, query: { token }, signal });
}
