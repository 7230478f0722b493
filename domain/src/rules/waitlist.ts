import { WAITLIST_TOP_TIER } from './limits.ts';

/** SPEC §4 Waitlist: positions 1-100 get lifetime free access; others 1 month free and need more referrals. */
export function waitlistTier(position: number): { tier: 'lifetime' | 'one_month'; referralsNeeded: number } {
  return position <= WAITLIST_TOP_TIER
    ? { tier: 'lifetime', referralsNeeded: 0 }
    : { tier: 'one_month', referralsNeeded: position - WAITLIST_TOP_TIER };
}
