import type { ContentDailyAnalyticsDto, ContentDailyQuery } from '@crossfeed/domain/api/content-analytics.dto.ts';
import { api } from '@/lib/api-client';

/** GET /analytics/content/{id}/daily (Premium, the owner): the daily series and the sharer breakdown of a range. */
export function getContentDaily(contentId: string, query: ContentDailyQuery, signal?: AbortSignal): Promise<ContentDailyAnalyticsDto> {
  return api.get<ContentDailyAnalyticsDto>(`/analytics/content/${encodeURIComponent(contentId)}/daily`, {
    query: { from: query.from, to: query.to },
    signal,
  });
}
