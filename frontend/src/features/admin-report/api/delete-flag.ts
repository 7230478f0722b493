import type { FlagOutcome } from '@crossfeed/domain/flags/flag-outcome.ts';
import type { ModeratedContentDto } from '@crossfeed/domain/api/flags.dto.ts';
import { api } from '@/lib/api-client';

/** With an outcome (the last open flag on content under review): what became of the content. */
export type DeleteFlagResponse = { id: string; message: string; outcome?: FlagOutcome; content?: ModeratedContentDto };

/**
 * DELETE /flags/{id} (admins): drops one report; the content stays. For the last open flag on content under
 * review the admin chooses the outcome (approve it, or keep its status): without one this asks the server to
 * ask (`ask_outcome=true`), which answers 409 so the report can put the choice to the admin.
 */
export function deleteFlag(flagId: string, outcome?: FlagOutcome): Promise<DeleteFlagResponse> {
  return api.delete<DeleteFlagResponse>(`/flags/${encodeURIComponent(flagId)}`, { query: outcome ? { outcome } : { ask_outcome: 'true' } });
}
