import { WAITLIST_TOP_TIER } from './limits.ts';

/** SPEC §4 Waitlist: positions 1-100 get lifetime free access; others 1 month free and need more referrals. */
export function waitlistTier(position: number): { tier: 'lifetime' | 'one_month'; referralsNeeded: number } {
  return position <= WAITLIST_TOP_TIER
    ? { tier: 'lifetime', referralsNeeded: 0 }
    : { tier: 'one_month', referralsNeeded: position - WAITLIST_TOP_TIER };
}

/** What the account is told about the tier it carried over from the waitlist (notification, account page). */
export function waitlistTierMessage(carried: { position: number; tier: 'lifetime' | 'one_month'; monthFreeGranted: boolean }): string {
  if (carried.tier === 'lifetime') return `Waitlist #${carried.position}: lifetime Premium`;
  return carried.monthFreeGranted ? 'Waitlist: one month of Premium free' : 'Waitlist: one month of Premium free at launch';
}
