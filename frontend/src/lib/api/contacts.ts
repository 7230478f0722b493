import type { ScorePart } from '@crossfeed/domain/rules/audience-score.ts';
import { api, type Page, type PageRequest } from '@/lib/api-client';

/**
 * Whether shares can still e-mail the contact: `unsubscribed` (the person asked for no more e-mails),
 * `bounced` (the address bounced for good, or its owner marked a Crossfeed e-mail as spam) and `suppressed`
 * (the creator's own imported list marks the person inactive or disabled) cannot be. The first two may
 * also come from the imported list (docs/features/contact-import.md).
 */
export type ContactStatus = 'active' | 'unsubscribed' | 'bounced' | 'suppressed';

/**
 * SPEC §3 Contact, as GET /contacts/ answers each item: the score (0-100, from what the contact did with
 * the links sent to them) and the parts it is the sum of, in words, and whether shares can still reach it
 * (absent from an older server: active).
 */
export type Contact = { id: string; name: string; email: string; audience_score: number | null; score_parts?: ScorePart[]; status?: ContactStatus };

/** The contacts lists in the query cache (Contacts, the share modal's picker): a change invalidates this prefix. */
export const CONTACTS_KEY = ['contacts'] as const;

/** GET /contacts/: one page of the signed-in user's contacts, oldest first, with how many there are in all. */
export function getContacts(page: PageRequest = {}, signal?: AbortSignal): Promise<Page<Contact>> {
  return api.getPage<Contact>('/contacts/', page, { signal });
}
