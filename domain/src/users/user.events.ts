import { z } from 'zod';
import type { DomainEvent } from '../shared/decider.ts';
import type { ShareSkipReason } from '../rules/share-reasons.ts';
import type { EventSchemas } from '../shared/event-schemas.ts';

/**
 * Events of the `user-{userId}` stream (DESIGN §3): account, profile, premium, the creator's own content
 * and the quotas that must hold under concurrency (weekly submissions, daily shares, shuffles).
 */

export const UserRegisteredData = z.object({
  userId: z.string().min(1),
  username: z.string().min(1),
  email: z.string().email(),
  passwordHash: z.string().min(1),
  isAdmin: z.boolean(),
  /** The user's own referral/waitlist code (SPEC §3 User referral_code). */
  referralCode: z.string().optional(),
  registeredAt: z.string().datetime(),
});
export type UserRegisteredData = z.infer<typeof UserRegisteredData>;
export type UserRegistered = DomainEvent<'UserRegistered', UserRegisteredData>;

export type PasswordChanged = DomainEvent<'PasswordChanged', { userId: string; passwordHash: string; changedAt: string }>;
/**
 * `tokenHash` is the sha256 of the e-mailed token. The token itself is never stored: the e-mail worker
 * derives it from `requestId` and the signing secret (platform/src/security/derived-tokens.ts). Events
 * recorded before `requestId` existed have none (their e-mail was sent by the API).
 */
export type PasswordResetRequested = DomainEvent<
  'PasswordResetRequested',
  { userId: string; tokenHash: string; expiresAt: string; requestedAt: string; requestId?: string }
>;
export type PasswordResetCompleted = DomainEvent<
  'PasswordResetCompleted',
  { userId: string; tokenHash: string; passwordHash: string; resetAt: string }
>;

export interface ProfileData {
  name: string;
  bio: string;
  /** Lowercase, trimmed, unique. */
  categories: string[];
  interests: string[];
  contentType: string;
}
export type ProfileCreated = DomainEvent<'ProfileCreated', { userId: string; createdAt: string } & ProfileData>;
export type ProfileUpdated = DomainEvent<'ProfileUpdated', { userId: string; updatedAt: string } & ProfileData>;

export type PremiumSource = 'checkout' | 'promo' | 'admin' | 'waitlist';
export type PremiumStarted = DomainEvent<
  'PremiumStarted',
  { userId: string; source: PremiumSource; reference: string; startedAt: string; endsAt: string | null }
>;
export type PremiumEnded = DomainEvent<
  'PremiumEnded',
  { userId: string; reason: 'cancelled' | 'payment_failed' | 'expired' | 'refunded'; reference: string | null; endedAt: string }
>;

/**
 * The provider's subscription as its webhooks last described it (`customer.subscription.created|updated|
 * deleted`). `status` is the provider's (active, trialing, past_due, canceled, unpaid...); `occurredAt` is
 * the provider event's time, so an older update delivered late changes nothing.
 */
export type SubscriptionUpdated = DomainEvent<
  'SubscriptionUpdated',
  {
    userId: string;
    subscriptionId: string;
    customerId: string | null;
    status: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    occurredAt: string;
    updatedAt: string;
  }
>;
/**
 * A running Premium's end moved: to the subscription's period end when it is set to cancel then, back to
 * none (`null`) when it is resumed. The premium-expiry job ends it once the end has passed.
 */
export type PremiumEndChanged = DomainEvent<
  'PremiumEndChanged',
  { userId: string; endsAt: string | null; reason: 'cancel_at_period_end' | 'resumed'; changedAt: string }
>;
/** A Premium invoice was paid (`invoice.paid`): the payment the 14-day money-back guarantee refers to. */
export type PremiumPaymentReceived = DomainEvent<
  'PremiumPaymentReceived',
  {
    userId: string;
    paymentId: string;
    subscriptionId: string | null;
    amountCents: number;
    currency: string;
    paidAt: string;
    receivedAt: string;
  }
>;
/** An admin refunded a Premium payment under the money-back guarantee (followed by `PremiumEnded` 'refunded'). */
export type PremiumRefunded = DomainEvent<
  'PremiumRefunded',
  { userId: string; paymentId: string; refundId: string; amountCents: number; currency: string; refundedBy: string; refundedAt: string }
>;

export interface ContentFields {
  title: string;
  description: string;
  url: string;
  contentType: string;
  categories: string[];
}
/**
 * `queued: true` (the exchange, docs/exchange.md): the content waits as `pending` until a `ContentReleased`
 * (which may follow in the same command). Without it (logs written before the exchange) the content was
 * active at once, and the creator's starting credit counts as used.
 */
export type ContentSubmitted = DomainEvent<
  'ContentSubmitted',
  { contentId: string; userId: string; username: string; requiredShares: number; submittedAt: string; queued?: boolean } & ContentFields
>;
export type ContentEdited = DomainEvent<
  'ContentEdited',
  { contentId: string; userId: string; title: string; description: string; editedAt: string }
>;
export type ContentDeleted = DomainEvent<'ContentDeleted', { contentId: string; userId: string; deletedAt: string }>;

/**
 * On the sharer's stream (the daily quota is decided there); the owner is told by a notification. What it
 * counts is read through `shareCredit` (rules/share-credit.ts), never from the number of events.
 */
export type ContentShared = DomainEvent<
  'ContentShared',
  {
    shareId: string;
    contentId: string;
    contentOwnerId: string;
    /** Denormalized for the owner's notification (projections never read). */
    contentTitle: string;
    sharerId: string;
    sharerUsername: string;
    /** The contacts this share e-mails, in order (logs written before the exchange: every contact selected). */
    contactIds: string[];
    /** Their mailboxes (`normalizedEmail`), index by index; absent on events written before the per-person rule. */
    mailboxes?: string[];
    /**
     * How many of `contactIds` (the first ones) count toward the match and the owner's `share_count`: people
     * newly reached, up to what the match still needed. Absent on older events: one delivered share.
     */
    credit?: number;
    /** The selected contacts this share did not e-mail, and why. */
    skipped?: ShareSkip[];
    /** The sharer's personal note ("Why I recommend this"), at most 280 characters. */
    note?: string | null;
    /**
     * Sent at each contact's best time (Premium): `credit` is 0, and each person counts when their e-mail goes
     * (`ShareCreditGranted`). The sharer's time zone places 09:00 for contacts without a click.
     */
    deferred?: { timeZone: string };
    sharedAt: string;
  }
>;
export type { ShareSkipReason };
export interface ShareSkip {
  contactId: string;
  reason: ShareSkipReason;
}

/** Which e-mail of which share a change of credit is about. */
export interface ShareDeliveryRef {
  shareId: string;
  contentId: string;
  contentOwnerId: string;
  /** Denormalized for the sharer's notification (projections never read). */
  contentTitle: string;
  sharerId: string;
  contactId: string;
  mailbox: string;
  /** When the share was made. */
  sharedAt: string;
}

/** A deferred share's e-mail to one mailbox went (`credit` 1): it counts now, as a share's credit does. */
export type ShareCreditGranted = DomainEvent<'ShareCreditGranted', ShareDeliveryRef & { credit: number; grantedAt: string }>;

/** Why credit a share gave for one mailbox is taken back. */
export type CreditWithdrawalReason =
  /** Sent, and the address bounced for good (relay event, or a 5xx refusal at send). */
  | 'bounced'
  /** Sent, and the person marked it as spam. */
  | 'complained'
  /** Not sent: the person unsubscribed, or the address was suppressed, between the share and the send. */
  | 'suppressed'
  /** Not sent: the address had its Crossfeed e-mails for the day by the time it was sent. */
  | 'daily_limit'
  /** Not sent: the content was removed or held by moderation before the send. */
  | 'content_unavailable'
  /** Not sent: the sharer deleted the contact before the send. */
  | 'contact_removed';

/** Reasons of an e-mail that was never sent: the person was not reached and may be on a later day. */
export const NOT_SENT_REASONS: ReadonlySet<CreditWithdrawalReason> = new Set(['suppressed', 'daily_limit', 'content_unavailable', 'contact_removed']);

/**
 * A share's e-mail to one mailbox did not reach a person: its credit (`credit`, 0 or 1) is taken back from
 * the match progress and the owner's `share_count`. A completed match stays completed.
 */
export type ShareCreditWithdrawn = DomainEvent<
  'ShareCreditWithdrawn',
  ShareDeliveryRef & {
    /** The sharer's own name for the contact, for their notification (projections never read). */
    contactName: string | null;
    reason: CreditWithdrawalReason;
    credit: number;
    withdrawnAt: string;
  }
>;

/**
 * The exchange (docs/exchange.md), all on the creator's own `user-{id}` stream. A sharer's delivered shares
 * of one matched content reached its `requiredShares`: one credit earned.
 */
export type MatchCompleted = DomainEvent<
  'MatchCompleted',
  {
    sharerId: string;
    contentId: string;
    contentOwnerId: string;
    contentTitle: string;
    requiredShares: number;
    /** The sharer's content this match released (a `ContentReleased` follows), or null: the credit is banked. */
    releasedContentId: string | null;
    completedAt: string;
  }
>;
export type ReleaseReason = 'starting_credit' | 'match_completed' | 'banked_credit';
/** A queued (`pending`) content of `userId` enters the match pools (`active`); one credit spent. */
export type ContentReleased = DomainEvent<
  'ContentReleased',
  { contentId: string; userId: string; contentTitle: string; reason: ReleaseReason; matchContentId?: string; releasedAt: string }
>;
/** The owner took the content out of the exchange (`inactive`). */
export type ContentPaused = DomainEvent<'ContentPaused', { contentId: string; userId: string; pausedAt: string }>;
/** Back in the exchange: `active` when it had been released, else `pending` in the queue. */
export type ContentResumed = DomainEvent<'ContentResumed', { contentId: string; userId: string; released: boolean; resumedAt: string }>;
/** The account's e-mail address was confirmed through the link e-mailed to it. */
export type UserEmailConfirmed = DomainEvent<'UserEmailConfirmed', { userId: string; email: string; confirmedAt: string }>;
/**
 * Admin rights from now on: `admin-email` when an ADMIN_EMAILS address was confirmed, `operator` when
 * granted with `npm run admin -- grant`. (Accounts registered before e-mail confirmation existed may carry
 * `isAdmin: true` in their UserRegistered event: they stay admins.)
 */
export type AdminGranted = DomainEvent<'AdminGranted', { userId: string; reason: 'admin-email' | 'operator'; grantedAt: string }>;
export type AdminRevoked = DomainEvent<'AdminRevoked', { userId: string; reason: 'operator'; revokedAt: string }>;

/**
 * The account was linked to its waitlist entry (same normalised e-mail, both proven): the entry's tier and
 * referral code carry into the product (docs/features/waitlist.md). `lifetime`: Premium
 * that never ends; `one_month`: one month of Premium, granted now when `monthFreeGranted` (WAITLIST_MONTH_FREE).
 */
export type WaitlistTierCarriedOver = DomainEvent<
  'WaitlistTierCarriedOver',
  {
    userId: string;
    /** The waitlist entry's key (its stream `waitlist-{emailKey}`). */
    emailKey: string;
    /** The position the tier was decided from (the better of join order and referral rank). */
    position: number;
    tier: 'lifetime' | 'one_month';
    referralCode: string;
    monthFreeGranted: boolean;
    carriedAt: string;
  }
>;

/**
 * The account's referral code is another one from now on: the code drawn at registration turned out to be
 * held by someone else when its reservation was made (workers/src/referrals/referral-code.processor.ts).
 */
export const ReferralCodeAssignedData = z.object({
  userId: z.string().min(1),
  referralCode: z.string().min(1),
  /** The code it replaces (the one drawn at registration). */
  replaces: z.string().min(1),
  assignedAt: z.string().datetime(),
});
export type ReferralCodeAssigned = DomainEvent<'ReferralCodeAssigned', z.infer<typeof ReferralCodeAssignedData>>;

export type MatchesShuffled = DomainEvent<'MatchesShuffled', { userId: string; seed: number; shuffledAt: string }>;
export type NotificationRead = DomainEvent<'NotificationRead', { userId: string; notificationId: string; readAt: string }>;
/** SPEC §4 Tour: the guided tour was finished, skipped or closed (`TourCompleted`), or restarted from Help (`TourReset`). */
export type TourCompleted = DomainEvent<'TourCompleted', { userId: string; completedAt: string }>;
export type TourReset = DomainEvent<'TourReset', { userId: string; resetAt: string }>;

export type UserEvent =
  | UserRegistered
  | PasswordChanged
  | PasswordResetRequested
  | PasswordResetCompleted
  | ProfileCreated
  | ProfileUpdated
  | PremiumStarted
  | PremiumEnded
  | SubscriptionUpdated
  | PremiumEndChanged
  | PremiumPaymentReceived
  | PremiumRefunded
  | ContentSubmitted
  | ContentEdited
  | ContentDeleted
  | ContentShared
  | ShareCreditWithdrawn
  | ShareCreditGranted
  | MatchCompleted
  | ContentReleased
  | ContentPaused
  | ContentResumed
  | MatchesShuffled
  | NotificationRead
  | UserEmailConfirmed
  | AdminGranted
  | AdminRevoked
  | WaitlistTierCarriedOver
  | ReferralCodeAssigned
  | TourCompleted
  | TourReset;

const ProfileSchema = {
  name: z.string(),
  bio: z.string(),
  categories: z.array(z.string()),
  interests: z.array(z.string()),
  contentType: z.string(),
};
const ShareDeliveryRefSchema = z.object({
  shareId: z.string(),
  contentId: z.string(),
  contentOwnerId: z.string(),
  contentTitle: z.string(),
  sharerId: z.string(),
  contactId: z.string(),
  mailbox: z.string(),
  sharedAt: z.string(),
});
const SHARE_SKIP_REASONS = [
  'already_shared',
  'duplicate_address',
  'daily_limit',
  'throwaway_address',
  'own_address',
  'unsubscribed',
  'bounced',
  'suppressed',
  'email_budget',
] as const satisfies readonly ShareSkipReason[];
const CREDIT_WITHDRAWAL_REASONS = [
  'bounced',
  'complained',
  'suppressed',
  'daily_limit',
  'content_unavailable',
  'contact_removed',
] as const satisfies readonly CreditWithdrawalReason[];

/**
 * Schemas by event type: what each event's data must be. The event store refuses an append that does not
 * match (domain/src/event-schemas.ts); events read back are not checked, as logs hold older shapes.
 */
export const userEventSchemas = {
  UserRegistered: UserRegisteredData,
  PasswordChanged: z.object({ userId: z.string(), passwordHash: z.string(), changedAt: z.string() }),
  PasswordResetRequested: z.object({ userId: z.string(), tokenHash: z.string(), expiresAt: z.string(), requestedAt: z.string(), requestId: z.string().optional() }),
  PasswordResetCompleted: z.object({ userId: z.string(), tokenHash: z.string(), passwordHash: z.string(), resetAt: z.string() }),
  ProfileCreated: z.object({ userId: z.string(), createdAt: z.string(), ...ProfileSchema }),
  ProfileUpdated: z.object({ userId: z.string(), updatedAt: z.string(), ...ProfileSchema }),
  PremiumStarted: z.object({
    userId: z.string(),
    source: z.enum(['checkout', 'promo', 'admin', 'waitlist']),
    reference: z.string(),
    startedAt: z.string(),
    endsAt: z.string().nullable(),
  }),
  PremiumEnded: z.object({
    userId: z.string(),
    reason: z.enum(['cancelled', 'payment_failed', 'expired', 'refunded']),
    reference: z.string().nullable(),
    endedAt: z.string(),
  }),
  SubscriptionUpdated: z.object({
    userId: z.string(),
    subscriptionId: z.string(),
    customerId: z.string().nullable(),
    status: z.string(),
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    occurredAt: z.string(),
    updatedAt: z.string(),
  }),
  PremiumEndChanged: z.object({ userId: z.string(), endsAt: z.string().nullable(), reason: z.enum(['cancel_at_period_end', 'resumed']), changedAt: z.string() }),
  PremiumPaymentReceived: z.object({
    userId: z.string(),
    paymentId: z.string(),
    subscriptionId: z.string().nullable(),
    amountCents: z.number(),
    currency: z.string(),
    paidAt: z.string(),
    receivedAt: z.string(),
  }),
  PremiumRefunded: z.object({
    userId: z.string(),
    paymentId: z.string(),
    refundId: z.string(),
    amountCents: z.number(),
    currency: z.string(),
    refundedBy: z.string(),
    refundedAt: z.string(),
  }),
  ContentSubmitted: z.object({
    contentId: z.string(),
    userId: z.string(),
    username: z.string(),
    requiredShares: z.number(),
    submittedAt: z.string(),
    queued: z.boolean().optional(),
    title: z.string(),
    description: z.string(),
    url: z.string(),
    contentType: z.string(),
    categories: z.array(z.string()),
  }),
  ContentEdited: z.object({ contentId: z.string(), userId: z.string(), title: z.string(), description: z.string(), editedAt: z.string() }),
  ContentDeleted: z.object({ contentId: z.string(), userId: z.string(), deletedAt: z.string() }),
  ContentShared: z.object({
    shareId: z.string(),
    contentId: z.string(),
    contentOwnerId: z.string(),
    contentTitle: z.string(),
    sharerId: z.string(),
    sharerUsername: z.string(),
    contactIds: z.array(z.string()),
    mailboxes: z.array(z.string()).optional(),
    credit: z.number().optional(),
    skipped: z.array(z.object({ contactId: z.string(), reason: z.enum(SHARE_SKIP_REASONS) })).optional(),
    note: z.string().nullable().optional(),
    deferred: z.object({ timeZone: z.string() }).optional(),
    sharedAt: z.string(),
  }),
  ShareCreditWithdrawn: ShareDeliveryRefSchema.extend({
    contactName: z.string().nullable(),
    reason: z.enum(CREDIT_WITHDRAWAL_REASONS),
    credit: z.number(),
    withdrawnAt: z.string(),
  }),
  ShareCreditGranted: ShareDeliveryRefSchema.extend({ credit: z.number(), grantedAt: z.string() }),
  MatchCompleted: z.object({
    sharerId: z.string(),
    contentId: z.string(),
    contentOwnerId: z.string(),
    contentTitle: z.string(),
    requiredShares: z.number(),
    releasedContentId: z.string().nullable(),
    completedAt: z.string(),
  }),
  ContentReleased: z.object({
    contentId: z.string(),
    userId: z.string(),
    contentTitle: z.string(),
    reason: z.enum(['starting_credit', 'match_completed', 'banked_credit']),
    matchContentId: z.string().optional(),
    releasedAt: z.string(),
  }),
  ContentPaused: z.object({ contentId: z.string(), userId: z.string(), pausedAt: z.string() }),
  ContentResumed: z.object({ contentId: z.string(), userId: z.string(), released: z.boolean(), resumedAt: z.string() }),
  MatchesShuffled: z.object({ userId: z.string(), seed: z.number(), shuffledAt: z.string() }),
  NotificationRead: z.object({ userId: z.string(), notificationId: z.string(), readAt: z.string() }),
  UserEmailConfirmed: z.object({ userId: z.string(), email: z.string(), confirmedAt: z.string() }),
  AdminGranted: z.object({ userId: z.string(), reason: z.enum(['admin-email', 'operator']), grantedAt: z.string() }),
  AdminRevoked: z.object({ userId: z.string(), reason: z.literal('operator'), revokedAt: z.string() }),
  WaitlistTierCarriedOver: z.object({
    userId: z.string(),
    emailKey: z.string(),
    position: z.number(),
    tier: z.enum(['lifetime', 'one_month']),
    referralCode: z.string(),
    monthFreeGranted: z.boolean(),
    carriedAt: z.string(),
  }),
  ReferralCodeAssigned: ReferralCodeAssignedData,
  TourCompleted: z.object({ userId: z.string(), completedAt: z.string() }),
  TourReset: z.object({ userId: z.string(), resetAt: z.string() }),
} satisfies EventSchemas<UserEvent>;
