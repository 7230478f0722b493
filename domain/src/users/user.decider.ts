import { normalizeCategories } from '../rules/content-types.ts';
import type { Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { ProfileInput, UserCommand } from './user.commands.ts';
import type { ProfileData, UserEvent } from './user.events.ts';

export const INVALID_RESET_TOKEN = 'Invalid or expired password reset token.';
export const INVALID_CONFIRMATION_LINK = 'Invalid or expired confirmation link.';

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
      /** Only the latest reset request counts: asking again invalidates the previous link. */
      reset: PendingReset | null;
      premium: boolean;
      /** End of a time-limited Premium; null while it runs without an end. */
      premiumEndsAt: string | null;
      /** Every reference a Premium start was decided for (checkout session, promo code...); updated in place. */
      premiumReferences: Set<string>;
      /** Lifetime Premium (the waitlist's top tier): nothing ends it. Absent on states of older code. */
      lifetimePremium?: boolean;
    };

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
        return state;
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status === 'registered') throw new ConflictError('User already registered.');
        const { userId, username, email, passwordHash, isAdmin, referralCode, now } = command.data;
        return [
          {
            type: 'UserRegistered',
            data: {
              userId,
              username,
              email: email.toLowerCase(),
              passwordHash,
              isAdmin,
              ...(referralCode === undefined ? {} : { referralCode }),
              registeredAt: now,
            },
          },
        ];
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
        // A running Premium is never shortened: a promo on top of a subscription keeps it open-ended.
        const effectiveEnd = premiumActive(current, now) ? laterEnd(current.premiumEndsAt, endsAt) : endsAt;
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
    }
  },
};
