import type { PremiumEnded, PremiumSource } from './user.events.ts';
import type { WaitlistEntrySnapshot, WaitlistMonthFree } from './waitlist-tier.commands.ts';

/** Commands of the `user-{id}` stream's account decider. Each carries the time it was issued (`now`). */

export interface RegisterUser {
  type: 'RegisterUser';
  data: {
    userId: string;
    username: string;
    email: string;
    passwordHash: string;
    isAdmin: boolean;
    /**
     * The user's own referral code, drawn by the caller; its reservation is a follow-up job of the
     * registration. Not used when the sign-up's waitlist entry carries over (the account keeps that entry's).
     */
    referralCode?: string;
    /**
     * A confirmed waitlist entry whose confirmation proof the sign-up presented: its tier carries over in the
     * same append as the registration (the waitlist-tier rule decides), so no crash can leave it half done.
     */
    waitlist?: { entry: WaitlistEntrySnapshot; monthFree: WaitlistMonthFree };
    /** The time the command was issued (deciders never read a clock). */
    now: string;
  };
}

export interface ChangePassword {
  type: 'ChangePassword';
  data: { userId: string; passwordHash: string; now: string };
}

export interface RequestPasswordReset {
  type: 'RequestPasswordReset';
  /**
   * `tokenHash` is the sha256 of the e-mailed token: the token itself is never stored; `requestId` is what
   * the e-mail worker derives the token from.
   */
  data: { userId: string; tokenHash: string; expiresAt: string; now: string; requestId?: string };
}

export interface CompletePasswordReset {
  type: 'CompletePasswordReset';
  data: { userId: string; tokenHash: string; passwordHash: string; now: string };
}

export interface ProfileInput {
  name: string;
  bio: string;
  categories: string[];
  interests: string[];
  contentType: string;
}

export interface CreateProfile {
  type: 'CreateProfile';
  data: { userId: string; now: string } & ProfileInput;
}

export interface UpdateProfile {
  type: 'UpdateProfile';
  data: { userId: string; now: string } & ProfileInput;
}

export interface StartPremium {
  type: 'StartPremium';
  data: {
    userId: string;
    source: PremiumSource;
    /** Checkout session, promo code or admin action id: a reference already applied decides nothing. */
    reference: string;
    now: string;
    /** When a time-limited Premium (promo) ends; null for a subscription. */
    endsAt: string | null;
  };
}

export interface EndPremium {
  type: 'EndPremium';
  data: { userId: string; reason: PremiumEnded['data']['reason']; reference: string | null; now: string };
}

/** A provider subscription webhook (`customer.subscription.created|updated|deleted`), times as ISO strings. */
export interface RecordSubscription {
  type: 'RecordSubscription';
  data: {
    userId: string;
    subscriptionId: string;
    customerId: string | null;
    status: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    /** The provider event's time: an update older than the one recorded changes nothing. */
    occurredAt: string;
    now: string;
  };
}

/** A paid Premium invoice (`invoice.paid`). */
export interface RecordPremiumPayment {
  type: 'RecordPremiumPayment';
  data: { userId: string; paymentId: string; subscriptionId: string | null; amountCents: number; currency: string; paidAt: string; now: string };
}

/** An admin's refund of the last Premium payment (money-back guarantee); `refundId` is the provider's. */
export interface RefundPremium {
  type: 'RefundPremium';
  data: { userId: string; paymentId: string; refundId: string; adminId: string; now: string };
}

/**
 * The code drawn at registration (`replaces`) was held by someone else: the account gets `referralCode`
 * (reserved for it by the caller). Decides nothing once the account's code is no longer `replaces`.
 */
export interface AssignReferralCode {
  type: 'AssignReferralCode';
  data: { userId: string; referralCode: string; replaces: string; now: string };
}

/** Follows the e-mailed confirmation link; `grantAdmin` when the address is one of ADMIN_EMAILS. */
export interface ConfirmUserEmail {
  type: 'ConfirmUserEmail';
  data: { userId: string; email: string; grantAdmin: boolean; now: string };
}

/** The operator's `npm run admin -- grant|revoke <username>`. */
export interface GrantAdmin {
  type: 'GrantAdmin';
  data: { userId: string; now: string };
}

export interface RevokeAdmin {
  type: 'RevokeAdmin';
  data: { userId: string; now: string };
}

export type UserCommand =
  | ConfirmUserEmail
  | GrantAdmin
  | RevokeAdmin
  | RegisterUser
  | AssignReferralCode
  | ChangePassword
  | RequestPasswordReset
  | CompletePasswordReset
  | CreateProfile
  | UpdateProfile
  | StartPremium
  | EndPremium
  | RecordSubscription
  | RecordPremiumPayment
  | RefundPremium;
