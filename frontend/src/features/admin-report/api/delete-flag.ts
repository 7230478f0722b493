import type { FlagOutcome } from '@crossfeed/domain/flags/flag-outcome.ts';
import type { ModeratedContentDto } from '@crossfeed/domain/api/flags.dto.ts';
import { api } from '@/lib/api-client';

/** With an outcome (the last open flag on content under review): what became of the content. */
export type DeleteFlagResponse = { id: string; message: string; outcome?: FlagOutcome; content?: ModeratedContentDto };

/**
 * DELETE /flags/{id} (admins): drops one report; the content stays. The last open flag on content under
 * review needs `outcome` (approve it, or keep its status): without one the server answers 409.
 */
export function deleteFlag(flagId: string, outcome?: FlagOutcome): Promise<DeleteFlagResponse> {
  const path = `/flags/${encodeURIComponent(flagId)}`;
  return outcome ? api.delete<DeleteFlagResponse>(path, { query: { outcome } }) : api.delete<DeleteFlagResponse>(path);
}
