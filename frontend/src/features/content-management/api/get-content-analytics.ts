import { ANALYTICS_IDS_MAX } from '@crossfeed/domain/rules/limits.ts';
import { api } from '@/lib/api-client';

/** SPEC §3 Content analytics, per content id (POST /analytics/ leaves out ids the caller does not own). */
export type ContentAnalyticsDto = {
  shares: number;
  short_link_clicks: number;
  /** People's clicks with a contact's repeat clicks on one day counted once. */
  unique_clicks?: number;
  conversions: number;
};
export type ContentAnalyticsMap = Record<string, ContentAnalyticsDto>;

/** The server takes at most this many ids per call. */
export const ANALYTICS_IDS_PER_CALL = ANALYTICS_IDS_MAX;

/** POST /analytics/ { content_ids }, in as many calls as the ids need, merged into one map. */
export async function getContentAnalytics(contentIds: readonly string[], signal?: AbortSignal): Promise<ContentAnalyticsMap> {
  const chunks: string[][] = [];
  for (let start = 0; start < contentIds.length; start += ANALYTICS_IDS_PER_CALL) {
    chunks.push(contentIds.slice(start, start + ANALYTICS_IDS_PER_CALL));
  }
  const answers = await Promise.all(
    chunks.map((ids) => api.post<ContentAnalyticsMap>('/analytics/', { content_ids: ids }, { signal })),
  );
  return Object.assign({}, ...answers.map((answer) => (answer && typeof answer === 'object' ? answer : {}))) as ContentAnalyticsMap;
}
