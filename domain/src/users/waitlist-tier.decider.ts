import { normalizedEmail } from '../rules/email-identity.ts';
import { waitlistTier } from '../rules/waitlist.ts';
import type { Decider } from '../shared/decider.ts';
import { NotFoundError } from '../shared/errors.ts';
import type { UserEvent } from './user.events.ts';
import type { WaitlistTierCommand } from './waitlist-tier.commands.ts';

export type WaitlistTierState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      /** Linked to a waitlist entry already: a carry-over happens once per account. */
      carried: boolean;
      premium: boolean;
      premiumEndsAt: string | null;
    };

/** `iso` plus one calendar month (UTC), the day clamped to the month's last (Jan 31 → Feb 28/29). */
export function addOneMonth(iso: string): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.toISOString();
}

/** The reference of the Premium a waitlist entry grants: one per entry, so it is never granted twice. */
export const waitlistPremiumReference = (emailKey: string): string => `waitlist:${emailKey}`;

/**
 * The waitlist carries into the product (SPEC §4 Waitlist, §9 "Waitlist top tier"): an account whose e-mail is
 * a confirmed waitlist entry's (same normalised mailbox), and whose holder proved they read that mailbox,
 * gets the entry's tier once: positions 1-100 lifetime Premium, others one month of Premium (now, unless the
 * month free is switched off), and keeps the entry's referral code. Shares `user-{id}` with the account
 * decider, whose `evolve` keeps a lifetime Premium from ever ending.
 */
export const waitlistTierDecider: Decider<WaitlistTierState, WaitlistTierCommand, UserEvent> = {
  initialState: () => ({ status: 'unregistered' }),

  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      return { status: 'registered', userId: event.data.userId, email: event.data.email, carried: false, premium: false, premiumEndsAt: null };
    }
    if (state.status !== 'registered') return state;
    switch (event.type) {
      case 'WaitlistTierCarriedOver':
        state.carried = true;
        return state;
      case 'PremiumStarted':
        state.premium = true;
        state.premiumEndsAt = event.data.endsAt;
        return state;
      case 'PremiumEnded':
        state.premium = false;
        state.premiumEndsAt = null;
        return state;
      default:
        return state;
    }
  },

  decide(command, state) {
    if (state.status !== 'registered') throw new NotFoundError('User not found.');
    const { entry, mailboxProven, monthFree, now } = command.data;
    if (state.carried) return [];
    // Someone else's mailbox, an entry nobody confirmed, or an account holder who has not proven the
    // mailbox yet: nothing now (the next proof, confirming either e-mail, asks again).
    if (normalizedEmail(entry.email) !== normalizedEmail(state.email)) return [];
    if (!entry.confirmed || !mailboxProven) return [];

    const { tier } = waitlistTier(entry.position);
    const running = state.premium && (state.premiumEndsAt === null || state.premiumEndsAt > now);
    // A month on top of an open-ended subscription would add nothing (and be lost when it is cancelled).
    const monthFreeGranted = tier === 'one_month' && monthFree === 'at-signup' && !(running && state.premiumEndsAt === null);
    const events: UserEvent[] = [
      {
        type: 'WaitlistTierCarriedOver',
        data: {
          userId: state.userId,
          emailKey: entry.emailKey,
          position: entry.position,
          tier,
          referralCode: entry.referralCode,
          monthFreeGranted,
          carriedAt: now,
        },
      },
    ];
    const reference = waitlistPremiumReference(entry.emailKey);
    if (tier === 'lifetime') {
      events.push({ type: 'PremiumStarted', data: { userId: state.userId, source: 'waitlist', reference, startedAt: now, endsAt: null } });
    } else if (monthFreeGranted) {
      // Like a promo code: a running time-limited Premium is extended, not restarted.
      const base = running && state.premiumEndsAt !== null ? state.premiumEndsAt : now;
      events.push({ type: 'PremiumStarted', data: { userId: state.userId, source: 'waitlist', reference, startedAt: now, endsAt: addOneMonth(base) } });
    }
    return events;
  },
};
