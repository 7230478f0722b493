import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectedEvent, type ProjectionOp } from '../projection.ts';

export const USERS = 'users';

export interface ProfileDoc {
  name: string;
  bio: string;
  categories: string[];
  interests: string[];
  content_type: string;
  audience_score: number | null;
}

/** A `users` document. `password_hash` and `username_key` never leave the server (see the user DTO). */
export interface UserDoc extends Doc {
  username: string;
  username_key: string;
  email: string;
  password_hash: string;
  is_admin: boolean;
  is_premium: boolean;
  /** ISO time when a time-limited Premium (promo) ends; null for subscriptions or Free. */
  premium_until: string | null;
  /** True once the profile is created (the sidebar and the tour wait for it). */
  has_profile_completed: boolean;
  profile: ProfileDoc | null;
  /** The profile's categories (lowercase); empty until the profile exists. */
  categories: string[];
  share_count: number;
  view_count: number;
  avatar_url: string | null;
  referral_code: string | null;
  created_at: string;
  /** True once the address was confirmed through the e-mailed link (absent on documents of older versions). */
  email_confirmed?: boolean;
  /**
   * Counts password changes and resets: a session token carries the version it was issued at, and a token
   * of an earlier version is refused (absent: 0).
   */
  token_version?: number;
  /** Lifetime Premium (the waitlist's top tier): Premium whatever `is_premium` says (absent: false). */
  premium_lifetime?: boolean;
  /** The waitlist entry this account carried over (absent or null: none). */
  waitlist?: { position: number; tier: 'lifetime' | 'one_month'; month_free_granted: boolean } | null;
  /** SPEC §4 Tour: the guided tour was finished or skipped, and not reset since (absent: false). */
  has_completed_tour?: boolean;
  /** The provider subscription as its webhooks last described it (absent: never subscribed). Server-only. */
  subscription?: SubscriptionDoc;
  /** The last Premium payment, what the money-back guarantee can refund (absent: none). Server-only. */
  last_payment?: PaymentDoc;
}

export interface SubscriptionDoc {
  id: string;
  customer_id: string | null;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

export interface PaymentDoc {
  id: string;
  subscription_id: string | null;
  amount_cents: number;
  currency: string;
  paid_at: string;
  refunded_at: string | null;
  refund_id: string | null;
  refunded_by: string | null;
}

/**
 * The `users` read model: the account as the current-user call returns it (SPEC §3 User), plus the
 * credentials the login query needs (never returned by the API).
 */
/** A password change or reset: every earlier session token is revoked (guarded by position, so a replay counts each change once). */
const changePassword = (event: ProjectedEvent<'PasswordChanged' | 'PasswordResetCompleted'>): ProjectionOp[] => {
  const { data } = event;
  return [{ op: 'update', collection: USERS, id: data.userId, update: { $set: { password_hash: data.passwordHash }, $inc: { token_version: 1 } } }];
};

const setAdmin = (event: ProjectedEvent<'AdminGranted' | 'AdminRevoked'>): ProjectionOp[] => [
  { op: 'update', collection: USERS, id: event.data.userId, update: { $set: { is_admin: event.type === 'AdminGranted' } } },
];

const setTour = (event: ProjectedEvent<'TourCompleted' | 'TourReset'>): ProjectionOp[] => [
  { op: 'update', collection: USERS, id: event.data.userId, update: { $set: { has_completed_tour: event.type === 'TourCompleted' } } },
];

/**
 * The `users` read model: the account as the current-user call returns it (SPEC §3 User), plus the
 * credentials the login query needs (never returned by the API).
 */
export const usersProjection = defineProjection({
  name: 'users',
  // 3: e-mail confirmation, admin grants and the token version (counted from the password events of the log).
  version: 3,
  collections: {
    [USERS]: [
      { key: { username_key: 1 }, unique: true },
      { key: { email: 1 }, unique: true },
      // Referral redemption finds the referrer by code.
      { key: { referral_code: 1 } },
      // The admin's list of recent Premium payments (money-back refunds).
      { key: { 'last_payment.paid_at': -1 } },
    ],
  },
  handlers: {
    UserRegistered: ({ data }) => [
      {
        op: 'upsert',
        collection: USERS,
        id: data.userId,
        update: {
          $set: {
            username: data.username,
            username_key: data.username.toLowerCase(),
            email: data.email,
            password_hash: data.passwordHash,
            is_admin: data.isAdmin,
            is_premium: false,
            premium_until: null,
            has_profile_completed: false,
            profile: null,
            categories: [],
            share_count: 0,
            view_count: 0,
            avatar_url: null,
            referral_code: data.referralCode ?? null,
            created_at: data.registeredAt,
            email_confirmed: false,
            token_version: 0,
          },
        },
      },
    ],
    PasswordChanged: changePassword,
    PasswordResetCompleted: changePassword,
    ProfileCreated: ({ data }) => {
      const profile: ProfileDoc = {
        name: data.name,
        bio: data.bio,
        categories: data.categories,
        interests: data.interests,
        content_type: data.contentType,
        audience_score: null,
      };
      return [{ op: 'update', collection: USERS, id: data.userId, update: { $set: { profile, categories: data.categories, has_profile_completed: true } } }];
    },
    // Field by field: the profile's audience score is not the owner's to edit.
    ProfileUpdated: ({ data }) => [
      {
        op: 'update',
        collection: USERS,
        id: data.userId,
        update: {
          $set: {
            'profile.name': data.name,
            'profile.bio': data.bio,
            'profile.categories': data.categories,
            'profile.interests': data.interests,
            'profile.content_type': data.contentType,
            categories: data.categories,
          },
        },
      },
    ],
    PremiumStarted: ({ data }) => [{ op: 'update', collection: USERS, id: data.userId, update: { $set: { is_premium: true, premium_until: data.endsAt } } }],
    PremiumEnded: ({ data }) => [{ op: 'update', collection: USERS, id: data.userId, update: { $set: { is_premium: false, premium_until: null } } }],
    PremiumEndChanged: ({ data }) => [{ op: 'update', collection: USERS, id: data.userId, update: { $set: { premium_until: data.endsAt } } }],
    SubscriptionUpdated: ({ data }) => {
      const subscription: SubscriptionDoc = {
        id: data.subscriptionId,
        customer_id: data.customerId,
        status: data.status,
        current_period_end: data.currentPeriodEnd,
        cancel_at_period_end: data.cancelAtPeriodEnd,
      };
      return [{ op: 'update', collection: USERS, id: data.userId, update: { $set: { subscription } } }];
    },
    PremiumPaymentReceived: ({ data }) => {
      const payment: PaymentDoc = {
        id: data.paymentId,
        subscription_id: data.subscriptionId,
        amount_cents: data.amountCents,
        currency: data.currency,
        paid_at: data.paidAt,
        refunded_at: null,
        refund_id: null,
        refunded_by: null,
      };
      return [{ op: 'update', collection: USERS, id: data.userId, update: { $set: { last_payment: payment } } }];
    },
    PremiumRefunded: ({ data }) => [
      {
        op: 'updateMany',
        collection: USERS,
        filter: { _id: data.userId, 'last_payment.id': data.paymentId },
        update: { $set: { 'last_payment.refunded_at': data.refundedAt, 'last_payment.refund_id': data.refundId, 'last_payment.refunded_by': data.refundedBy } },
      },
    ],
    UserEmailConfirmed: ({ data }) => [{ op: 'update', collection: USERS, id: data.userId, update: { $set: { email_confirmed: true } } }],
    AdminGranted: setAdmin,
    AdminRevoked: setAdmin,
    WaitlistTierCarriedOver: ({ data }) => {
      const waitlist = { position: data.position, tier: data.tier, month_free_granted: data.monthFreeGranted };
      // The account keeps the waitlist's referral code (the waitlist's reservation holds it).
      const fields = { referral_code: data.referralCode, waitlist, ...(data.tier === 'lifetime' ? { premium_lifetime: true } : {}) };
      return [{ op: 'update', collection: USERS, id: data.userId, update: { $set: fields } }];
    },
    // The code drawn at registration was someone else's: the account's is the one its reservation job assigned.
    ReferralCodeAssigned: ({ data }) => [{ op: 'update', collection: USERS, id: data.userId, update: { $set: { referral_code: data.referralCode } } }],
    TourCompleted: setTour,
    TourReset: setTour,
  },
});
