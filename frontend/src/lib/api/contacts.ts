import { api, type Page, type PageRequest } from '@/lib/api-client';

/** SPEC §3 Contact, as GET /contacts/ answers each item; the score is null until the worker scored it. */
export type Contact = { id: string; name: string; email: string; audience_score: number | null };

/** GET /contacts/: one page of the signed-in user's contacts, oldest first, with how many there are in all. */
export function getContacts(page: PageRequest = {}, signal?: AbortSignal): Promise<Page<Contact>> {
  return api.getPage<Contact>('/contacts/', page, { signal });
}
