import { contentStatusLabel } from '@/lib/content-status-labels';
import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { getContentAnalytics, type ContentAnalyticsMap } from '../api/get-content-analytics';
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

type AnalyticsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; analytics: ContentAnalyticsMap };

/**
 * SPEC §2 Manage Content, Analytics tab: POST /analytics/ for the user's own contents, shown as a table of
 * Title, Type, Status, Shares, Progress and Clicks (the unique clicks in the cell's title). Fetched whenever
 * the tab opens or the contents change, counts included: a share or click pushed to the list behind it
 * refreshes the table in place (the rows stay while the new numbers load). Below it, for Premium, the daily analytics of a chosen content
 * (charts, breakdown by sharer, CSV export); for Free, who brought the clicks (all time) and an upsell line.
 */
export function ContentAnalyticsPanel({ contents, status, isPremium = false, onUpgrade }: ContentAnalyticsPanelProps) {
  const [state, setState] = useState<AnalyticsState>({ status: 'loading' });
  const requestRef = useRef<AbortController | null>(null);
  const ids = contents.map((content) => content.id);
  const idsKey = ids.join('\n');
  // What a push changes on the list (shares, clicks, conversions, status): a new fetch when any moves.
  const countsKey = contents
    .map((content) => `${content.id}:${content.share_count}:${content.short_link_clicks ?? ''}:${content.conversions_count ?? ''}:${content.status}`)
    .join('\n');

  const load = useCallback(async (contentIds: readonly string[], quiet = false) => {
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    if (!quiet) setState({ status: 'loading' });
    try {
      const analytics = await getContentAnalytics(contentIds, controller.signal);
      if (controller.signal.aborted) return;
      setState({ status: 'ready', analytics });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ status: 'error', message: errorMessage(error, M.analyticsFailed) });
      toast.error(M.analyticsToast, { toastId: 'content-analytics-failed' });
    }
  }, []);

  useEffect(() => {
    if (status !== 'ready' || idsKey === '') return;
    void load(idsKey.split('\n'));
    return () => requestRef.current?.abort();
  }, [status, idsKey, load]);

  // Counts moved on the list (a pushed share or click): refresh quietly, keeping the table on screen.
  const firstCounts = useRef(true);
  useEffect(() => {
    if (firstCounts.current) {
      firstCounts.current = false;
      return;
    }
    if (status !== 'ready' || idsKey === '') return;
    void load(idsKey.split('\n'), true);
    // Only the counts: a change of the ids is the effect above's.
  }, [countsKey]);

  if (status === 'loading') return <p role="status">{M.analyticsLoading}</p>;
  if (status === 'error') return <p className="form-message form-message-error" role="alert">{M.ownFetchFailed}</p>;
  if (status === 'invalid') return <p className="form-message form-message-error" role="alert">{M.ownInvalid}</p>;
  if (contents.length === 0) return <p className="modal-empty">{M.analyticsEmpty}</p>;
  if (state.status === 'loading') return <p role="status">{M.analyticsLoading}</p>;
  if (state.status === 'error') {
    return <RetryAlert className="manage-error" message={state.message} onRetry={() => void load(ids)} />;
  }

  const rows = contents.flatMap((content) => {
    const entry = state.analytics[content.id];
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
