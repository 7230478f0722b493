import { useQuery, type Query } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AnalyticsQuery, AnalyticsSeries } from '@crossfeed/domain/api/analytics.dto.ts';
import { errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { getAnalytics } from '../api/get-analytics';
import { ANALYTICS_MESSAGES } from '../messages';

export type AnalyticsState = {
  /** loading: nothing to show yet; ready: `data` is shown (and may be refreshing). */
  status: 'loading' | 'ready' | 'error';
  data: AnalyticsSeries | null;
  refreshing: boolean;
  error: string | null;
};

/** The analytics in the query cache, one series per range and bucket. */
const analyticsKey = ({ from, to, bucket }: AnalyticsQuery) => ['founder-analytics', 'series', { from, to, bucket }] as const;

const isSeries = (value: unknown): value is AnalyticsSeries =>
  typeof value === 'object' && value !== null && Array.isArray((value as AnalyticsSeries).series);

/**
 * The charts shown stay on screen while another range loads; after a failure nothing is shown (the range's
 * query failed, or it was dropped when a failed range replaced it), so the next range starts from its loading state.
 */
const keepShownSeries = (previous: AnalyticsSeries | undefined, previousQuery: Pick<Query, 'queryHash' | 'state'> | undefined) =>
  previousQuery?.state.status === 'success' && queryClient.getQueryCache().get(previousQuery.queryHash) === previousQuery ? previous : undefined;

/** GET /admin/analytics for `query`; `reload` fetches the same range again and keeps the charts meanwhile. */
export function useAnalytics(query: AnalyticsQuery) {
  const { from, to, bucket } = query;
  const analyticsQuery = useQuery<AnalyticsSeries>(
    {
      queryKey: analyticsKey({ from, to, bucket }),
      queryFn: async ({ signal }) => {
        const data = await getAnalytics({ from, to, bucket }, signal);
        // An answer without a series is a failure, shown with the generic message.
        if (!isSeries(data)) throw new Error('No analytics series in the answer.');
        return data;
      },
      placeholderData: keepShownSeries,
    },
    queryClient,
  );
  const { refetch } = analyticsQuery;
  const reload = useCallback(() => void refetch(), [refetch]);

  // A failure drops the charts; reading again (Retry) starts from the loading state.
  let state: AnalyticsState;
  if (analyticsQuery.isError && !analyticsQuery.isFetching) {
    state = { status: 'error', data: null, refreshing: false, error: errorMessage(analyticsQuery.error, ANALYTICS_MESSAGES.fetchFailed) };
  } else if (analyticsQuery.isError || analyticsQuery.data === undefined) {
    state = { status: 'loading', data: null, refreshing: false, error: null };
  } else {
    state = { status: 'ready', data: analyticsQuery.data, refreshing: analyticsQuery.isFetching, error: null };
  }

  return { ...state, reload };
}
