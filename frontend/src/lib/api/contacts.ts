import { api } from '@/lib/api-client';

/** SPEC §3 Contact, as GET /contacts/ answers each item; the score is null until the worker scored it. */
export type Contact = { id: string; name: string; email: string; audience_score: number | null };

/** GET /contacts/: the signed-in user's contacts, oldest first. */
export function getContacts(signal?: AbortSignal): Promise<Contact[]> {
  return api.get<Contact[]>('/contacts/', { signal });
}
