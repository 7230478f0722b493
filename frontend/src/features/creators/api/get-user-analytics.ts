import type { ScorePart } from '@crossfeed/domain/rules/audience-score.ts';
import { api } from '@/lib/api-client';

/** SPEC §3 User analytics, as GET /analytics/user/{id} returns it. */
export type UserAnalytics = {
  audience_score: number | null;
  /** The parts the score is the sum of, in words; empty while the creator is unscored. */
  score_parts?: ScorePart[];
  total_content_shares: number;
  successful_cross_promotions: number;
  /** People's clicks on the short links of the creator's live content (Views Received). */
  total_views?: number;
};

export function getUserAnalytics(userId: string, signal?: AbortSignal): Promise<UserAnalytics | null> {
  return api.get<UserAnalytics | null>(`/analytics/user/${encodeURIComponent(userId)}`, { signal });
}
