import type { DomainEvent } from '../shared/decider.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';

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

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const contactEventSchemas = {
  ContactAdded: z.object({
    contactId: z.string(),
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    source: z.enum(['single', 'bulk']),
    addedAt: z.string(),
    listStatus: z.enum(['unsubscribed', 'bounced', 'suppressed']).optional(),
  }),
  ContactRemoved: z.object({ contactId: z.string(), userId: z.string(), removedAt: z.string() }),
} satisfies EventSchemas<ContactEvent>;
