import { api } from '@/lib/api-client';

/** How many of the listed flags this call deleted (unknown or already deleted ones are skipped). */
export type BulkDeleteFlagsResponse = { deleted: number };

/** POST /flags/bulk-delete (admins) with flag_ids. */
export function bulkDeleteFlags(flagIds: readonly string[]): Promise<BulkDeleteFlagsResponse> {
  return api.post<BulkDeleteFlagsResponse>('/flags/bulk-delete', { flag_ids: flagIds });
}
