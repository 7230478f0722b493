import { api } from '@/lib/api-client';

export type ShareSkipReason = 'already_shared' | 'daily_limit';
/**
 * `reached`: the contacts this share delivered to; `skipped`: the others and why; `match`: the user's delivered
 * shares of this content out of its required ones; `released`: the user's own queued content a completed match
 * released to the exchange.
 */
export type ShareContentResponse = {
  message: string;
  share_count: number;
  reached?: { id: string; name: string | null }[];
  skipped?: { id: string; name: string | null; reason: ShareSkipReason }[];
  match?: { delivered: number; required: number; completed: boolean };
  released?: { id: string; title: string | null } | null;
};

/**
 * POST /content/{id}/share/ with the chosen contacts. A free user over the daily limit gets a 429 whose
 * detail contains 'Daily share limit reached'.
 */
export function shareContent(contentId: string, contactIds: readonly string[]): Promise<ShareContentResponse> {
  return api.post<ShareContentResponse>(`/content/${encodeURIComponent(contentId)}/share/`, { contact_ids: contactIds });
}
