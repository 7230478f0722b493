/**
 * GET /admin/analytics (admins): the founder's analytics series, one point per UTC day, Monday-started week
 * or calendar month, zero-filled. One shape for the server (projections/src/analytics/analytics-series.ts)
 * and the UI; the zod schemas describe it in the OpenAPI document (the types are derived from them).
 */
import { z } from 'zod';

export const AnalyticsBucketSchema = z.enum(['day', 'week', 'month']);
export type AnalyticsBucket = z.infer<typeof AnalyticsBucketSchema>;

/** The query: `from`/`to` as YYYY-MM-DD; without a range, the last 30 days by day. */
export interface AnalyticsQuery {
  from?: string;
  to?: string;
  bucket?: AnalyticsBucket;
}

const count = z.number().int().min(0);

export const AnalyticsMetricsSchema = z.object({
  signups: count,
  completed_profiles: count,
  active_creators: count,
  submissions: count,
  shares: count,
  human_clicks: count,
  bot_clicks: count,
  conversions: count,
  premium_starts: count,
  premium_cancellations: count,
  mrr_estimate_usd: z.number().min(0).describe('Paid subscriptions running at the end of the period (or of `to`) × the monthly price.'),
  waitlist_joins: count,
  referrals: count,
});
export type AnalyticsMetrics = z.infer<typeof AnalyticsMetricsSchema>;

export type AnalyticsMetric = keyof AnalyticsMetrics;

export const AnalyticsPointSchema = AnalyticsMetricsSchema.extend({
  period: z.string().describe('The day, the Monday that starts the week, or the first day of the month (UTC), as YYYY-MM-DD.'),
});
export type AnalyticsPoint = z.infer<typeof AnalyticsPointSchema>;

export const AnalyticsSeriesSchema = z.object({
  bucket: AnalyticsBucketSchema,
  from: z.string().describe('YYYY-MM-DD (UTC), included.'),
  to: z.string().describe('YYYY-MM-DD (UTC), included.'),
  series: z.array(AnalyticsPointSchema),
}).meta({ id: 'AnalyticsSeries' });
export type AnalyticsSeries = z.infer<typeof AnalyticsSeriesSchema>;
