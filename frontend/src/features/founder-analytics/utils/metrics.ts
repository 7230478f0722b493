import type { AnalyticsMetric, AnalyticsPoint } from '@crossfeed/domain/api/analytics.dto.ts';
import type { MetricFormat } from '@/components/charts/chart-format';

export interface MetricInfo {
  key: AnalyticsMetric;
  label: string;
}

export interface ChartGroup {
  id: string;
  title: string;
  format: MetricFormat;
  /** Period totals add up for counters; a level (MRR, active creators) is read at a point instead. */
  summary: 'total' | 'latest';
  metrics: MetricInfo[];
}

/** Every series of GET /admin/analytics, in charts of related metrics (at most three lines each). */
export const CHART_GROUPS: readonly ChartGroup[] = [
  {
    id: 'creators',
    title: 'Creators',
    format: 'count',
    summary: 'total',
    metrics: [
      { key: 'signups', label: 'Signups' },
      { key: 'completed_profiles', label: 'Completed profiles' },
    ],
  },
  {
    id: 'active',
    title: 'Active creators',
    format: 'count',
    summary: 'latest',
    metrics: [{ key: 'active_creators', label: 'Active creators' }],
  },
  {
    id: 'content',
    title: 'Content and sharing',
    format: 'count',
    summary: 'total',
    metrics: [
      { key: 'submissions', label: 'Submissions' },
      { key: 'shares', label: 'Shares' },
      { key: 'conversions', label: 'Conversions' },
    ],
  },
  {
    id: 'clicks',
    title: 'Short-link clicks',
    format: 'count',
    summary: 'total',
    metrics: [
      { key: 'human_clicks', label: 'Human clicks' },
      { key: 'bot_clicks', label: 'Bot clicks' },
    ],
  },
  {
    id: 'premium',
    title: 'Premium subscriptions',
    format: 'count',
    summary: 'total',
    metrics: [
      { key: 'premium_starts', label: 'Premium starts' },
      { key: 'premium_cancellations', label: 'Premium cancellations' },
    ],
  },
  {
    id: 'mrr',
    title: 'Estimated MRR',
    format: 'usd',
    summary: 'latest',
    metrics: [{ key: 'mrr_estimate_usd', label: 'Estimated MRR (USD)' }],
  },
  {
    id: 'waitlist',
    title: 'Waitlist',
    format: 'count',
    summary: 'total',
    metrics: [
      { key: 'waitlist_joins', label: 'Waitlist joins' },
      { key: 'referrals', label: 'Referrals' },
    ],
  },
];

export const valuesOf = (series: readonly AnalyticsPoint[], key: AnalyticsMetric): number[] =>
  series.map((point) => (Number.isFinite(point[key]) ? point[key] : 0));

export const hasActivity = (series: readonly AnalyticsPoint[]): boolean =>
  series.some((point) => CHART_GROUPS.some((group) => group.metrics.some(({ key }) => point[key] !== 0)));
