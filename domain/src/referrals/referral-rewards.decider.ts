import type { Decider } from '../shared/decider.ts';
import type { ReferralRewardCommand } from './referral-rewards.commands.ts';
import type { ReferralRewardEvent } from './referral-rewards.events.ts';

/** Promo days and reason of the code a referral reward is paid in. */
export const REFERRAL_PROMO_DAYS = 7;
export const REFERRAL_PROMO_REASON = 'waitlist referral';

/** The calendar month (UTC) of an ISO time: the window of the monthly reward cap. */
export const monthOf = (iso: string): string => iso.slice(0, 7);

export interface ReferralRewardsState {
  /** Referred people already rewarded this month (updated in place; at most `cap` of them). */
  rewarded: Set<string>;
}

/**
 * `referral-rewards-{userId}-{YYYY-MM}`: a referrer's rewards in one month. The stream is per month, so it
 * stays as short as the cap; past the cap a referral earns nothing (decided here, so it holds however many
 * confirmations arrive at once).
 */
export const referralRewardsDecider: Decider<ReferralRewardsState, ReferralRewardCommand, ReferralRewardEvent> = {
  initialState: () => ({ rewarded: new Set() }),

  evolve(state, event) {
    if (event.type === 'ReferralRewardGranted') state.rewarded.add(event.data.referredEmailKey);
    return state;
  },

  decide(command, state) {
    const { referrerId, referredEmailKey, cap, now } = command.data;
    if (state.rewarded.has(referredEmailKey) || state.rewarded.size >= cap) return [];
    return [{ type: 'ReferralRewardGranted', data: { referrerId, referredEmailKey, month: monthOf(now), grantedAt: now } }];
  },
};
