/**
 * GET /admin/analytics (backend admin.routes.ts; projections/src/analytics/analytics-series.ts): one point
 * per UTC day, Monday-started week or calendar month, zero-filled. The UI may only import domain/, so
 * the shapes are restated here.
 */
export type AnalyticsBucket = 'day' | 'week' | 'month';

export interface AnalyticsPoint {
  /** The day, the Monday that starts the week, or the first day of the month (UTC), as YYYY-MM-DD. */
  period: string;
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
  /** Paid subscriptions running at the end of the period × the monthly price. */
  mrr_estimate_usd: number;
  waitlist_joins: number;
  referrals: number;
}

export type AnalyticsMetric = Exclude<keyof AnalyticsPoint, 'period'>;

export interface AnalyticsSeries {
  bucket: AnalyticsBucket;
  from: string;
  to: string;
  series: AnalyticsPoint[];
}

export interface AnalyticsQuery {
  from?: string;
  to?: string;
  bucket?: AnalyticsBucket;
}

/** The replay job's state, as GET /admin/replay/{id} reports it (platform JobState). */
export type ReplayJobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed' | 'unknown';

/** The progress a replay reports (replay.processor.ts ReplayJobProgress). */
export interface ReplayProgress {
  percent?: number;
  done?: number;
  total?: number;
  events_per_second?: number;
  eta_seconds?: number | null;
}

export interface ReplayJob {
  id: string;
  projection: string;
  state: ReplayJobState;
  progress: number | ReplayProgress;
  result?: { projection: string; events: number; seconds: number; events_per_second: number };
  error?: string;
}
