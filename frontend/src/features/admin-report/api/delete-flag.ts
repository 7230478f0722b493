import { api } from '@/lib/api-client';

export type DeleteFlagResponse = { id: string; message: string };

/** DELETE /flags/{id} (admins): drops one report; the content stays. */
export function deleteFlag(flagId: string): Promise<DeleteFlagResponse> {
  return api.delete<DeleteFlagResponse>(`/flags/${encodeURIComponent(flagId)}`);
}
