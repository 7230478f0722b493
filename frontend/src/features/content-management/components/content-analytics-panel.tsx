import { contentStatusLabel } from '@/lib/content-status-labels';
import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { useEffect, useRef } from 'react';
import { queryClient } from '@/lib/query/query-client';
import { useShownQuery } from '@/lib/query/use-shown-query';
import { toast } from '@/lib/toast';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { contentAnalyticsKeys } from '../api/content-analytics-queries';
import { getContentAnalytics } from '../api/get-content-analytics';
import { contentShareProgressPercent } from '@crossfeed/domain/rules/share-progress.ts';
import { typeLabel } from '../content-labels';
import { CONTENT_MANAGEMENT_MESSAGES as M } from '../messages';
import type { OwnContentsStatus } from './content-management-panel';
import { ContentAttributionPanel } from './content-attribution-panel';
import { ContentDailyAnalytics, DAILY_TEXTS } from './content-daily-analytics';

type ContentAnalyticsPanelProps = {
  contents: readonly ContentDto[];
  status: OwnContentsStatus;
  /** Premium adds the daily charts, the breakdown by period and CSV export (the server checks too). */
  isPremium?: boolean;
  /** A Free user pressed 'Upgrade to Premium' under the table: open the upsell. */
  onUpgrade?: () => void;
};

/**
 * SPEC §2 Manage Content, Analytics tab: POST /analytics/ for the user's own contents, shown as a table of
 * Title, Type, Status, Shares, Progress and Clicks (the unique clicks in the cell's title). Fetched whenever
 * the tab opens or the contents change, counts included: a share or click pushed to the list behind it
 * refreshes the table in place (the rows stay while the new numbers load). Below it, for Premium, the daily analytics of a chosen content
 * (charts, breakdown by sharer, CSV export); for Free, who brought the clicks (all time) and an upsell line.
 */
export function ContentAnalyticsPanel({ contents, status, isPremium = false, onUpgrade }: ContentAnalyticsPanelProps) {
  const ids = contents.map((content) => content.id);
  const idsKey = ids.join('\n');
  // What a push changes on the list (shares, clicks, conversions, status): a new read when any moves.
  const countsKey = contents
    .map((content) => `${content.id}:${content.share_count}:${content.short_link_clicks ?? ''}:${content.conversions_count ?? ''}:${content.status}`)
    .join('\n');
  const enabled = status === 'ready' && idsKey !== '';
  const analyticsKey = contentAnalyticsKeys.table(ids);

  // One read per list of ids, from its loading state; while the list behind it is not ready it is cancelled
  // and dropped, so it is read again, from its loading state, when the list is back.
  const analyticsQuery = useShownQuery(
    {
      queryKey: analyticsKey,
      queryFn: async ({ queryKey: [, , contentIds], signal }) => {
        try {
          return await getContentAnalytics(contentIds, signal);
        } catch (error) {
          if (!signal.aborted) toast.error(M.analyticsToast, { toastId: 'content-analytics-failed' });
          throw error;
        }
      },
    },
    enabled,
  );

  // Counts moved on the same list (a pushed share or click): read again quietly, keeping the table (or the
  // error) on screen until the answer; a read already under way gives way to the new one. A change of the
  // ids or of the list's state is a read of its own.
  const shown = useRef({ enabled, idsKey, countsKey });
  useEffect(() => {
    const before = shown.current;
    shown.current = { enabled, idsKey, countsKey };
    if (!enabled || !before.enabled || before.idsKey !== idsKey || before.countsKey === countsKey) return;
    void queryClient.refetchQueries({ queryKey: contentAnalyticsKeys.table(idsKey.split('\n')), exact: true });
  }, [enabled, idsKey, countsKey]);

  /** Retry reads the table again from its loading state. */
  const retry = () => void queryClient.resetQueries({ queryKey: analyticsKey, exact: true });

  if (status === 'loading') return <p role="status">{M.analyticsLoading}</p>;
  if (status === 'error') return <p className="form-message form-message-error" role="alert">{M.ownFetchFailed}</p>;
  if (status === 'invalid') return <p className="form-message form-message-error" role="alert">{M.ownInvalid}</p>;
  if (contents.length === 0) return <p className="modal-empty">{M.analyticsEmpty}</p>;
  if (analyticsQuery.isPending) return <p role="status">{M.analyticsLoading}</p>;
  if (analyticsQuery.isError) {
    return <RetryAlert className="manage-error" message={errorMessage(analyticsQuery.error, M.analyticsFailed)} onRetry={retry} />;
  }

  const rows = contents.flatMap((content) => {
    const entry = analyticsQuery.data[content.id];
    return entry ? [{ content, entry }] : [];
  });
  if (rows.length === 0) return <p className="modal-empty">{M.analyticsEmpty}</p>;

  return (
    <>
      <div className="analytics-table-scroll" role="region" aria-label="Analytics of your content" tabIndex={0}>
        <table className="analytics-table">
          <caption className="visually-hidden">Analytics of your content</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Shares</th>
              <th scope="col">Progress</th>
              <th scope="col">Clicks</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ content, entry }) => {
              const progress = contentShareProgressPercent(entry.shares, content.required_shares);
              return (
                <tr key={content.id}>
                  <th scope="row" className="analytics-title">
                    {content.title}
                  </th>
                  <td>{typeLabel(content.content_type)}</td>
                  <td>{contentStatusLabel(content.status)}</td>
                  <td>{entry.shares}</td>
                  <td>
                    <span className="analytics-progress">
                      <span className="analytics-progress-track" aria-hidden="true">
                        <span className="analytics-progress-fill" style={{ width: `${progress}%` }} />
                      </span>
                      <span>{progress}%</span>
                    </span>
                  </td>
                  <td title={typeof entry.unique_clicks === 'number' ? `${entry.short_link_clicks} clicks in all, ${entry.unique_clicks} unique` : undefined}>
                    {entry.short_link_clicks}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {isPremium ? (
        <ContentDailyAnalytics contents={rows.map(({ content }) => content)} />
      ) : (
        <>
          <ContentAttributionPanel contents={rows.map(({ content }) => content)} />
          <p className="daily-upsell">
            <span>{DAILY_TEXTS.upsell}</span>
            {onUpgrade ? (
              <button type="button" className="button button-ghost button-small" onClick={onUpgrade}>
                {DAILY_TEXTS.upgrade}
              </button>
            ) : null}
          </p>
        </>
      )}
    </>
  );
}
