import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { api } from '@/lib/api-client';

export type ContentEdit = { title: string; description: string };

/** PUT /content/{id}/ with the new title and description; answers the updated content. */
export function updateContent(contentId: string, edit: ContentEdit): Promise<ContentDto> {
  return api.put<ContentDto>(`/content/${encodeURIComponent(contentId)}/`, edit);
}
