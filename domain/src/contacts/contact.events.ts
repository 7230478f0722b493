import type { DomainEvent } from '../shared/decider.ts';

/** Events of `contacts-{userId}`: one creator's contacts (emails unique per creator, case-insensitive). */
export type ContactAdded = DomainEvent<
  'ContactAdded',
  { contactId: string; userId: string; name: string; email: string; source: 'single' | 'bulk'; addedAt: string }
>;
export type ContactRemoved = DomainEvent<'ContactRemoved', { contactId: string; userId: string; removedAt: string }>;
export type ContactEvent = ContactAdded | ContactRemoved;
