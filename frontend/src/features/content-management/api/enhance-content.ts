import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { api } from '@/lib/api-client';

/** POST /content/{id}/enhance/ with an empty body (Premium): answers the content with its tracked url and short link. */
export function enhanceContent(contentId: string): Promise<ContentDto> {
  return api.post<ContentDto>(`/content/${encodeURIComponent(contentId)}/enhance/`, {});
}
