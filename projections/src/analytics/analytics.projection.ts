import { shareCredit } from '@crossfeed/domain/rules/share-credit.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectionOp } from '../projection.ts';

/** One document per UTC day (`_id` = `YYYY-MM-DD`): the founder's daily counters. */
export const ANALYTICS_DAILY = 'analytics_daily';
/**
 * One document per (day, active creator): `_id` = `YYYY-MM-DD:userId`. Distinct creators per day or week
 * are counted at query time. (A per-day `$addToSet` array makes every write copy a document that grows
 * with the day's creators: ~3,000 writes/s on the memory store, far too slow for a replay.)
 */
export const ANALYTICS_ACTIVE = 'analytics_active_creators';
/** One document per user who ever had Premium: its starts and ends, for the MRR estimate at any date. */
export const ANALYTICS_PREMIUM = 'analytics_premium';

/** Counters of a day; a counter no event touched yet is absent (read it as 0). */
export const DAILY_COUNTERS = [
  'signups',
  'completed_profiles',
  'submissions',
  'shares',
  'human_clicks',
  'bot_clicks',
  'conversions',
  'premium_starts',
  'premium_cancellations',
  'waitlist_joins',
  'referrals',
] as const;
export type DailyCounter = (typeof DAILY_COUNTERS)[number];

export interface AnalyticsActiveDoc extends Doc {
  day: string;
  user_id: string;
}

export interface AnalyticsDayDoc extends Doc {
  signups?: number;
  completed_profiles?: number;
  submissions?: number;
  shares?: number;
  human_clicks?: number;
  bot_clicks?: number;
  conversions?: number;
  premium_starts?: number;
  premium_cancellations?: number;
  waitlist_joins?: number;
  referrals?: number;
}

export interface PremiumChange {
  at: string;
  kind: 'start' | 'end';
  /** `checkout` is a paid subscription; `promo` and `admin` Premium bring no revenue. */
  source: string | null;
}

export interface AnalyticsPremiumDoc extends Doc {
  changes: PremiumChange[];
}

/** The UTC day of an ISO time (falls back to the event's append time when the data has none). */
const dayOf = (iso: unknown, event: RecordedEvent): string => {
  const text = typeof iso === 'string' && iso.length >= 10 ? iso : event.createdAt;
  return new Date(text).toISOString().slice(0, 10);
};

/**
 * The ops of one counted event: `by` (default 1) on the day's `counter` and, when the event names one, its
 * creator active that day. `at` is the event's business time.
 */
function counted(event: RecordedEvent, at: string, counter: DailyCounter, options: { by?: number; creator?: string } = {}): ProjectionOp[] {
  const day = dayOf(at, event);
  const by = options.by ?? 1;
  const ops: ProjectionOp[] = [];
  if (by !== 0) ops.push({ op: 'upsert', collection: ANALYTICS_DAILY, id: day, update: { $inc: { [counter]: by } } });
  const { creator } = options;
  if (creator) ops.push({ op: 'upsert', collection: ANALYTICS_ACTIVE, id: `${day}:${creator}`, update: { $set: { day, user_id: creator } } });
  return ops;
}

/** A Premium start or end: counted on its day, and kept in the user's changes for the MRR estimate. */
function premiumChange(event: RecordedEvent, userId: string, at: string, counter: DailyCounter, change: Omit<PremiumChange, 'at'>): ProjectionOp[] {
  const ops = counted(event, at, counter);
  ops.push({ op: 'upsert', collection: ANALYTICS_PREMIUM, id: userId, update: { $push: { changes: { at, ...change } satisfies PremiumChange } } });
  return ops;
}

/**
 * Founder analytics (admin `GET /admin/analytics`): per-UTC-day counters over the whole log. At most one op
 * per document per event, so the runner's position guard makes every write idempotent; sums, distinct active
 * creators over a week and the MRR estimate are computed at query time.
 */
export const analyticsProjection = defineProjection({
  name: 'analytics',
  version: 1,
  collections: {
    [ANALYTICS_DAILY]: [],
    [ANALYTICS_ACTIVE]: [{ key: { day: 1 } }],
    [ANALYTICS_PREMIUM]: [],
  },
  handlers: {
    UserRegistered: (event) => counted(event, event.data.registeredAt, 'signups'),
    ProfileCreated: (event) => counted(event, event.data.createdAt, 'completed_profiles'),
    ContentSubmitted: (event) => counted(event, event.data.submittedAt, 'submissions', { creator: event.data.userId }),
    // A share counts the people it reached (`shareCredit`), as every other count of shares does.
    ContentShared: (event) => counted(event, event.data.sharedAt, 'shares', { by: shareCredit(event.data), creator: event.data.sharerId }),
    ShareCreditGranted: (event) => counted(event, event.data.grantedAt, 'shares', { by: event.data.credit }),
    LinkClicked: (event) => counted(event, event.data.clickedAt, event.data.human ? 'human_clicks' : 'bot_clicks'),
    ConversionRecorded: (event) => counted(event, event.data.recordedAt, 'conversions'),
    PremiumStarted: (event) =>
      premiumChange(event, event.data.userId, event.data.startedAt, 'premium_starts', { kind: 'start', source: event.data.source }),
    PremiumEnded: (event) => premiumChange(event, event.data.userId, event.data.endedAt, 'premium_cancellations', { kind: 'end', source: null }),
    WaitlistJoined: (event) => counted(event, event.data.joinedAt, 'waitlist_joins'),
    WaitlistReferralCredited: (event) => counted(event, event.data.creditedAt, 'referrals'),
  },
});

/**
 * Paid subscriptions running at the instant `at` (exclusive): a user counts when their Premium is on and
 * one of the starts since it last ended was a checkout (a promo on top of a subscription keeps it paid).
 */
export function paidSubscriptionsAt(docs: readonly AnalyticsPremiumDoc[], at: string): number {
  let count = 0;
  for (const doc of docs) {
    let active = false;
    let paid = false;
    for (const change of doc.changes) {
      if (change.at >= at) continue;
      if (change.kind === 'start') {
        paid = (active && paid) || change.source === 'checkout';
        active = true;
      } else {
        active = false;
        paid = false;
      }
    }
    if (active && paid) count += 1;
  }
  return count;
}
