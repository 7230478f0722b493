import type { ModeratedContentDto } from '@crossfeed/domain/api/flags.dto.ts';
import type { ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { api } from '@/lib/api-client';

/**
 * PUT /admin/content/{id}/status (admins) with new_status: moderates content without going through a flag;
 * `reason` (for `deleted`) is told to the owner.
 */
export function setModerationStatus(contentId: string, newStatus: ModerationStatus, reason?: string | null): Promise<ModeratedContentDto> {
  return api.put<ModeratedContentDto>(`/admin/content/${encodeURIComponent(contentId)}/status`, reason ? { new_status: newStatus, reason } : { new_status: newStatus });
}
