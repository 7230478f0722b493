import type { ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { api } from '@/lib/api-client';

/** The content as PUT /flags/{id}/content-status answers it (backend flag.dto.ts ModeratedContentDto). */
export type ModeratedContent = {
  id: string;
  title: string;
  description: string;
  url: string;
  content_type: string;
  categories: string[];
  status: string;
  share_count: number;
  required_shares: number;
  created_at: string;
  user: { id: string; username: string };
};

/** PUT /flags/{id}/content-status (admins) with new_status: sets the flagged content's moderation status. */
export function changeContentStatus(flagId: string, newStatus: ModerationStatus): Promise<ModeratedContent> {
  return api.put<ModeratedContent>(`/flags/${encodeURIComponent(flagId)}/content-status`, { new_status: newStatus });
}
