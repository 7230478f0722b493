import { api } from '@/lib/api-client';
import type { WaitlistSignup } from './join-waitlist';

/** GET /api/waitlist/status's answer: the signup fields plus confirmation and tier. */
export type WaitlistStatus = WaitlistSignup & {
  confirmed: boolean;
  tier: 'lifetime' | 'one_month';
  referrals_needed: number;
  /** The position moved up by referrals (the waitlist-rank worker's); null until it has run. */
  rank: number | null;
};

/** GET /api/waitlist/status?email= (public). 404 with 'This email is not on the waitlist.' when unknown. */
export function getWaitlistStatus(email: string, signal?: AbortSignal): Promise<WaitlistStatus> {
  return api.get<WaitlistStatus>('/api/waitlist/status', { auth: false, query: { email }, signal });
}
