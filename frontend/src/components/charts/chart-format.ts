import type { AnalyticsBucket } from '@crossfeed/domain/api/analytics.dto.ts';

/** How a chart writes its numbers. */
export type MetricFormat = 'count' | 'usd';

const count = new Intl.NumberFormat('en-US');
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2, minimumFractionDigits: 0 });

export function formatValue(value: number, format: MetricFormat): string {
  return format === 'usd' ? usd.format(value) : count.format(value);
}

const asUtc = (period: string) => new Date(`${period}T00:00:00.000Z`);

/** A point's label: "Mar 2" for a day, "Week of Mar 2" for a week, "Mar 2026" for a month (UTC). */
export function formatPeriod(period: string, bucket: AnalyticsBucket): string {
  const date = asUtc(period);
  if (Number.isNaN(date.getTime())) return period;
  if (bucket === 'month') return date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return bucket === 'week' ? `Week of ${day}` : day;
}

/** The short axis label of a period. */
export function formatTick(period: string, bucket: AnalyticsBucket): string {
  const date = asUtc(period);
  if (Number.isNaN(date.getTime())) return period;
  return bucket === 'month'
    ? date.toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' })
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export const totalOf = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0);
