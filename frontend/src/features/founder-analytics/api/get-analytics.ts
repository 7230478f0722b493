import type { AnalyticsQuery, AnalyticsSeries } from '@crossfeed/domain/api/analytics.dto.ts';
import { api } from '@/lib/api-client';

/** GET /admin/analytics?from&to&bucket (admins); without a range, the last 30 days by day. */
export function getAnalytics(query: AnalyticsQuery = {}, signal?: AbortSignal): Promise<AnalyticsSeries> {
  return api.get<AnalyticsSeries>('/admin/analytics', { query: { ...query }, signal });
}
