import type { ModeratedContentDto } from '@crossfeed/domain/api/flags.dto.ts';
import type { ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { api } from '@/lib/api-client';

/** PUT /admin/content/{id}/status (admins) with new_status: moderates content without going through a flag. */
export function setModerationStatus(contentId: string, newStatus: ModerationStatus): Promise<ModeratedContentDto> {
  return api.put<ModeratedContentDto>(`/admin/content/${encodeURIComponent(contentId)}/status`, { new_status: newStatus });
}
