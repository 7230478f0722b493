import { addressCapReached, countOn } from '../rules/address-cap.ts';
import { dayStart } from '../rules/limits.ts';
import type { Decider } from '../shared/decider.ts';
import { ConflictError } from '../shared/errors.ts';
import type { MailboxCommand } from './mailbox.commands.ts';
import type { MailboxDelivery, MailboxEvent } from './mailbox.events.ts';

/**
 * One person's mailbox (`mailbox-{key}`), across every creator who has the address: the suppression list
 * (unsubscribes, hard bounces, spam complaints) and the network-wide cap of Crossfeed e-mails per UTC day.
 * The e-mail worker records each share e-mail here just before sending it, so a send and an unsubscribe of
 * the same address are decided one after the other on this stream.
 */

/** How far back a hard bounce takes back credit: share e-mails sent to the address in the 30 days before it. */
export const BOUNCE_LOOKBACK_DAYS = 30;
const LOOKBACK_MS = BOUNCE_LOOKBACK_DAYS * 24 * 3600 * 1000;

export interface MailboxState {
  unsubscribedAll: boolean;
  /** Sharers this person stopped one by one. */
  unsubscribedFrom: Set<string>;
  bounced: boolean;
  complained: boolean;
  /** Share e-mails recorded in the latest UTC day. */
  today: { day: string; count: number };
  /** Share e-mails of the last `BOUNCE_LOOKBACK_DAYS` by share id, oldest first (at most the daily cap a day). */
  recent: Map<string, MailboxDelivery>;
}

export type MailboxRefusal = 'unsubscribed' | 'bounced' | 'daily_limit';

/** A share e-mail the mailbox refuses: suppressed, or past today's cap. */
export class DeliveryRefused extends ConflictError {
  readonly reason: MailboxRefusal;
  constructor(reason: MailboxRefusal) {
    super(`This address receives no share e-mail now (${reason}).`);
    this.reason = reason;
  }
}

/** Whether e-mail from `sharerId` (or from anyone, with null) may reach the mailbox, and if not why. */
export function suppressionOf(state: MailboxState, sharerId: string | null): 'unsubscribed' | 'bounced' | null {
  if (state.bounced || state.complained) return 'bounced';
  if (state.unsubscribedAll || (sharerId !== null && state.unsubscribedFrom.has(sharerId))) return 'unsubscribed';
  return null;
}

const recentSince = (state: MailboxState, since: number): MailboxDelivery[] =>
  [...state.recent.values()].filter((delivery) => Date.parse(delivery.sentAt) >= since);

export const mailboxDecider: Decider<MailboxState, MailboxCommand, MailboxEvent> = {
  initialState: () => ({
    unsubscribedAll: false,
    unsubscribedFrom: new Set(),
    bounced: false,
    complained: false,
    today: { day: '', count: 0 },
    recent: new Map(),
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'ShareEmailSent': {
        const { mailbox: _mailbox, ...delivery } = event.data;
        const day = dayStart(delivery.sentAt);
        if (day === state.today.day) state.today.count += 1;
        else if (day > state.today.day) state.today = { day, count: 1 };
        state.recent.set(delivery.shareId, delivery);
        // Oldest first: drop what fell out of the look-back (amortised O(1) per event).
        const horizon = Date.parse(delivery.sentAt) - LOOKBACK_MS;
        for (const [shareId, kept] of state.recent) {
          if (Date.parse(kept.sentAt) >= horizon) break;
          state.recent.delete(shareId);
        }
        return state;
      }
      case 'ShareEmailReleased': {
        const released = state.recent.get(event.data.shareId);
        if (!released) return state;
        state.recent.delete(event.data.shareId);
        if (dayStart(released.sentAt) === state.today.day) state.today.count = Math.max(0, state.today.count - 1);
        return state;
      }
      case 'MailboxUnsubscribed':
        if (event.data.scope === 'all') state.unsubscribedAll = true;
        else if (event.data.sharerId !== null) state.unsubscribedFrom.add(event.data.sharerId);
        return state;
      case 'MailboxBounced':
        state.bounced = true;
        return state;
      case 'MailboxComplained':
        state.complained = true;
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RecordShareEmail': {
        const { mailbox, dailyCap, ...delivery } = command.data;
        // A retried job of the same share: already recorded (and handed to the mailer), nothing new.
        if (state.recent.has(delivery.shareId)) return [];
        const suppressed = suppressionOf(state, delivery.sharerId);
        if (suppressed) throw new DeliveryRefused(suppressed);
        if (addressCapReached(countOn(state.today, delivery.sentAt), dailyCap)) throw new DeliveryRefused('daily_limit');
        return [{ type: 'ShareEmailSent', data: { mailbox, ...delivery } }];
      }
      case 'ReleaseShareEmail': {
        const { mailbox, shareId, now } = command.data;
        return state.recent.has(shareId) ? [{ type: 'ShareEmailReleased', data: { mailbox, shareId, releasedAt: now } }] : [];
      }
      case 'UnsubscribeMailbox': {
        const { mailbox, scope, sharerId, source, now } = command.data;
        if (state.unsubscribedAll) return [];
        if (scope === 'sharer' && (sharerId === null || state.unsubscribedFrom.has(sharerId))) return [];
        return [{ type: 'MailboxUnsubscribed', data: { mailbox, scope, sharerId: scope === 'all' ? null : sharerId, source, unsubscribedAt: now } }];
      }
      case 'RecordMailFailure': {
        const { mailbox, kind, source, now } = command.data;
        if (kind === 'soft_bounce') return [];
        if (kind === 'hard_bounce') {
          if (state.bounced) return [];
          // The address does not work: every share e-mail it got lately went nowhere.
          return [{ type: 'MailboxBounced', data: { mailbox, source, deliveries: recentSince(state, Date.parse(now) - LOOKBACK_MS), bouncedAt: now } }];
        }
        if (state.complained) return [];
        // A complaint is about the e-mail the person just got: that share's credit is taken back.
        const latest = [...state.recent.values()].at(-1);
        return [{ type: 'MailboxComplained', data: { mailbox, source, deliveries: latest ? [latest] : [], complainedAt: now } }];
      }
    }
  },
};
