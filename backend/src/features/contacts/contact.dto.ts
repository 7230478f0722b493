import type { ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';

/** SPEC §3 Contact. */
export interface ContactDto {
  id: string;
  name: string;
  email: string;
  audience_score: number | null;
}

export function toContactDto(doc: ContactDoc): ContactDto {
  return { id: doc._id, name: doc.name, email: doc.email, audience_score: doc.audience_score ?? null };
}
