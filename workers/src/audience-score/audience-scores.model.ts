import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';

/** Worker-owned read model: a creator's audience score, what it is made of, and their contacts' scores. */
export const AUDIENCE_SCORES = 'audience_scores';

export interface ScoreComponent {
  /** The measured value (a ratio, or a count). */
  value: number;
  /** Points it contributes to the 0-100 score, and the most it can. */
  points: number;
  max: number;
}

export interface AudienceScoreDoc extends Doc {
  /** 0-100, one decimal. */
  score: number;
  components: {
    share_completion: ScoreComponent;
    human_clicks_per_share: ScoreComponent;
    conversion_rate: ScoreComponent;
    contact_engagement: ScoreComponent;
  };
  /** The raw totals the components come from. */
  totals: { contents: number; shares: number; required_shares: number; human_clicks: number; conversions: number; contacts: number; engaged_contacts: number };
  /** contactId → 0-100. */
  contacts: Record<string, number>;
  updated_at: string;
}
