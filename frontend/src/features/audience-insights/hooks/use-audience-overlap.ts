import { useCallback, useEffect, useRef, useState } from 'react';
import { OVERLAP_PAGE_DEFAULT } from '@crossfeed/domain/rules/audience-insights.ts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { getAudienceOverlap, type AudienceOverlap } from '../api/get-audience-overlap';
import { OVERLAP_FETCH_FAILED } from '../messages';

export type OverlapState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** The server refused (Free, or Premium ended since the session was loaded). */
  | { status: 'forbidden'; message: string }
  | { status: 'ready'; items: AudienceOverlap[]; total: number; loadingMore: boolean; moreError: string | null };

const failure = (error: unknown): OverlapState =>
  error instanceof ApiError && error.status === 403
    ? { status: 'forbidden', message: errorMessage(error, OVERLAP_FETCH_FAILED) }
    : { status: 'error', message: errorMessage(error, OVERLAP_FETCH_FAILED) };

/** A partner already shown (the list moved between pages) is not repeated. */
function appendPartners(current: readonly AudienceOverlap[], next: readonly AudienceOverlap[]): AudienceOverlap[] {
  const shown = new Set(current.map((item) => item.partner_id));
  return [...current, ...next.filter((item) => !shown.has(item.partner_id))];
}

/** The caller's partners and overlaps, a small page at a time (each partner costs the server one comparison). */
export function useAudienceOverlap(enabled: boolean) {
  const [state, setState] = useState<OverlapState>({ status: 'loading' });
  const controllerRef = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setState({ status: 'loading' });
    getAudienceOverlap({ offset: 0, limit: OVERLAP_PAGE_DEFAULT }, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        if (!Array.isArray(page.items)) setState({ status: 'error', message: OVERLAP_FETCH_FAILED });
        else setState({ status: 'ready', items: page.items, total: page.total, loadingMore: false, moreError: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState(failure(error));
      },
    );
  }, []);

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || state.loadingMore) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    const offset = state.items.length;
    setState({ ...state, loadingMore: true, moreError: null });
    getAudienceOverlap({ offset, limit: OVERLAP_PAGE_DEFAULT }, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState((current) =>
          current.status === 'ready'
            ? { status: 'ready', items: appendPartners(current.items, Array.isArray(page.items) ? page.items : []), total: page.total, loadingMore: false, moreError: null }
            : current,
        );
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((current) => (current.status === 'ready' ? { ...current, loadingMore: false, moreError: errorMessage(error, OVERLAP_FETCH_FAILED) } : current));
      },
    );
  }, [state]);

  useEffect(() => {
    if (!enabled) return;
    load();
    return () => controllerRef.current?.abort();
  }, [enabled, load]);

  return { state, reload: load, loadMore };
}
