import { api } from '@/lib/api-client';

export type FlagContentResponse = { id: string; content_id: string; reason: string; created_at: string; message: string };

/** POST /flags/: report a content item with a reason. */
export function flagContent(contentId: string, reason: string): Promise<FlagContentResponse> {
  return api.post<FlagContentResponse>('/flags/', { content_id: contentId, reason });
}
