import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api } from '@/lib/api-client';
import { storedWaitlistClaim } from '@/lib/waitlist-entry-storage';

export type RegisterInput = { username: string; email: string; password: string };

/**
 * POST /auth/register (JSON). Answers the new user, without a token: the caller signs in next. A browser
 * that followed a waitlist confirmation link sends its proof (`waitlist_claim`), so a confirmed waitlist
 * member's tier and referral code carry over at once; the server ignores a claim of another address.
 */
export function register(input: RegisterInput): Promise<UserDto> {
  const claim = storedWaitlistClaim();
  return api.post<UserDto>('/auth/register', claim ? { ...input, waitlist_claim: claim } : input, { auth: false });
}
