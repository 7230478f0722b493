/**
 * GET /admin/analytics (admins): the founder's analytics series, one point per UTC day, Monday-started week
 * or calendar month, zero-filled. One shape for the server (projections/src/analytics/analytics-series.ts)
 * and the UI.
 */
export type AnalyticsBucket = 'day' | 'week' | 'month';

/** The query: `from`/`to` as YYYY-MM-DD; without a range, the last 30 days by day. */
export interface AnalyticsQuery {
  from?: string;
  to?: string;
  bucket?: AnalyticsBucket;
}

export interface AnalyticsMetrics {
  signups: number;
  completed_profiles: number;
  active_creators: number;
  submissions: number;
  shares: number;
  human_clicks: number;
  bot_clicks: number;
  conversions: number;
  premium_starts: number;
  premium_cancellations: number;
  /** Paid subscriptions running at the end of the period (or of `to`) × the monthly price. */
  mrr_estimate_usd: number;
  waitlist_joins: number;
  referrals: number;
}

export type AnalyticsMetric = keyof AnalyticsMetrics;

export interface AnalyticsPoint extends AnalyticsMetrics {
  /** The day, the Monday that starts the week, or the first day of the month (UTC), as YYYY-MM-DD. */
  period: string;
}

export interface AnalyticsSeries {
  bucket: AnalyticsBucket;
  from: string;
  to: string;
  series: AnalyticsPoint[];
}
