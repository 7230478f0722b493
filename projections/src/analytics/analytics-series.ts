/**
 * The founder's analytics series, computed from the `analytics` read model: pure functions shared by the
 * API (`GET /admin/analytics`) and the `analytics-rollup` worker, so a roll-up equals the live computation.
 */
import type { AnalyticsBucket, AnalyticsMetrics, AnalyticsPoint, AnalyticsSeries } from '@crossfeed/domain/api/analytics.dto.ts';
import { PREMIUM_PRICE_USD_CENTS } from '@crossfeed/domain/rules/limits.ts';
import {
  DAILY_COUNTERS,
  paidSubscriptionsAt,
  type AnalyticsActiveDoc,
  type AnalyticsDayDoc,
  type AnalyticsPremiumDoc,
} from './analytics.projection.ts';

/** The shapes of GET /admin/analytics, shared with the UI. */
export type { AnalyticsMetrics, AnalyticsPoint, AnalyticsSeries };
export type Bucket = AnalyticsBucket;

const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday (UTC) of the week holding `day`. */
export const mondayOf = (day: string): string => {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
};

/** The first day of the month holding `day`. */
export const monthStartOf = (day: string): string => `${day.slice(0, 7)}-01`;

export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS);

/** The first day of the period of `bucket` holding `day`. */
export const periodStartOf = (bucket: Bucket, day: string): string =>
  bucket === 'week' ? mondayOf(day) : bucket === 'month' ? monthStartOf(day) : day;

/** The last day of the (whole, unclipped) period of `bucket` starting on `start`. */
export function periodEndOf(bucket: Bucket, start: string): string {
  if (bucket === 'day') return start;
  if (bucket === 'week') return addDays(start, 6);
  const date = new Date(`${start}T00:00:00.000Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

export interface PeriodSpan {
  /** The period's label: its first day, even when `from` cuts it. */
  period: string;
  /** The days of the period inside [from, to]. */
  first: string;
  last: string;
  /** Whether [first, last] is the whole period (not cut by `from` or `to`). */
  whole: boolean;
}

/** The periods of [from, to], in order, clipped to the range. */
export function periodsOf(bucket: Bucket, from: string, to: string): PeriodSpan[] {
  const spans: PeriodSpan[] = [];
  let cursor = from;
  while (cursor <= to) {
    const period = periodStartOf(bucket, cursor);
    const end = periodEndOf(bucket, period);
    const last = end < to ? end : to;
    spans.push({ period, first: cursor, last, whole: cursor === period && last === end });
    cursor = addDays(last, 1);
  }
  return spans;
}

/**
 * Every period of [from, to] (zero-filled), weeks labelled by their Monday and months by their first day,
 * clipped to the range: a period cut by `from` or `to` only counts its days inside the range.
 */
export function buildSeries(
  input: { bucket: Bucket; from: string; to: string },
  days: readonly AnalyticsDayDoc[],
  active: readonly AnalyticsActiveDoc[],
  premium: readonly AnalyticsPremiumDoc[],
): AnalyticsSeries {
  const byDay = new Map(days.map((doc) => [doc._id, doc]));
  const activeByDay = new Map<string, string[]>();
  for (const doc of active) {
    let users = activeByDay.get(doc.day);
    if (!users) activeByDay.set(doc.day, (users = []));
    users.push(doc.user_id);
  }
  const series: AnalyticsPoint[] = [];
  for (const { period, first, last } of periodsOf(input.bucket, input.from, input.to)) {
    const counters: Record<string, number> = Object.fromEntries(DAILY_COUNTERS.map((name) => [name, 0]));
    const creators = new Set<string>();
    for (let day = first; day <= last; day = addDays(day, 1)) {
      for (const id of activeByDay.get(day) ?? []) creators.add(id);
      const doc = byDay.get(day);
      if (!doc) continue;
      for (const name of DAILY_COUNTERS) counters[name] = (counters[name] ?? 0) + (doc[name] ?? 0);
    }
    const endOfPeriod = `${addDays(last, 1)}T00:00:00.000Z`;
    const mrrCents = paidSubscriptionsAt(premium, endOfPeriod) * PREMIUM_PRICE_USD_CENTS;
    series.push({
      period,
      signups: counters.signups ?? 0,
      completed_profiles: counters.completed_profiles ?? 0,
      active_creators: creators.size,
      submissions: counters.submissions ?? 0,
      shares: counters.shares ?? 0,
      human_clicks: counters.human_clicks ?? 0,
      bot_clicks: counters.bot_clicks ?? 0,
      conversions: counters.conversions ?? 0,
      premium_starts: counters.premium_starts ?? 0,
      premium_cancellations: counters.premium_cancellations ?? 0,
      mrr_estimate_usd: mrrCents / 100,
      waitlist_joins: counters.waitlist_joins ?? 0,
      referrals: counters.referrals ?? 0,
    });
  }
  return { bucket: input.bucket, from: input.from, to: input.to, series };
}

/** The metrics of a point (everything but its label). */
export function metricsOf(point: AnalyticsPoint): AnalyticsMetrics {
  const { period: _period, ...metrics } = point;
  return metrics;
}
