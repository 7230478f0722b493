import type { OverlapStatus } from '@crossfeed/domain/rules/audience-insights.ts';
import { api, type Page, type PageRequest } from '@/lib/api-client';

/** One partner of GET /analytics/audience/overlap: counts and percentages only, never whose contacts. */
export type AudienceOverlap = {
  partner_id: string;
  partner_username: string | null;
  shares_given: number;
  shares_received: number;
  last_shared_at: string;
  status: OverlapStatus;
  shared_contacts: number | null;
  percent_of_my_audience: number | null;
  percent_of_their_audience: number | null;
};

export function getAudienceOverlap(page: PageRequest, signal?: AbortSignal): Promise<Page<AudienceOverlap>> {
  return api.getPage<AudienceOverlap>('/analytics/audience/overlap', page, { signal });
}
