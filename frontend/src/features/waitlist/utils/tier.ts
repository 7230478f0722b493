import { WAITLIST_TOP_TIER } from '@crossfeed/domain/rules/limits.ts';
import { waitlistTier } from '@crossfeed/domain/rules/waitlist.ts';

/**
 * SPEC §4 Waitlist: position 100 or lower is the top 100 (lifetime free access); otherwise the number
 * of referrals still needed (position minus 100) and one month free.
 */
export function tierSummary(position: number): { tier: 'lifetime' | 'one_month'; title: string; detail: string } {
  const { tier, referralsNeeded } = waitlistTier(position);
  if (tier === 'lifetime') {
    return {
      tier,
      title: `You’re in the top ${WAITLIST_TOP_TIER}`,
      detail: 'Your spot comes with lifetime free access to Crossfeed.',
    };
  }
  const creators = referralsNeeded === 1 ? 'creator' : 'creators';
  return {
    tier,
    title: `Refer ${referralsNeeded.toLocaleString('en-US')} more ${creators} to reach the top ${WAITLIST_TOP_TIER}`,
    detail: `Your spot already includes 1 month free at launch. The top ${WAITLIST_TOP_TIER} get lifetime free access.`,
  };
}
