/**
 * The founder's analytics series (GET /admin/analytics): computed from the `analytics` read model, with the
 * fully past weeks and months read from the `analytics-rollup` worker's `analytics_rollups` when present.
 * The pure computation lives beside the projection so the worker and the API share it.
 */
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import {
  ANALYTICS_ACTIVE,
  ANALYTICS_DAILY,
  ANALYTICS_PREMIUM,
  type AnalyticsActiveDoc,
  type AnalyticsDayDoc,
  type AnalyticsPremiumDoc,
} from '@crossfeed/projections/analytics/analytics.projection.ts';
import {
  buildSeries,
  periodsOf,
  type AnalyticsPoint,
  type AnalyticsSeries,
  type Bucket,
  type PeriodSpan,
} from '@crossfeed/projections/analytics/analytics-series.ts';
import { ANALYTICS_ROLLUPS, rollupId, type AnalyticsRollupDoc } from '@crossfeed/workers/analytics-rollup/analytics-rollups.model.ts';

export {
  addDays,
  buildSeries,
  daysBetween,
  mondayOf,
  type AnalyticsPoint,
  type AnalyticsSeries,
  type Bucket,
} from '@crossfeed/projections/analytics/analytics-series.ts';

const pointOf = (doc: AnalyticsRollupDoc): AnalyticsPoint => ({
  period: doc.period,
  signups: doc.signups,
  completed_profiles: doc.completed_profiles,
  active_creators: doc.active_creators,
  submissions: doc.submissions,
  shares: doc.shares,
  human_clicks: doc.human_clicks,
  bot_clicks: doc.bot_clicks,
  conversions: doc.conversions,
  premium_starts: doc.premium_starts,
  premium_cancellations: doc.premium_cancellations,
  mrr_estimate_usd: doc.mrr_estimate_usd,
  waitlist_joins: doc.waitlist_joins,
  referrals: doc.referrals,
});

/** Runs of consecutive spans (so each run is read from the daily docs with one range query). */
function runsOf(spans: readonly PeriodSpan[], all: readonly PeriodSpan[]): { from: string; to: string }[] {
  const runs: { from: string; to: string }[] = [];
  let previous = -2;
  for (const span of spans) {
    const index = all.indexOf(span);
    const run = runs.at(-1);
    if (run && index === previous + 1) run.to = span.last;
    else runs.push({ from: span.first, to: span.last });
    previous = index;
  }
  return runs;
}

/**
 * The series of [from, to] by `bucket`. A week or month wholly inside the range that ended before `today`
 * comes from its roll-up when one exists; every other period (cut by the range, the current one, or not
 * rolled up yet) is computed live from the daily documents, so both paths give the same answer.
 */
export async function analyticsSeries(
  readStore: ReadStore,
  input: { bucket: Bucket; from: string; to: string },
  today: string,
): Promise<AnalyticsSeries> {
  const spans = periodsOf(input.bucket, input.from, input.to);
  const rolled = new Map<string, AnalyticsPoint>();
  if (input.bucket !== 'day') {
    const bucket = input.bucket;
    const ids = spans.filter((span) => span.whole && span.last < today).map((span) => rollupId(bucket, span.period));
    if (ids.length) {
      const docs = await readStore.collection<AnalyticsRollupDoc>(ANALYTICS_ROLLUPS).find({ _id: { $in: ids } });
      for (const doc of docs) if (doc.bucket === bucket) rolled.set(doc.period, pointOf(doc));
    }
  }
  const live = spans.filter((span) => !rolled.has(span.period));
  const points: AnalyticsPoint[] = [];
  if (live.length) {
    const runs = runsOf(live, spans);
    const [premium, ...data] = await Promise.all([
      // The MRR at a date needs every Premium change before it, whatever the range.
      readStore.collection<AnalyticsPremiumDoc>(ANALYTICS_PREMIUM).find({}),
      ...runs.map((run) =>
        Promise.all([
          readStore.collection<AnalyticsDayDoc>(ANALYTICS_DAILY).find({ _id: { $gte: run.from, $lte: run.to } }),
          readStore
            .collection<AnalyticsActiveDoc>(ANALYTICS_ACTIVE)
            .find({ day: { $gte: run.from, $lte: run.to } }, { projection: { day: 1, user_id: 1 } }),
        ] as const),
      ),
    ]);
    const parts = runs.map((run, index) => {
      const [days, active] = data[index] as readonly [AnalyticsDayDoc[], AnalyticsActiveDoc[]];
      return buildSeries({ bucket: input.bucket, ...run }, days, active, premium as AnalyticsPremiumDoc[]).series;
    });
    for (const part of parts) points.push(...part);
  }
  const byPeriod = new Map([...points, ...rolled.values()].map((point) => [point.period, point]));
  const series = spans.map((span) => byPeriod.get(span.period)).filter((point): point is AnalyticsPoint => point !== undefined);
  return { bucket: input.bucket, from: input.from, to: input.to, series };
}
