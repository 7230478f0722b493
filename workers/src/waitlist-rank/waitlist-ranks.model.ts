import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';

/** Worker-owned read model: each waitlist entry's rank (`_id` = the email key). */
export const WAITLIST_RANKS = 'waitlist_ranks';

export interface WaitlistRankDoc extends Doc {
  /** 1-based; position in join order moved up one place per credited referral. */
  rank: number;
  /** Join-order position (1-based) and referrals the rank was computed from. */
  position: number;
  referrals: number;
  /** Rank 1-100: lifetime free; others one month free (SPEC §9). */
  tier: 'lifetime' | 'one_month';
  updated_at: string;
}
