import type { DomainEvent } from '../shared/decider.ts';

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
