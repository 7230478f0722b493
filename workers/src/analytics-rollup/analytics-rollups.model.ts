import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { AnalyticsMetrics } from '@crossfeed/projections/analytics/analytics-series.ts';

/**
 * Worker-owned read model: the founder's analytics totals of each fully past week and month, materialized
 * from the `analytics` read model by the `analytics-rollup` job. `_id` = `week:YYYY-MM-DD` (the Monday) or
 * `month:YYYY-MM`.
 */
export const ANALYTICS_ROLLUPS = 'analytics_rollups';

export type RollupBucket = 'week' | 'month';

export interface AnalyticsRollupDoc extends Doc, AnalyticsMetrics {
  bucket: RollupBucket;
  /** The period's first day (the Monday, or the 1st of the month), as YYYY-MM-DD. */
  period: string;
  /** The period's last day, as YYYY-MM-DD. */
  last: string;
  /** When these totals were last (re)written; unchanged while they stay the same. */
  computed_at: string;
}

/** The `_id` of the roll-up of the period of `bucket` that starts on `period` (YYYY-MM-DD). */
export const rollupId = (bucket: RollupBucket, period: string): string =>
  bucket === 'week' ? `week:${period}` : `month:${period.slice(0, 7)}`;
