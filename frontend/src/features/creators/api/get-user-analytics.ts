import { api } from '@/lib/api-client';

/** SPEC §3 User analytics, as GET /analytics/user/{id} returns it. */
export type UserAnalytics = {
  audience_score: number | null;
  total_content_shares: number;
  successful_cross_promotions: number;
  /** People's clicks on the short links of the creator's live content (Views Received). */
  total_views?: number;
};

export function getUserAnalytics(userId: string, signal?: AbortSignal): Promise<UserAnalytics | null> {
  return api.get<UserAnalytics | null>(`/analytics/user/${encodeURIComponent(userId)}`, { signal });
}
