import type { ModeratedContentDto } from '@crossfeed/domain/api/flags.dto.ts';
import type { ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { api } from '@/lib/api-client';

/**
 * PUT /flags/{id}/content-status (admins) with new_status: sets the flagged content's moderation status;
 * `reason` (for `deleted`) is told to the owner.
 */
export function changeContentStatus(flagId: string, newStatus: ModerationStatus, reason?: string | null): Promise<ModeratedContentDto> {
  return api.put<ModeratedContentDto>(`/flags/${encodeURIComponent(flagId)}/content-status`, reason ? { new_status: newStatus, reason } : { new_status: newStatus });
}
