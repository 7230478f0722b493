import { api } from '@/lib/api-client';

/** DELETE /contacts/{id}/. Someone else's (or an already deleted) contact is a 404. */
export function deleteContact(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/contacts/${encodeURIComponent(id)}/`);
}
