/** Decided on the referrer's stream of the month of `now`: one reward per referred person, `cap` a month. */
export interface GrantReferralReward {
  type: 'GrantReferralReward';
  data: { referrerId: string; referredEmailKey: string; cap: number; now: string };
}
export type ReferralRewardCommand = GrantReferralReward;
