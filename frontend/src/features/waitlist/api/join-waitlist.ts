import { api } from '@/lib/api-client';

/** SPEC §3 Waitlist signup, as sent: the name the form collects is not sent (SPEC §5). */
export type JoinWaitlistInput = { email: string; referred_by: string | null };

/** SPEC §3 Waitlist signup, as returned. */
export type WaitlistSignup = { position: number; referrals: number; referral_code: string };

/** POST /api/waitlist/signup (public). Joining twice with the same email answers the same entry. */
export function joinWaitlist(input: JoinWaitlistInput): Promise<WaitlistSignup> {
  return api.post<WaitlistSignup>('/api/waitlist/signup', input, { auth: false });
}
