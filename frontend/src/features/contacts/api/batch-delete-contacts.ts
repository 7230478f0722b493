import { api } from '@/lib/api-client';

/** POST /contacts/batch-delete/ (Premium): deletes all the contacts or none (a 404 names the unknown ids). */
export function batchDeleteContacts(contactIds: readonly string[]): Promise<{ message: string; deleted: string[] }> {
  return api.post<{ message: string; deleted: string[] }>('/contacts/batch-delete/', { contact_ids: contactIds });
}
