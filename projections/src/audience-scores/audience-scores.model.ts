import type { ScorePart } from '@crossfeed/domain/rules/audience-score.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';

/**
 * Worker-owned read model (workers/src/audience-score/): a creator's audience score and its parts
 * (domain/src/rules/audience-score.ts). Read it only through `audienceScoreOf` / `audienceScoresOf`
 * (audience-scores.queries.ts), so the profile, the creator card and matching show the same number.
 */
export const AUDIENCE_SCORES = 'audience_scores';

export interface AudienceScoreDoc extends Doc {
  /** 0-100, one decimal. */
  score: number;
  /** The parts the score is the sum of, in the rule's order. */
  parts: ScorePart[];
  /** The raw totals the parts come from. */
  totals: {
    contents: number;
    shares: number;
    required_shares: number;
    human_clicks: number;
    counted_clicks: number;
    conversions: number;
    contacts: number;
    engaged_contacts: number;
  };
  updated_at: string;
}
