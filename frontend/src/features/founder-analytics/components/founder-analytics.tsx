import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AnalyticsQuery, AnalyticsSeries } from '@crossfeed/domain/api/analytics.dto.ts';
import { formatValue, totalOf } from '@/components/charts/chart-format';
import { LineChart } from '@/components/charts/line-chart';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useAnalytics } from '../hooks/use-analytics';
import { useReplay } from '../hooks/use-replay';
import { ANALYTICS_MESSAGES } from '../messages';
import { CHART_GROUPS, hasActivity, valuesOf } from '../utils/metrics';
import { AnalyticsRangeForm } from './analytics-range-form';
import { ReplayPanel } from './replay-panel';
import '../founder-analytics.css';

function Summary({ data }: { data: AnalyticsSeries }) {
  const last = data.series[data.series.length - 1];
  const tiles = [
    { label: 'Signups', value: formatValue(totalOf(valuesOf(data.series, 'signups')), 'count') },
    { label: 'Shares', value: formatValue(totalOf(valuesOf(data.series, 'shares')), 'count') },
    { label: 'Conversions', value: formatValue(totalOf(valuesOf(data.series, 'conversions')), 'count') },
    { label: 'Estimated MRR', value: formatValue(last?.mrr_estimate_usd ?? 0, 'usd') },
  ];
  return (
    <dl className="analytics-summary">
      {tiles.map((tile) => (
        <div key={tile.label} className="analytics-tile">
          <dt>{tile.label}</dt>
          <dd>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The founder's analytics (GET /admin/analytics) as accessible inline SVG charts with data tables, and the
 * Replay of the analytics read model with its live progress; a completed replay reloads the charts.
 */
export function FounderAnalytics() {
  const headingId = useId();
  const [query, setQuery] = useState<AnalyticsQuery>({});
  const { status, data, refreshing, error, reload } = useAnalytics(query);
  const { view, startError, start } = useReplay({ onCompleted: reload });
  const range = useMemo(() => (data ? { from: data.from, to: data.to, bucket: data.bucket } : null), [data]);
  const periods = useMemo(() => (data ? data.series.map((point) => point.period) : []), [data]);

  return (
    <div className="founder-analytics">
      <nav className="admin-links" aria-label="Admin pages">
        <Link to="/admin-report">Flagged content</Link>
      </nav>

      <ReplayPanel view={view} startError={startError} onReplay={() => void start()} />

      <section className="analytics-section" aria-labelledby={headingId} aria-busy={status === 'loading' || refreshing}>
        <h2 id={headingId} className="analytics-heading">
          Analytics
        </h2>
        {/* Keyed by the answered range, so the fields show each new answer's range. */}
        <AnalyticsRangeForm
          key={range ? `${range.from}|${range.to}|${range.bucket}` : 'none'}
          value={range}
          disabled={status === 'loading'}
          onApply={setQuery}
        />

        {status === 'loading' ? (
          <p className="analytics-state" role="status">
            {ANALYTICS_MESSAGES.loading}
          </p>
        ) : status === 'error' || !data ? (
          <RetryAlert
            className="analytics-state analytics-state-error"
            message={error ?? ANALYTICS_MESSAGES.fetchFailed}
            onRetry={reload}
            compact={false}
          />
        ) : (
          <>
            {refreshing ? (
              <p className="analytics-refreshing" role="status">
                Updating...
              </p>
            ) : null}
            <Summary data={data} />
            {hasActivity(data.series) ? null : <p className="analytics-state">{ANALYTICS_MESSAGES.noActivity}</p>}
            <div className="analytics-charts">
              {CHART_GROUPS.map((group) => (
                <LineChart
                  key={group.id}
                  title={group.title}
                  bucket={data.bucket}
                  periods={periods}
                  format={group.format}
                  summary={group.summary}
                  series={group.metrics.map((metric) => ({ key: metric.key, label: metric.label, values: valuesOf(data.series, metric.key) }))}
                />
              ))}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
