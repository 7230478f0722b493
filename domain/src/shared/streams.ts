/** Stream names only through these helpers (`category-id`, DESIGN §3 Streams). */
export const userStream = (userId: string): string => `user-${userId}`;
export const contactsStream = (userId: string): string => `contacts-${userId}`;
export const contentStream = (contentId: string): string => `content-${contentId}`;
export const flagStream = (flagId: string): string => `flag-${flagId}`;
export const waitlistStream = (emailKey: string): string => `waitlist-${emailKey}`;
/** Uniqueness reservations are appended with `no_stream`: the first claimant wins. */
export const reservationStream = (
  kind: 'username' | 'email' | 'promo-code' | 'short-code' | 'referral-code' | 'waitlist-email' | 'referral-credit',
  key: string,
): string =>
  `reservation-${kind}-${key.toLowerCase()}`;
export const promoStream = (code: string): string => `promo-${code.toUpperCase()}`;
export const audienceStream = (userId: string): string => `audience-${userId}`;
/** The recipient's notification reads, kept out of `user-{id}` (DESIGN §3 Streams). */
export const notificationsStream = (userId: string): string => `notifications-${userId}`;
/** A referrer's rewards of one calendar month (`YYYY-MM`): the monthly cap is decided there. */
export const referralRewardsStream = (userId: string, month: string): string => `referral-rewards-${userId}-${month}`;
export const paymentEventStream = (providerEventId: string): string => `payment-event-${providerEventId}`;
/**
 * One person's mailbox across every creator (suppression and the network-wide daily cap), keyed by the
 * normalised address (`normalizedEmail`).
 */
export const mailboxStream = (mailbox: string): string => `mailbox-${mailbox}`;
/** The waitlist key of an email: one position per email, case-insensitive. */
export const emailKey = (email: string): string => email.trim().toLowerCase();
/** The creator's home workspace selection (frequent toggles stay out of `user-{id}`). */
export const workspaceStream = (userId: string): string => `workspace-${userId}`;
/** A Free user's searches of one UTC day (`YYYY-MM-DD`): the daily search limit is decided there. */
export const searchQuotaStream = (userId: string, day: string): string => `search-quota-${userId}-${day}`;
/** A creator's scheduled actions (auto-scheduling): the cap on waiting schedules is decided there. */
export const schedulesStream = (userId: string): string => `schedules-${userId}`;
/** A creator's webhook endpoints (issue 26): the cap on endpoints is decided there. */
export const webhooksStream = (userId: string): string => `webhooks-${userId}`;
/** A creator's personal API tokens (issue 26): the cap on live tokens and revocation are decided there. */
export const apiTokensStream = (userId: string): string => `api-tokens-${userId}`;
