import { api } from '@/lib/api-client';

export type ShareContentResponse = { message: string; share_count: number };

/**
 * POST /content/{id}/share/ with the chosen contacts. A free user over the daily limit gets a 429 whose
 * detail contains 'Daily share limit reached'.
 */
export function shareContent(contentId: string, contactIds: readonly string[]): Promise<ShareContentResponse> {
  return api.post<ShareContentResponse>(`/content/${encodeURIComponent(contentId)}/share/`, { contact_ids: contactIds });
}
