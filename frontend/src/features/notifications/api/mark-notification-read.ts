import { api } from '@/lib/api-client';

/** PUT /notifications/{id}/read. */
export function markNotificationRead(id: string): Promise<unknown> {
  return api.put<unknown>(`/notifications/${encodeURIComponent(id)}/read`);
}
