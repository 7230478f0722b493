import type { Decider } from '../shared/decider.ts';
import { NotFoundError } from '../shared/errors.ts';
import type { WaitlistCommand } from './waitlist.commands.ts';
import type { WaitlistEvent } from './waitlist.events.ts';
import { WAITLIST_ENTRY_LINK_WINDOW_MS } from '../rules/limits.ts';

export const WAITLIST_MESSAGES = {
  notOnList: 'This email is not on the waitlist.',
} as const;

export type WaitlistState =
  | { joined: false }
  | {
      joined: true;
      emailKey: string;
      email: string;
      referralCode: string;
      referredBy: string | null;
      confirmed: boolean;
      /** Referred email keys already credited to this entry (updated in place: O(1) per referral). */
      credited: Set<string>;
      /** Credits of the latest month that had any (`YYYY-MM`), for the monthly cap. */
      creditMonth: string;
      creditsInMonth: number;
      /** When the holder was last e-mailed a link to the entry (the join's confirmation e-mail first). */
      lastLinkAt: string;
    };

/** `waitlist-{emailKey}`: one position per email (SPEC §4 Waitlist), its confirmation and its referrals. */
export const waitlistDecider: Decider<WaitlistState, WaitlistCommand, WaitlistEvent> = {
  initialState: () => ({ joined: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'WaitlistJoined': {
        const { emailKey, email, referralCode, referredBy } = event.data;
        return { joined: true, emailKey, email, referralCode, referredBy, confirmed: false, credited: new Set(), creditMonth: '', creditsInMonth: 0, lastLinkAt: event.data.joinedAt };
      }
      case 'WaitlistEmailConfirmed':
        if (state.joined) state.confirmed = true;
        return state;
      case 'WaitlistReferralCredited':
        if (state.joined) {
          state.credited.add(event.data.referredEmailKey);
          const month = event.data.creditedAt.slice(0, 7);
          state.creditsInMonth = month === state.creditMonth ? state.creditsInMonth + 1 : 1;
          state.creditMonth = month;
        }
        return state;
      case 'WaitlistEntryLinkRequested':
        if (state.joined) state.lastLinkAt = event.data.requestedAt;
        return state;
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'JoinWaitlist': {
        // Joining again keeps the first position and code: nothing to decide.
        if (state.joined) return [];
        const { emailKey, email, referralCode, referredBy, now } = command.data;
        return [{ type: 'WaitlistJoined', data: { emailKey, email: email.trim(), referralCode, referredBy, joinedAt: now } }];
      }
      case 'ConfirmWaitlistEmail': {
        if (!state.joined) throw new NotFoundError(WAITLIST_MESSAGES.notOnList);
        if (state.confirmed) return [];
        return [{ type: 'WaitlistEmailConfirmed', data: { emailKey: state.emailKey, confirmedAt: command.data.now } }];
      }
      case 'CreditReferral': {
        if (!state.joined) throw new NotFoundError(WAITLIST_MESSAGES.notOnList);
        const { referredEmailKey, now, monthlyCap } = command.data;
        if (referredEmailKey === state.emailKey || state.credited.has(referredEmailKey)) return [];
        const creditsThisMonth = state.creditMonth === now.slice(0, 7) ? state.creditsInMonth : 0;
        if (monthlyCap !== undefined && creditsThisMonth >= monthlyCap) return [];
        return [
          { type: 'WaitlistReferralCredited', data: { emailKey: state.emailKey, referredEmailKey, creditedAt: now } },
        ];
      }
      case 'RequestWaitlistEntryLink': {
        if (!state.joined) throw new NotFoundError(WAITLIST_MESSAGES.notOnList);
        const { now } = command.data;
        // Nobody can flood a mailbox by typing its address: one link per window.
        if (Date.parse(now) - Date.parse(state.lastLinkAt) < WAITLIST_ENTRY_LINK_WINDOW_MS) return [];
        return [{ type: 'WaitlistEntryLinkRequested', data: { emailKey: state.emailKey, requestedAt: now } }];
      }
    }
  },
};
