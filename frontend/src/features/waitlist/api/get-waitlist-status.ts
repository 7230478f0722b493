import { api } from '@/lib/api-client';

/**
 * GET /api/waitlist/status's answer. Anyone may type any address, so it is the position and a message only
 * (a link to the entry was e-mailed to its address); the entry itself is read by its token (getMyWaitlistEntry).
 */
export type WaitlistPosition = { position: number; message: string };

/** GET /api/waitlist/status?email= (public). 404 with 'This email is not on the waitlist.' when unknown. */
export function getWaitlistStatus(email: string, signal?: AbortSignal): Promise<WaitlistPosition> {
  return api.get<WaitlistPosition>('/api/waitlist/status', { auth: false, query: { email }, signal });
}
