import { dayStart } from '@crossfeed/domain/rules/limits.ts';
import { NOT_SENT_REASONS } from '@crossfeed/domain/users/user.events.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectionHandlers, type ProjectionOp } from '../projection.ts';

export const MAILBOXES = 'mailboxes';
export const MAILBOX_DAYS = 'mailbox_days';

/**
 * A `mailboxes` document (`_id` the normalised address): what the person asked for and what their mail
 * system said. Read when a share is decided (the e-mail worker decides again on the mailbox stream).
 */
export interface MailboxDoc extends Doc {
  unsubscribed_all: boolean;
  /** Sharers the person stopped one by one. */
  unsubscribed_from: string[];
  bounced: boolean;
  complained: boolean;
  updated_at: string;
}

/**
 * A `mailbox_days` document (`_id` `${day}:${mailbox}`): share e-mails promised to one address on one UTC day
 * by every creator's shares (the network-wide cap is checked against it when a share is decided).
 */
export interface MailboxDayDoc extends Doc {
  mailbox: string;
  day: string;
  count: number;
}

export const mailboxDayId = (day: string, mailbox: string): string => `${day.slice(0, 10)}:${mailbox}`;

const NEW_MAILBOX: Readonly<Record<string, unknown>> = { unsubscribed_all: false, unsubscribed_from: [], bounced: false, complained: false };

/** Sets (or adds to) some fields of the mailbox's document, creating it with the others' defaults. */
function mailboxOp(mailbox: string, at: string, change: { set?: Record<string, unknown>; addToSet?: Record<string, unknown> }): ProjectionOp {
  const touched = new Set([...Object.keys(change.set ?? {}), ...Object.keys(change.addToSet ?? {})]);
  const defaults = Object.fromEntries(Object.entries(NEW_MAILBOX).filter(([field]) => !touched.has(field)));
  return {
    op: 'upsert',
    collection: MAILBOXES,
    id: mailbox,
    update: { $set: { ...change.set, updated_at: at }, $setOnInsert: defaults, ...(change.addToSet && { $addToSet: change.addToSet }) },
  };
}

const dayCount = (mailbox: string, at: string, by: number): ProjectionOp => {
  const day = dayStart(at).slice(0, 10);
  return { op: 'upsert', collection: MAILBOX_DAYS, id: mailboxDayId(day, mailbox), update: { $set: { mailbox, day }, $inc: { count: by } } };
};

const handlers: ProjectionHandlers = {
  // Shares of the per-contact rule name no mailbox: nothing to count.
  ContentShared: ({ data }) => (data.mailboxes ?? []).map((mailbox) => dayCount(mailbox, data.sharedAt, 1)),
  // An e-mail never sent leaves the day's count.
  ShareCreditWithdrawn: ({ data }) => (NOT_SENT_REASONS.has(data.reason) ? [dayCount(data.mailbox, data.sharedAt, -1)] : []),
  MailboxUnsubscribed: ({ data }) =>
    data.scope === 'all' || data.sharerId === null
      ? [mailboxOp(data.mailbox, data.unsubscribedAt, { set: { unsubscribed_all: true } })]
      : [mailboxOp(data.mailbox, data.unsubscribedAt, { addToSet: { unsubscribed_from: data.sharerId } })],
  MailboxBounced: ({ data }) => [mailboxOp(data.mailbox, data.bouncedAt, { set: { bounced: true } })],
  MailboxComplained: ({ data }) => [mailboxOp(data.mailbox, data.complainedAt, { set: { complained: true } })],
};

export const mailboxesProjection = defineProjection({
  name: 'mailboxes',
  version: 1,
  collections: {
    // Read by `_id` only.
    [MAILBOXES]: [],
    [MAILBOX_DAYS]: [],
  },
  handlers,
});
