import { apiFetchWithHeaders } from '@/lib/api-client';
import { isNewEntry } from '../utils/is-new-entry';
import type { WaitlistPosition } from './get-waitlist-status';

/** SPEC §3 Waitlist signup, as sent: the name the form collects is not sent (SPEC §5). */
export type JoinWaitlistInput = { email: string; referred_by: string | null };

/** SPEC §3 Waitlist signup, as returned to the call that created the entry. */
export type WaitlistSignup = { position: number; referrals: number; referral_code: string };

/**
 * The answer: a new entry (SPEC §3), with its secret token (the `X-Waitlist-Entry-Token` header; it reads the
 * entry back with GET /api/waitlist/me and follows it live with `waitlist:rank`); or, for an address already on
 * the list, its position and a message only (the entry goes to that address by e-mail).
 */
export type WaitlistSignupAnswer = (WaitlistSignup & { entry_token?: string }) | WaitlistPosition;

export const ENTRY_TOKEN_HEADER = 'X-Waitlist-Entry-Token';

/** POST /api/waitlist/signup (public). Joining again with an address on the list answers its position only. */
export async function joinWaitlist(input: JoinWaitlistInput): Promise<WaitlistSignupAnswer> {
  const { body, headers } = await apiFetchWithHeaders<WaitlistSignupAnswer>('/api/waitlist/signup', { method: 'POST', json: input, auth: false });
  const token = headers.get(ENTRY_TOKEN_HEADER);
  return token && isNewEntry(body) ? { ...body, entry_token: token } : body;
}
