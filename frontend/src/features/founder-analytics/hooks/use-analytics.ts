import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnalyticsQuery, AnalyticsSeries } from '@crossfeed/domain/api/analytics.dto.ts';
import { errorMessage } from '@/lib/api-client';
import { getAnalytics } from '../api/get-analytics';
import { ANALYTICS_MESSAGES } from '../messages';

export type AnalyticsState = {
  /** loading: nothing to show yet; ready: `data` is shown (and may be refreshing). */
  status: 'loading' | 'ready' | 'error';
  data: AnalyticsSeries | null;
  refreshing: boolean;
  error: string | null;
};

const isSeries = (value: unknown): value is AnalyticsSeries =>
  typeof value === 'object' && value !== null && Array.isArray((value as AnalyticsSeries).series);

/** GET /admin/analytics for `query`; `reload` fetches the same range again and keeps the charts meanwhile. */
export function useAnalytics(query: AnalyticsQuery) {
  const [state, setState] = useState<AnalyticsState>({ status: 'loading', data: null, refreshing: false, error: null });
  const controllerRef = useRef<AbortController | null>(null);
  const { from, to, bucket } = query;

  const load = useCallback(() => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setState((current) => (current.data ? { ...current, refreshing: true, error: null } : { status: 'loading', data: null, refreshing: false, error: null }));
    getAnalytics({ from, to, bucket }, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        if (isSeries(data)) setState({ status: 'ready', data, refreshing: false, error: null });
        else setState({ status: 'error', data: null, refreshing: false, error: ANALYTICS_MESSAGES.fetchFailed });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', data: null, refreshing: false, error: errorMessage(error, ANALYTICS_MESSAGES.fetchFailed) });
      },
    );
  }, [from, to, bucket]);

  useEffect(() => {
    load();
    return () => controllerRef.current?.abort();
  }, [load]);

  return { ...state, reload: load };
}
