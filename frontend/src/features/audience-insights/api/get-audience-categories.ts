import type { CategoryClicks } from '@crossfeed/domain/rules/audience-insights.ts';
import { api } from '@/lib/api-client';

/** GET /analytics/audience/categories: people's clicks through your contacts, by category of the content. */
export type AudienceCategories = { total_clicks: number; categories: CategoryClicks[] };

export function getAudienceCategories(signal?: AbortSignal): Promise<AudienceCategories> {
  return api.get<AudienceCategories>('/analytics/audience/categories', { signal });
}
