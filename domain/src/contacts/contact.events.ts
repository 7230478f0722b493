import type { DomainEvent } from '../shared/decider.ts';

/**
 * What the creator's own list (the export of their e-mail tool) says of a person it no longer e-mails:
 * `unsubscribed`, `bounced` (bounced, cleaned or complained) or `suppressed` (inactive, disabled). Such a
 * contact is kept, never e-mailed and never credited (docs/features/contact-import.md).
 */
export type ListStatus = 'unsubscribed' | 'bounced' | 'suppressed';

/** Events of `contacts-{userId}`: one creator's contacts (emails unique per creator, case-insensitive). */
export type ContactAdded = DomainEvent<
  'ContactAdded',
  {
    contactId: string;
    userId: string;
    name: string;
    email: string;
    source: 'single' | 'bulk';
    addedAt: string;
    /** Absent: an active contact (and every contact added before imports read statuses). */
    listStatus?: ListStatus;
  }
>;
export type ContactRemoved = DomainEvent<'ContactRemoved', { contactId: string; userId: string; removedAt: string }>;
export type ContactEvent = ContactAdded | ContactRemoved;
