import { shareCredit } from '@crossfeed/domain/rules/share-credit.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { Projection, ProjectionOp } from '../projection.ts';

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

/** Which data field carries the business time of each event, and which counter it bumps. */
const COUNTED: Record<string, { time: string; counter?: DailyCounter; creator?: string }> = {
  UserRegistered: { time: 'registeredAt', counter: 'signups' },
  ProfileCreated: { time: 'createdAt', counter: 'completed_profiles' },
  ContentSubmitted: { time: 'submittedAt', counter: 'submissions', creator: 'userId' },
  ContentShared: { time: 'sharedAt', counter: 'shares', creator: 'sharerId' },
  ShareCreditGranted: { time: 'grantedAt', counter: 'shares' },
  LinkClicked: { time: 'clickedAt' },
  ConversionRecorded: { time: 'recordedAt', counter: 'conversions' },
  PremiumStarted: { time: 'startedAt', counter: 'premium_starts' },
  PremiumEnded: { time: 'endedAt', counter: 'premium_cancellations' },
  WaitlistJoined: { time: 'joinedAt', counter: 'waitlist_joins' },
  WaitlistReferralCredited: { time: 'creditedAt', counter: 'referrals' },
};

/**
 * Founder analytics (admin `GET /admin/analytics`): per-UTC-day counters over the whole log. At most one op
 * per document per event, so the runner's position guard makes every write idempotent; sums, distinct active
 * creators over a week and the MRR estimate are computed at query time.
 */
export const analyticsProjection: Projection = {
  name: 'analytics',
  version: 1,
  collections: {
    [ANALYTICS_DAILY]: [],
    [ANALYTICS_ACTIVE]: [{ key: { day: 1 } }],
    [ANALYTICS_PREMIUM]: [],
  },
  handles: new Set(Object.keys(COUNTED)),

  project(event): ProjectionOp[] {
    const spec = COUNTED[event.type];
    if (!spec) return [];
    const data = event.data as Record<string, unknown>;
    const day = dayOf(data[spec.time], event);
    const counter: DailyCounter | undefined =
      event.type === 'LinkClicked' ? (data.human === true ? 'human_clicks' : 'bot_clicks') : spec.counter;
    const ops: ProjectionOp[] = [];
    // A share counts the people it reached (`shareCredit`), as every other count of shares does.
    const by = event.type === 'ContentShared' ? shareCredit(data as { credit?: number }) : event.type === 'ShareCreditGranted' ? Number(data.credit ?? 0) : 1;
    if (counter && by !== 0) ops.push({ op: 'upsert', collection: ANALYTICS_DAILY, id: day, update: { $inc: { [counter]: by } } });
    const creator = spec.creator ? data[spec.creator] : undefined;
    if (typeof creator === 'string' && creator) {
      ops.push({ op: 'upsert', collection: ANALYTICS_ACTIVE, id: `${day}:${creator}`, update: { $set: { day, user_id: creator } } });
    }

    if ((event.type === 'PremiumStarted' || event.type === 'PremiumEnded') && typeof data.userId === 'string') {
      const change: PremiumChange = {
        at: String(data[spec.time] ?? event.createdAt),
        kind: event.type === 'PremiumStarted' ? 'start' : 'end',
        source: event.type === 'PremiumStarted' ? String(data.source ?? '') : null,
      };
      ops.push({ op: 'upsert', collection: ANALYTICS_PREMIUM, id: data.userId, update: { $push: { changes: change } } });
    }
    return ops;
  },
};

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
