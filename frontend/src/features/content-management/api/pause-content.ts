import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { api } from '@/lib/api-client';

/** POST /content/{id}/pause/: the owner takes the content out of the exchange (`inactive`). */
export function pauseContent(contentId: string): Promise<ContentDto> {
  return api.post<ContentDto>(`/content/${encodeURIComponent(contentId)}/pause/`);
}

/** POST /content/{id}/resume/: back to `active` (released) or `pending` (queued). */
export function resumeContent(contentId: string): Promise<ContentDto> {
  return api.post<ContentDto>(`/content/${encodeURIComponent(contentId)}/resume/`);
}
