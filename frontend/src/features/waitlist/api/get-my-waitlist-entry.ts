import { api } from '@/lib/api-client';
import type { WaitlistSignup } from './join-waitlist';

/** GET /api/waitlist/me's answer: one's own entry in full (the signup fields plus confirmation and tier). */
export type OwnWaitlistEntry = WaitlistSignup & {
  confirmed: boolean;
  tier: 'lifetime' | 'one_month';
  referrals_needed: number;
  /** The position moved up by referrals (the waitlist-rank worker's); null until it has run. */
  rank: number | null;
};

/** GET /api/waitlist/me?token= (public): one's own entry by its secret token; 404 when the token is not valid. */
export function getMyWaitlistEntry(token: string, signal?: AbortSignal): Promise<OwnWaitlistEntry> {
  return api.get<OwnWaitlistEntry>('/api/waitlist/me', { auth: false, query: { token }, signal });
}
