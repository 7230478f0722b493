import type { FlagOutcome } from '@crossfeed/domain/flags/flag-outcome.ts';
import { api } from '@/lib/api-client';

/** How many of the listed flags this call deleted (unknown or already deleted ones are skipped). */
export type BulkDeleteFlagsResponse = { deleted: number };

/**
 * POST /flags/bulk-delete (admins) with flag_ids; `outcome` for content under review whose last open flags
 * are among them (without one, `ask_outcome` makes the server answer 409 and delete nothing, so the report
 * can put the choice to the admin).
 */
export function bulkDeleteFlags(flagIds: readonly string[], outcome?: FlagOutcome): Promise<BulkDeleteFlagsResponse> {
  return api.post<BulkDeleteFlagsResponse>('/flags/bulk-delete', outcome ? { flag_ids: flagIds, outcome } : { flag_ids: flagIds, ask_outcome: true });
}
