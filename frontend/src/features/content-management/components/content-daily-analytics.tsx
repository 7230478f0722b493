import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import type { ContentDailyAnalyticsDto, ContentDailyQuery } from '@crossfeed/domain/api/content-analytics.dto.ts';
import { CONTENT_DAILY_DEFAULT_DAYS } from '@crossfeed/domain/rules/content-analytics.ts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { queryClient } from '@/lib/query/query-client';
import { toast } from '@/lib/toast';
import { formatPeriod, formatValue, totalOf } from '@/components/charts/chart-format';
import { LineChart } from '@/components/charts/line-chart';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { contentAnalyticsKeys } from '../api/content-analytics-queries';
import { downloadContentCsv, type ContentCsvKind } from '../api/download-content-csv';
import { getContentDaily } from '../api/get-content-daily';
import { ATTRIBUTION_TEXTS, AttributionView } from './content-attribution-panel';
import '../content-daily-analytics.css';

export const DAILY_TEXTS = {
  title: 'Daily analytics',
  content: 'Content',
  range: 'Period',
  loading: 'Loading daily analytics…',
  failed: 'Failed to fetch daily analytics.',
  empty: 'No activity yet',
  emptyHint: 'Shares, clicks and conversions will show here day by day.',
  exportDaily: 'Export CSV',
  exportSharers: 'Export sharers CSV',
  exporting: 'Exporting…',
  exportFailed: 'Failed to export the CSV.',
  exported: 'CSV downloaded.',
  upsell: 'Premium adds daily charts, a breakdown by sharer for any period and CSV export.',
  upgrade: 'Upgrade to Premium',
  days: "Days are UTC. Human clicks leave bots out; unique clicks count each visitor once a day (a few per address, at most 100 anonymous ones a day).",
} as const;

/** The periods offered, in days up to today (UTC); the server takes at most 366. */
export const DAILY_RANGES = [
  { days: 7, label: 'Last 7 days' },
  { days: CONTENT_DAILY_DEFAULT_DAYS, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 365 days' },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** [today − (days − 1), today] in UTC days, as the server counts them. */
export function lastDays(days: number, now: Date = new Date()): Required<ContentDailyQuery> {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00.000Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * Manage → Analytics for Premium: for one chosen content and period, charts of its shares, conversions
 * and clicks per UTC day (each with a data table), the breakdown by sharer over the same period and CSV
 * exports of both (GET /analytics/content/{id}/daily and its .csv files).
 */
export function ContentDailyAnalytics({ contents }: { contents: readonly ContentDto[] }) {
  const contentSelectId = useId();
  const rangeSelectId = useId();
  const headingId = useId();
  const [contentId, setContentId] = useState(contents[0]?.id ?? '');
  const [days, setDays] = useState<number>(CONTENT_DAILY_DEFAULT_DAYS);
  const [exporting, setExporting] = useState<ContentCsvKind | null>(null);

  // A content that left the list (deleted) gives way to the first one left.
  const chosen = contents.some((content) => content.id === contentId) ? contentId : (contents[0]?.id ?? '');

  const dailyKey = contentAnalyticsKeys.daily(chosen, days);
  // One read per content and period, each from its loading state (the one left is cancelled and dropped),
  // the days counted up to today (UTC) when it is read.
  const dailyQuery = useQuery(
    {
      queryKey: dailyKey,
      queryFn: async ({ signal }) => {
        const data = await getContentDaily(chosen, lastDays(days), signal);
        if (!data || !Array.isArray(data.series) || !Array.isArray(data.sharers)) throw new Error(DAILY_TEXTS.failed);
        return data;
      },
      enabled: chosen !== '',
    },
    queryClient,
  );
  const retry = () => void queryClient.resetQueries({ queryKey: dailyKey, exact: true });

  const exportCsv = async (kind: ContentCsvKind, data: ContentDailyAnalyticsDto) => {
    if (exporting) return;
    setExporting(kind);
    try {
      // The file holds exactly the period on screen.
      await downloadContentCsv(data.content_id, kind, { from: data.from, to: data.to });
      toast.success(DAILY_TEXTS.exported, { toastId: `csv-${kind}-${data.content_id}` });
    } catch (error) {
      toast.error(errorMessage(error, DAILY_TEXTS.exportFailed), { toastId: `csv-failed-${kind}` });
    } finally {
      setExporting(null);
    }
  };

  return (
    <section className="daily-analytics" aria-labelledby={headingId} aria-busy={dailyQuery.isPending}>
      <h3 id={headingId} className="attribution-title daily-title">
        {DAILY_TEXTS.title}
      </h3>
      <div className="daily-controls">
        <div className="form-field daily-control">
          <label htmlFor={contentSelectId}>{DAILY_TEXTS.content}</label>
          <select id={contentSelectId} value={chosen} onChange={(event) => setContentId(event.target.value)}>
            {contents.map((content) => (
              <option key={content.id} value={content.id}>
                {content.title}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field daily-control">
          <label htmlFor={rangeSelectId}>{DAILY_TEXTS.range}</label>
          <select id={rangeSelectId} value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {DAILY_RANGES.map((range) => (
              <option key={range.days} value={range.days}>
                {range.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {dailyQuery.isPending ? (
        <p role="status">{DAILY_TEXTS.loading}</p>
      ) : dailyQuery.isError ? (
        <RetryAlert className="manage-error" message={errorMessage(dailyQuery.error, DAILY_TEXTS.failed)} onRetry={retry} />
      ) : (
        <DailyView data={dailyQuery.data} exporting={exporting} onExport={(kind) => void exportCsv(kind, dailyQuery.data)} />
      )}
    </section>
  );
}

const METRICS = [
  { key: 'shares', label: 'Shares' },
  { key: 'clicks', label: 'Human clicks' },
  { key: 'unique_clicks', label: 'Unique clicks' },
  { key: 'conversions', label: 'Conversions' },
] as const;

type MetricKey = (typeof METRICS)[number]['key'];

function DailyView({ data, exporting, onExport }: { data: ContentDailyAnalyticsDto; exporting: ContentCsvKind | null; onExport: (kind: ContentCsvKind) => void }) {
  const days = data.series.map((point) => point.day);
  const values = (key: MetricKey) => data.series.map((point) => (Number.isFinite(point[key]) ? point[key] : 0));
  const line = (key: MetricKey) => ({ key, label: METRICS.find((metric) => metric.key === key)?.label ?? key, values: values(key) });
  const active = METRICS.some((metric) => totalOf(values(metric.key)) > 0);
  const period = `${formatPeriod(data.from, 'day')} – ${formatPeriod(data.to, 'day')}`;

  return (
    <div className="daily-body">
      <div role="group" aria-label={`Totals, ${period}`}>
        <dl className="daily-summary">
          {METRICS.map((metric) => (
            <div key={metric.key} className="daily-tile">
              <dt>{metric.label}</dt>
              <dd>{formatValue(totalOf(values(metric.key)), 'count')}</dd>
            </div>
          ))}
        </dl>
      </div>
      {active ? (
        <>
          <p className="attribution-hint">{DAILY_TEXTS.days}</p>
          <div className="daily-charts">
            <LineChart title="Shares and conversions" bucket="day" periods={days} format="count" summary="total" headingLevel={4} series={[line('shares'), line('conversions')]} />
            <LineChart title="Clicks" bucket="day" periods={days} format="count" summary="total" headingLevel={4} series={[line('clicks'), line('unique_clicks')]} />
          </div>
          <div className="daily-export">
            <button type="button" className="button button-primary button-small" disabled={exporting !== null} onClick={() => onExport('daily')}>
              {exporting === 'daily' ? DAILY_TEXTS.exporting : DAILY_TEXTS.exportDaily}
            </button>
            <button type="button" className="button button-ghost button-small" disabled={exporting !== null} onClick={() => onExport('sharers')}>
              {exporting === 'sharers' ? DAILY_TEXTS.exporting : DAILY_TEXTS.exportSharers}
            </button>
          </div>
          <h4 className="daily-subtitle">{ATTRIBUTION_TEXTS.title}</h4>
          <AttributionView attribution={data} />
        </>
      ) : (
        <div className="modal-empty daily-empty">
          <p className="daily-empty-title">{DAILY_TEXTS.empty}</p>
          <p className="attribution-hint">{DAILY_TEXTS.emptyHint}</p>
        </div>
      )}
    </div>
  );
}
