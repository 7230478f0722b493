import { api } from '@/lib/api-client';

/** DELETE /content/{id}/ (the owner's own content). */
export function deleteContent(contentId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/content/${encodeURIComponent(contentId)}/`);
}
