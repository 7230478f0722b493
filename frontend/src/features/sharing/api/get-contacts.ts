import { api } from '@/lib/api-client';

/** SPEC §3 Contact, as GET /contacts/ returns each item. */
export type ShareContact = { id: string; name: string; email: string; audience_score: number | null };

/** GET /contacts/: the signed-in user's contacts, oldest first. */
export function getContacts(signal?: AbortSignal): Promise<ShareContact[]> {
  return api.get<ShareContact[]>('/contacts/', { signal });
}
