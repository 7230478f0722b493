import { apiFetchWithHeaders } from '@/lib/api-client';

/** SPEC §3 Waitlist signup, as sent: the name the form collects is not sent (SPEC §5). */
export type JoinWaitlistInput = { email: string; referred_by: string | null };

/** SPEC §3 Waitlist signup, as returned. */
export type WaitlistSignup = { position: number; referrals: number; referral_code: string };

/**
 * The answer, plus the entry's secret token when this call created it (the `X-Waitlist-Entry-Token` header;
 * it reads the entry back with GET /api/waitlist/me and follows it live with `waitlist:rank`).
 */
export type WaitlistSignupAnswer = WaitlistSignup & { entry_token?: string };

export const ENTRY_TOKEN_HEADER = 'X-Waitlist-Entry-Token';

/** POST /api/waitlist/signup (public). Joining twice with the same email answers the same entry. */
export async function joinWaitlist(input: JoinWaitlistInput): Promise<WaitlistSignupAnswer> {
  const { body, headers } = await apiFetchWithHeaders<WaitlistSignup>('/api/waitlist/signup', { method: 'POST', json: input, auth: false });
  const token = headers.get(ENTRY_TOKEN_HEADER);
  return token ? { ...body, entry_token: token } : body;
}
