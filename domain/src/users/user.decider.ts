import { normalizeCategories } from '../rules/content-types.ts';
import { isEndedSubscription, isLiveSubscription, moneyBackEndsAt, withinMoneyBack } from '../rules/premium.ts';
import type { Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { ProfileInput, UserCommand } from './user.commands.ts';
import type { ProfileData, UserEvent } from './user.events.ts';
import { waitlistTierDecider } from './waitlist-tier.decider.ts';

export const INVALID_RESET_TOKEN = 'Invalid or expired password reset token.';
export const INVALID_CONFIRMATION_LINK = 'Invalid or expired confirmation link.';
export const NO_PAYMENT_TO_REFUND = 'This account has no Premium payment to refund.';
export const ALREADY_REFUNDED = 'This Premium payment was already refunded.';
export const PAYMENT_CHANGED = 'The last Premium payment of this account has changed. Reload and try again.';
export const moneyBackEndedMessage = (paidAt: string): string =>
  `The 14-day money-back guarantee for this payment ended on ${moneyBackEndsAt(paidAt).slice(0, 10)}.`;

interface PendingReset {
  tokenHash: string;
  expiresAt: string;
  used: boolean;
}

export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      userId: string;
      username: string;
      email: string;
      isAdmin: boolean;
      emailConfirmed: boolean;
      hasProfile: boolean;
      /** The account's referral code now (its own, or its waitlist entry's once carried over); absent: none. */
      referralCode?: string;
      /** The code of the waitlist entry carried over (absent: none): the entry's reservation, never replaced. */
      waitlistReferralCode?: string;
      /** Only the latest reset request counts: asking again invalidates the previous link. */
      reset: PendingReset | null;
      premium: boolean;
      /** End of a time-limited Premium; null while it runs without an end. */
      premiumEndsAt: string | null;
      /** Every reference a Premium start was decided for (checkout session, promo code...); updated in place. */
      premiumReferences: Set<string>;
      /** Lifetime Premium (the waitlist's top tier): nothing ends it. Absent on states of older code. */
      lifetimePremium?: boolean;
      /** The provider subscription as its webhooks last described it (absent: none recorded). */
      subscription?: RecordedSubscription;
      /** The last Premium payment (absent: none): the one the money-back guarantee can refund. */
      lastPayment?: RecordedPayment;
    };

export interface RecordedSubscription {
  id: string;
  customerId: string | null;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  occurredAt: string;
}

export interface RecordedPayment {
  id: string;
  subscriptionId: string | null;
  amountCents: number;
  currency: string;
  paidAt: string;
  refunded: boolean;
}

type Registered = Extract<UserState, { status: 'registered' }>;

function registered(state: UserState): Registered {
  if (state.status !== 'registered') throw new NotFoundError('User not found.');
  return state;
}

function profileData(input: ProfileInput): ProfileData {
  return {
    name: input.name.trim(),
    bio: input.bio.trim(),
    categories: normalizeCategories(input.categories),
    interests: [...new Set(input.interests.map((interest) => interest.trim()).filter(Boolean))],
    contentType: input.contentType.trim(),
  };
}

/** A Premium still running at `now` (an end in the past waits for its `expired` EndPremium). */
const premiumActive = (state: Registered, now: string): boolean =>
  state.premium && (state.premiumEndsAt === null || state.premiumEndsAt > now);

/** The later of two ends, where null (no end) is the latest of all. */
const laterEnd = (a: string | null, b: string | null): string | null => (a === null || b === null ? null : a > b ? a : b);

/**
 * The payment an admin may refund now under the money-back guarantee: the account's last Premium payment,
 * not refunded yet, made at most MONEY_BACK_DAYS ago. The refund route asks this before it calls the
 * provider, and `RefundPremium` decides with it again.
 */
/**
 * Whether the account's code is still `code` as its registration drew it, so another may replace it: not once
 * replaced, nor when it is the waitlist entry's code carried over (logs from before the carry-over joined the
 * registration's append registered with the entry's code, which the entry holds).
 */
export function holdsDrawnReferralCode(state: UserState, code: string): boolean {
  return state.status === 'registered' && state.referralCode === code && state.waitlistReferralCode !== code;
}

export function refundablePayment(state: UserState, now: string): RecordedPayment {
  const payment = registered(state).lastPayment;
  if (!payment) throw new ConflictError(NO_PAYMENT_TO_REFUND);
  if (payment.refunded) throw new ConflictError(ALREADY_REFUNDED);
  if (!withinMoneyBack(payment.paidAt, now)) throw new ConflictError(moneyBackEndedMessage(payment.paidAt));
  return { ...payment };
}

/**
 * What a live subscription means for a running Premium's end: none while it renews, its period end once it
 * is set to cancel then (never earlier than an end the Premium already has, e.g. a promo redeemed since).
 */
function endForSubscription(current: Registered, cancelAtPeriodEnd: boolean, currentPeriodEnd: string | null): string | null {
  if (!cancelAtPeriodEnd || currentPeriodEnd === null) return null;
  return current.premiumEndsAt === null ? currentPeriodEnd : laterEnd(current.premiumEndsAt, currentPeriodEnd);
}

/**
 * The account on `user-{id}`: registration, passwords, profile and Premium. Other deciders share this
 * stream (the creator's content, quotas), so `evolve` ignores events it does not know (including the
 * `NotificationRead` of old logs: reads are decided on `notifications-{userId}` now).
 */
export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'unregistered' }),

  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      return {
        status: 'registered',
        userId: event.data.userId,
        username: event.data.username,
        email: event.data.email,
        isAdmin: event.data.isAdmin,
        emailConfirmed: false,
        hasProfile: false,
        reset: null,
        premium: false,
        premiumEndsAt: null,
        premiumReferences: new Set(),
        ...(event.data.referralCode === undefined ? {} : { referralCode: event.data.referralCode }),
      };
    }
    if (state.status !== 'registered') return state;
    switch (event.type) {
      case 'PasswordResetRequested':
        return { ...state, reset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt, used: false } };
      case 'PasswordResetCompleted':
        return state.reset?.tokenHash === event.data.tokenHash ? { ...state, reset: { ...state.reset, used: true } } : state;
      case 'ProfileCreated':
        return { ...state, hasProfile: true };
      case 'PremiumStarted':
        return {
          ...state,
          premium: true,
          premiumEndsAt: event.data.endsAt,
          premiumReferences: state.premiumReferences.add(event.data.reference),
        };
      case 'PremiumEnded':
        return { ...state, premium: false, premiumEndsAt: null };
      case 'PremiumEndChanged':
        state.premiumEndsAt = event.data.endsAt;
        return state;
      case 'SubscriptionUpdated': {
        const { subscriptionId: id, customerId, status, currentPeriodEnd, cancelAtPeriodEnd, occurredAt } = event.data;
        state.subscription = { id, customerId, status, currentPeriodEnd, cancelAtPeriodEnd, occurredAt };
        return state;
      }
      case 'PremiumPaymentReceived': {
        const { paymentId: id, subscriptionId, amountCents, currency, paidAt } = event.data;
        state.lastPayment = { id, subscriptionId, amountCents, currency, paidAt, refunded: false };
        return state;
      }
      case 'PremiumRefunded':
        if (state.lastPayment?.id === event.data.paymentId) state.lastPayment.refunded = true;
        return state;
      case 'UserEmailConfirmed':
        state.emailConfirmed = true;
        return state;
      case 'AdminGranted':
        state.isAdmin = true;
        return state;
      case 'AdminRevoked':
        state.isAdmin = false;
        return state;
      case 'WaitlistTierCarriedOver':
        if (event.data.tier === 'lifetime') state.lifetimePremium = true;
        state.referralCode = event.data.referralCode;
        state.waitlistReferralCode = event.data.referralCode;
        return state;
      case 'ReferralCodeAssigned':
        state.referralCode = event.data.referralCode;
        return state;
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status === 'registered') throw new ConflictError('User already registered.');
        const { userId, username, email, passwordHash, isAdmin, referralCode, waitlist, now } = command.data;
        const registeredEvent = (code: string | undefined): UserEvent => ({
          type: 'UserRegistered',
          data: { userId, username, email: email.toLowerCase(), passwordHash, isAdmin, ...(code === undefined ? {} : { referralCode: code }), registeredAt: now },
        });
        if (!waitlist) return [registeredEvent(referralCode)];
        // The sign-up proved the mailbox: the waitlist-tier rule decides the carry-over on the new account.
        const account = waitlistTierDecider.evolve(waitlistTierDecider.initialState(), registeredEvent(undefined));
        const carried = waitlistTierDecider.decide(
          { type: 'CarryOverWaitlistTier', data: { userId, entry: waitlist.entry, mailboxProven: true, monthFree: waitlist.monthFree, now } },
          account,
        );
        // Carried over, the account keeps the entry's code (already reserved by the entry): the drawn one goes unused.
        return carried.length > 0 ? [registeredEvent(undefined), ...carried] : [registeredEvent(referralCode)];
      }

      case 'AssignReferralCode': {
        const current = registered(state);
        const { referralCode, replaces, now } = command.data;
        // Replaced already (an earlier run of the same job), or the waitlist's code carried over.
        if (!holdsDrawnReferralCode(current, replaces) || referralCode === replaces) return [];
        return [{ type: 'ReferralCodeAssigned', data: { userId: current.userId, referralCode, replaces, assignedAt: now } }];
      }

      case 'ConfirmUserEmail': {
        const current = registered(state);
        const { email, grantAdmin, now } = command.data;
        // A link made for another address (the account's e-mail as it was) confirms nothing.
        if (email.toLowerCase() !== current.email.toLowerCase()) throw new ValidationError(INVALID_CONFIRMATION_LINK);
        const events: UserEvent[] = [];
        if (!current.emailConfirmed) events.push({ type: 'UserEmailConfirmed', data: { userId: current.userId, email: current.email, confirmedAt: now } });
        // Admin by e-mail only once the address is proven; following the link again after the address joined
        // ADMIN_EMAILS grants it then.
        if (grantAdmin && !current.isAdmin) events.push({ type: 'AdminGranted', data: { userId: current.userId, reason: 'admin-email', grantedAt: now } });
        return events;
      }

      case 'GrantAdmin': {
        const current = registered(state);
        if (current.isAdmin) return [];
        return [{ type: 'AdminGranted', data: { userId: current.userId, reason: 'operator', grantedAt: command.data.now } }];
      }

      case 'RevokeAdmin': {
        const current = registered(state);
        if (!current.isAdmin) return [];
        return [{ type: 'AdminRevoked', data: { userId: current.userId, reason: 'operator', revokedAt: command.data.now } }];
      }

      case 'ChangePassword': {
        const { userId } = registered(state);
        return [{ type: 'PasswordChanged', data: { userId, passwordHash: command.data.passwordHash, changedAt: command.data.now } }];
      }

      case 'RequestPasswordReset': {
        const { userId } = registered(state);
        const { tokenHash, expiresAt, now, requestId } = command.data;
        return [{ type: 'PasswordResetRequested', data: { userId, tokenHash, expiresAt, requestedAt: now, ...(requestId ? { requestId } : {}) } }];
      }

      case 'CompletePasswordReset': {
        const current = registered(state);
        const { tokenHash, passwordHash, now } = command.data;
        const reset = current.reset;
        if (!reset || reset.used || reset.tokenHash !== tokenHash || reset.expiresAt <= now) {
          throw new ValidationError(INVALID_RESET_TOKEN);
        }
        return [{ type: 'PasswordResetCompleted', data: { userId: current.userId, tokenHash, passwordHash, resetAt: now } }];
      }

      case 'CreateProfile': {
        const current = registered(state);
        if (current.hasProfile) throw new ConflictError('Profile already exists.');
        return [{ type: 'ProfileCreated', data: { userId: current.userId, createdAt: command.data.now, ...profileData(command.data) } }];
      }

      case 'UpdateProfile': {
        const current = registered(state);
        if (!current.hasProfile) throw new NotFoundError('Profile not found.');
        return [{ type: 'ProfileUpdated', data: { userId: current.userId, updatedAt: command.data.now, ...profileData(command.data) } }];
      }

      case 'StartPremium': {
        const current = registered(state);
        const { source, reference, now, endsAt } = command.data;
        if (current.premiumReferences.has(reference)) return [];
        // A checkout whose subscription was already set to cancel (its webhooks came first) ends with its period.
        const sub = current.subscription;
        const checkoutEnd =
          source === 'checkout' && endsAt === null && sub && isLiveSubscription(sub.status) && sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : endsAt;
        // A running Premium is never shortened: a promo on top of a subscription keeps it open-ended.
        const effectiveEnd = premiumActive(current, now) ? laterEnd(current.premiumEndsAt, checkoutEnd) : checkoutEnd;
        return [
          { type: 'PremiumStarted', data: { userId: current.userId, source, reference, startedAt: now, endsAt: effectiveEnd } },
        ];
      }

      case 'EndPremium': {
        const current = registered(state);
        const { reason, reference, now } = command.data;
        if (!current.premium) return [];
        // Lifetime Premium outlives any subscription or promo that was added on top of it.
        if (current.lifetimePremium) return [];
        // An expiry check that arrives after the Premium was extended (or made open-ended) is stale.
        if (reason === 'expired' && premiumActive(current, now)) return [];
        return [{ type: 'PremiumEnded', data: { userId: current.userId, reason, reference, endedAt: now } }];
      }

      case 'RecordSubscription': {
        const current = registered(state);
        const { subscriptionId, customerId, status, currentPeriodEnd, cancelAtPeriodEnd, occurredAt, now } = command.data;
        const known = current.subscription;
        if (known?.id === subscriptionId) {
          // Providers do not promise order: an update older than the recorded one is stale.
          if (occurredAt < known.occurredAt) return [];
        } else if (known && isLiveSubscription(known.status) && !isLiveSubscription(status)) {
          // A late word about an earlier subscription does not touch the one that runs now.
          return [];
        }
        const events: UserEvent[] = [];
        const changed =
          !known ||
          known.id !== subscriptionId ||
          known.customerId !== customerId ||
          known.status !== status ||
          known.currentPeriodEnd !== currentPeriodEnd ||
          known.cancelAtPeriodEnd !== cancelAtPeriodEnd;
        if (changed) {
          events.push({
            type: 'SubscriptionUpdated',
            data: { userId: current.userId, subscriptionId, customerId, status, currentPeriodEnd, cancelAtPeriodEnd, occurredAt, updatedAt: now },
          });
        }
        if (!current.premium || current.lifetimePremium) return events;
        if (isEndedSubscription(status)) {
          // Deleted (or never paid): Premium ends now, whatever period was left.
          events.push({ type: 'PremiumEnded', data: { userId: current.userId, reason: 'cancelled', reference: subscriptionId, endedAt: now } });
        } else if (isLiveSubscription(status) && premiumActive(current, now)) {
          const endsAt = endForSubscription(current, cancelAtPeriodEnd, currentPeriodEnd);
          if (endsAt !== current.premiumEndsAt) {
            const reason = endsAt === null ? 'resumed' : 'cancel_at_period_end';
            events.push({ type: 'PremiumEndChanged', data: { userId: current.userId, endsAt, reason, changedAt: now } });
          }
        }
        return events;
      }

      case 'RecordPremiumPayment': {
        const current = registered(state);
        const { paymentId, subscriptionId, amountCents, currency, paidAt, now } = command.data;
        // Nothing was paid (a trial, a 100% coupon): nothing to refund either.
        if (amountCents <= 0) return [];
        const last = current.lastPayment;
        if (last && (last.id === paymentId || paidAt < last.paidAt)) return [];
        return [
          {
            type: 'PremiumPaymentReceived',
            data: { userId: current.userId, paymentId, subscriptionId, amountCents, currency, paidAt, receivedAt: now },
          },
        ];
      }

      case 'RefundPremium': {
        const current = registered(state);
        const { paymentId, refundId, adminId, now } = command.data;
        const payment = refundablePayment(current, now);
        if (payment.id !== paymentId) throw new ConflictError(PAYMENT_CHANGED);
        const events: UserEvent[] = [
          {
            type: 'PremiumRefunded',
            data: { userId: current.userId, paymentId, refundId, amountCents: payment.amountCents, currency: payment.currency, refundedBy: adminId, refundedAt: now },
          },
        ];
        // The refund cancels the subscription it paid for at the provider: it bills no more.
        const sub = current.subscription;
        if (sub && isLiveSubscription(sub.status) && (payment.subscriptionId === null || payment.subscriptionId === sub.id)) {
          events.push({
            type: 'SubscriptionUpdated',
            data: { userId: current.userId, subscriptionId: sub.id, customerId: sub.customerId, status: 'canceled', currentPeriodEnd: sub.currentPeriodEnd, cancelAtPeriodEnd: false, occurredAt: now, updatedAt: now },
          });
        }
        if (current.premium && !current.lifetimePremium) {
          events.push({ type: 'PremiumEnded', data: { userId: current.userId, reason: 'refunded', reference: paymentId, endedAt: now } });
        }
        return events;
      }
    }
  },
};
