import type { OverlapStatus } from '@crossfeed/domain/rules/audience-insights.ts';
import { api, type Page, type PageRequest } from '@/lib/api-client';

/**
 * One partner of GET /analytics/audience/overlap: counts and percentages only, never whose contacts, of both
 * lists as they stood at `lists_as_of` (00:00 UTC today). "few" stands for 0, 1 or 2 shared contacts alike.
 */
export type AudienceOverlap = {
  partner_id: string;
  partner_username: string | null;
  shares_given: number;
  shares_received: number;
  last_shared_at: string;
  lists_as_of: string;
  status: OverlapStatus;
  shared_contacts: number | null;
  percent_of_my_audience: number | null;
  percent_of_their_audience: number | null;
};

export function getAudienceOverlap(page: PageRequest, signal?: AbortSignal): Promise<Page<AudienceOverlap>> {
  return api.getPage<AudienceOverlap>('/analytics/audience/overlap', page, { signal });
}
