import { api } from '@/lib/api-client';

export type DeleteContentResponse = { id: string; message: string };

/** DELETE /admin/content/{id} (admins): removes the content and every flag on it. */
export function deleteContent(contentId: string): Promise<DeleteContentResponse> {
  return api.delete<DeleteContentResponse>(`/admin/content/${encodeURIComponent(contentId)}`);
}
