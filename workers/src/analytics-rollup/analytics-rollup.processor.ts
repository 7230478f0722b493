/**
 * `analytics-rollup`: nightly (and once at worker start while there are none), materializes the weekly and
 * monthly totals of the founder's daily analytics into `analytics_rollups`, for every fully past period
 * since the first day with data. The totals are computed by the same pure `buildSeries` the API uses, so a
 * roll-up equals the live computation; a document is only rewritten when its totals changed, so a job run
 * twice (or retried) writes nothing new. Progress is reported after each period.
 */
import type { Job, WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
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
  addDays,
  buildSeries,
  metricsOf,
  periodStartOf,
  periodsOf,
  type AnalyticsMetrics,
  type PeriodSpan,
} from '@crossfeed/projections/analytics/analytics-series.ts';
import type { WorkerDeps } from '../registry.ts';
import { ANALYTICS_ROLLUPS, rollupId, type AnalyticsRollupDoc, type RollupBucket } from './analytics-rollups.model.ts';
import { givesWayToRequests } from '@crossfeed/platform/foreground.ts';

export const ANALYTICS_ROLLUP_QUEUE = 'analytics-rollup';
export const ANALYTICS_ROLLUP_SCHEDULER = 'analytics-rollup-nightly';
/** 02:30 UTC, after the day closed (and after the other nightly jobs). */
export const ANALYTICS_ROLLUP_PATTERN = '30 2 * * *';
export const ANALYTICS_ROLLUP_JOB = 'rollup';
export const ROLLUP_BUCKETS: readonly RollupBucket[] = ['week', 'month'];

export interface AnalyticsRollupResult {
  /** Fully past periods (weeks + months) computed. */
  periods: number;
  /** Roll-ups written because they were missing or their totals changed. */
  written: number;
  /** Roll-ups of periods before the first day with data (left over from an older read model), removed. */
  removed: number;
}

export interface RollupProgress extends Record<string, unknown> {
  percent: number;
  done: number;
  total: number;
}

const sameMetrics = (doc: AnalyticsRollupDoc, metrics: AnalyticsMetrics, last: string): boolean =>
  doc.last === last && (Object.keys(metrics) as (keyof AnalyticsMetrics)[]).every((key) => doc[key] === metrics[key]);

/** The first UTC day with analytics data, or null when there is none yet. */
async function firstDay(readStore: ReadStore): Promise<string | null> {
  const [day] = await readStore.collection<AnalyticsDayDoc>(ANALYTICS_DAILY).find({}, { projection: { _id: 1 }, sort: { _id: 1 }, limit: 1 });
  const [active] = await readStore.collection<AnalyticsActiveDoc>(ANALYTICS_ACTIVE).find({}, { projection: { day: 1 }, sort: { day: 1 }, limit: 1 });
  const candidates = [day?._id, active?.day].filter((value): value is string => typeof value === 'string');
  return candidates.length ? candidates.sort()[0]! : null;
}

/**
 * Recomputes the roll-ups of every period that ended before `today` (YYYY-MM-DD, UTC). Pure over the read
 * models: the same data gives the same documents.
 */
export async function computeRollups(
  readStore: ReadStore,
  today: string,
  now: string,
  onProgress: (progress: RollupProgress) => Promise<void> = async () => {},
): Promise<AnalyticsRollupResult> {
  const rollups = readStore.collection<AnalyticsRollupDoc>(ANALYTICS_ROLLUPS);
  const start = await firstDay(readStore);
  const yesterday = addDays(today, -1);

  let removed = 0;
  const work: { bucket: RollupBucket; span: PeriodSpan }[] = [];
  for (const bucket of ROLLUP_BUCKETS) {
    const from = start === null ? null : periodStartOf(bucket, start);
    removed += await rollups.deleteMany(from === null ? { bucket } : { bucket, period: { $lt: from } });
    if (from === null || from > yesterday) continue;
    for (const span of periodsOf(bucket, from, yesterday)) if (span.whole) work.push({ bucket, span });
  }
  if (!work.length) {
    await onProgress({ percent: 100, done: 0, total: 0 });
    return { periods: 0, written: 0, removed };
  }

  // The MRR at the end of a period needs every Premium change before it (one small document per user).
  const premium = await readStore.collection<AnalyticsPremiumDoc>(ANALYTICS_PREMIUM).find({});
  const existing = new Map((await rollups.find({})).map((doc) => [doc._id, doc]));
  let written = 0;
  for (const [index, { bucket, span }] of work.entries()) {
    const [days, active] = await Promise.all([
      readStore.collection<AnalyticsDayDoc>(ANALYTICS_DAILY).find({ _id: { $gte: span.first, $lte: span.last } }),
      readStore
        .collection<AnalyticsActiveDoc>(ANALYTICS_ACTIVE)
        .find({ day: { $gte: span.first, $lte: span.last } }, { projection: { day: 1, user_id: 1 } }),
    ]);
    const [point] = buildSeries({ bucket, from: span.first, to: span.last }, days, active, premium).series;
    if (!point) throw new Error(`analytics-rollup: no point for ${bucket} ${span.period}`);
    const metrics = metricsOf(point);
    const id = rollupId(bucket, span.period);
    const current = existing.get(id);
    if (!current || !sameMetrics(current, metrics, span.last)) {
      const fields: Omit<AnalyticsRollupDoc, '_id'> = { bucket, period: span.period, last: span.last, ...metrics, computed_at: now };
      await rollups.upsert({ _id: id }, { $set: fields });
      written += 1;
    }
    const done = index + 1;
    await onProgress({ percent: Math.round((done / work.length) * 100), done, total: work.length, bucket, period: span.period });
  }
  return { periods: work.length, written, removed };
}

export function analyticsRollupProcessor(deps: Pick<WorkerDeps, 'readStore'>, clock: () => Date = () => new Date()) {
  return async (job: Job<unknown>): Promise<AnalyticsRollupResult> => {
    const now = clock().toISOString();
    return computeRollups(deps.readStore, now.slice(0, 10), now, (progress) => job.updateProgress(progress));
  };
}

/** Runs nightly; also enqueues one run at start (at most one a day) while no roll-up exists yet. */
export function startAnalyticsRollup(deps: WorkerDeps, clock: () => Date = () => new Date()): WorkerHandle {
  const handle = deps.jobQueue.process(ANALYTICS_ROLLUP_QUEUE, givesWayToRequests(analyticsRollupProcessor(deps, clock)), { concurrency: 1 });
  deps.jobQueue
    .upsertScheduler(ANALYTICS_ROLLUP_QUEUE, ANALYTICS_ROLLUP_SCHEDULER, { pattern: ANALYTICS_ROLLUP_PATTERN }, { name: ANALYTICS_ROLLUP_JOB, data: {} })
    .catch((error: unknown) => deps.logger.error({ err: error }, 'analytics-rollup: scheduling failed'));
  void (async () => {
    if ((await deps.readStore.collection<AnalyticsRollupDoc>(ANALYTICS_ROLLUPS).count({})) > 0) return;
    const today = clock().toISOString().slice(0, 10);
    await deps.jobQueue.add(ANALYTICS_ROLLUP_QUEUE, ANALYTICS_ROLLUP_JOB, {}, { jobId: `analytics-rollup-initial-${today}` });
  })().catch((error: unknown) => deps.logger.error({ err: error }, 'analytics-rollup: initial run failed to enqueue'));
  return handle;
}
