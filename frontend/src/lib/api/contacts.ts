import type { ScorePart } from '@crossfeed/domain/rules/audience-score.ts';
import { api, type Page, type PageRequest } from '@/lib/api-client';

/**
 * SPEC §3 Contact, as GET /contacts/ answers each item: the score (0-100, from what the contact did with
 * the links sent to them) and the parts it is the sum of, in words.
 */
export type Contact = { id: string; name: string; email: string; audience_score: number | null; score_parts?: ScorePart[] };

/** GET /contacts/: one page of the signed-in user's contacts, oldest first, with how many there are in all. */
export function getContacts(page: PageRequest = {}, signal?: AbortSignal): Promise<Page<Contact>> {
  return api.getPage<Contact>('/contacts/', page, { signal });
}
