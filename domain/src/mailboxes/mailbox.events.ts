import type { DomainEvent } from '../shared/decider.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';

/**
 * Events of `mailbox-{key}` (one stream per person's mailbox, keyed by `normalizedEmail`): what Crossfeed
 * sent to an address and what the person or their mail system said back. Suppression is decided here, so
 * an unsubscribe and a send of the same address never interleave wrongly, and it holds for every creator
 * who has the address.
 */

/** One share e-mail that reached the mailbox (recorded just before it is handed to the mailer). */
export interface MailboxDelivery {
  shareId: string;
  sharerId: string;
  contentId: string;
  contentOwnerId: string;
  contactId: string;
  sentAt: string;
}

export type ShareEmailSent = DomainEvent<'ShareEmailSent', { mailbox: string } & MailboxDelivery>;
/**
 * The mailer could not take a recorded e-mail for now (a temporary failure): the record is undone, so the
 * job's retry records and sends it again, and the day's count gives its slot back.
 */
export type ShareEmailReleased = DomainEvent<'ShareEmailReleased', { mailbox: string; shareId: string; releasedAt: string }>;

export type UnsubscribeSource = 'link' | 'one_click' | 'relay';
/** `all`: no more Crossfeed e-mail of any creator; `sharer`: none from `sharerId`. */
export type MailboxUnsubscribed = DomainEvent<
  'MailboxUnsubscribed',
  { mailbox: string; scope: 'all' | 'sharer'; sharerId: string | null; source: UnsubscribeSource; unsubscribedAt: string }
>;

export type MailFailureSource = 'relay' | 'smtp';
/**
 * A hard bounce: the address cannot receive mail. `deliveries` are the recent share e-mails to it whose
 * credit is taken back (the e-mail worker's reaction appends a `ShareCreditWithdrawn` for each).
 */
export type MailboxBounced = DomainEvent<
  'MailboxBounced',
  { mailbox: string; source: MailFailureSource; deliveries: MailboxDelivery[]; bouncedAt: string }
>;
/** The person marked a Crossfeed e-mail as spam: suppressed everywhere, as a bounce is. */
export type MailboxComplained = DomainEvent<
  'MailboxComplained',
  { mailbox: string; source: MailFailureSource; deliveries: MailboxDelivery[]; complainedAt: string }
>;

export type MailboxEvent = ShareEmailSent | ShareEmailReleased | MailboxUnsubscribed | MailboxBounced | MailboxComplained;

const MailboxDeliverySchema = z.object({
  shareId: z.string(),
  sharerId: z.string(),
  contentId: z.string(),
  contentOwnerId: z.string(),
  contactId: z.string(),
  sentAt: z.string(),
});
const MailFailureSourceSchema = z.enum(['relay', 'smtp']);
/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const mailboxEventSchemas = {
  ShareEmailSent: MailboxDeliverySchema.extend({ mailbox: z.string() }),
  ShareEmailReleased: z.object({ mailbox: z.string(), shareId: z.string(), releasedAt: z.string() }),
  MailboxUnsubscribed: z.object({
    mailbox: z.string(),
    scope: z.enum(['all', 'sharer']),
    sharerId: z.string().nullable(),
    source: z.enum(['link', 'one_click', 'relay']),
    unsubscribedAt: z.string(),
  }),
  MailboxBounced: z.object({ mailbox: z.string(), source: MailFailureSourceSchema, deliveries: z.array(MailboxDeliverySchema), bouncedAt: z.string() }),
  MailboxComplained: z.object({ mailbox: z.string(), source: MailFailureSourceSchema, deliveries: z.array(MailboxDeliverySchema), complainedAt: z.string() }),
} satisfies EventSchemas<MailboxEvent>;
