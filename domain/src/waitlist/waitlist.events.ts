import type { DomainEvent } from '../shared/decider.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';

/** Events of `waitlist-{emailKey}` (emailKey = the lowercased email): one position per email. */
export type WaitlistJoined = DomainEvent<
  'WaitlistJoined',
  { emailKey: string; email: string; referralCode: string; referredBy: string | null; joinedAt: string }
>;
export type WaitlistEmailConfirmed = DomainEvent<'WaitlistEmailConfirmed', { emailKey: string; confirmedAt: string }>;
/** On the referrer's stream, once per referred email. */
export type WaitlistReferralCredited = DomainEvent<
  'WaitlistReferralCredited',
  { emailKey: string; referredEmailKey: string; creditedAt: string }
>;
/**
 * Someone asked for the entry by its address (a lookup, or joining again): its holder is e-mailed a link to it
 * (the workers' waitlist-entry-link e-mail), at most once per `WAITLIST_ENTRY_LINK_WINDOW_MS`.
 */
export type WaitlistEntryLinkRequested = DomainEvent<'WaitlistEntryLinkRequested', { emailKey: string; requestedAt: string }>;
export type WaitlistEvent = WaitlistJoined | WaitlistEmailConfirmed | WaitlistReferralCredited | WaitlistEntryLinkRequested;

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const waitlistEventSchemas = {
  WaitlistJoined: z.object({ emailKey: z.string(), email: z.string(), referralCode: z.string(), referredBy: z.string().nullable(), joinedAt: z.string() }),
  WaitlistEmailConfirmed: z.object({ emailKey: z.string(), confirmedAt: z.string() }),
  WaitlistReferralCredited: z.object({ emailKey: z.string(), referredEmailKey: z.string(), creditedAt: z.string() }),
  WaitlistEntryLinkRequested: z.object({ emailKey: z.string(), requestedAt: z.string() }),
} satisfies EventSchemas<WaitlistEvent>;
