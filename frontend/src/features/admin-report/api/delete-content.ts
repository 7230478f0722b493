import { api } from '@/lib/api-client';

export type DeleteContentResponse = { id: string; message: string };

/**
 * DELETE /admin/content/{id} (admins): removes the content and every flag on it. `reason` is told to the
 * owner; without one they are told the flags' reasons.
 */
export function deleteContent(contentId: string, reason?: string | null): Promise<DeleteContentResponse> {
  const path = `/admin/content/${encodeURIComponent(contentId)}`;
  return reason ? api.delete<DeleteContentResponse>(path, { json: { reason } }) : api.delete<DeleteContentResponse>(path);
}
