import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from '@/lib/toast';
import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import { appendPage, PAGE_SIZE, refreshLimit } from '@/lib/paging';
import { getFlags } from '../api/get-flags';
import { ADMIN_REPORT_MESSAGES } from '../messages';
import { flagFeed, type FlagFeedEvent } from '../realtime/flag-feed';
import { addFlag, applyFlagUpdate } from '../utils/flag-list';

type Change = (flags: readonly FlagDto[]) => FlagDto[];

export type FlagListStatus = 'loading' | 'ready' | 'error';

type State = {
  status: FlagListStatus;
  flags: FlagDto[];
  /** Open flags in all (`X-Total-Count`), kept in step with the changes: more than listed offers "Load more". */
  total: number;
  /** A fetch is in flight: changes are applied now AND replayed over its answer, so none is lost. */
  fetching: boolean;
  /** The next page is on its way. */
  loadingMore: boolean;
  queued: Change[];
};

type Action =
  | { type: 'fetch'; quiet: boolean }
  | { type: 'loaded'; flags: FlagDto[]; total: number }
  | { type: 'failed' }
  | { type: 'more' }
  | { type: 'more-loaded'; flags: FlagDto[]; total: number }
  | { type: 'more-failed' }
  | { type: 'change'; change: Change };

const initialState: State = { status: 'loading', flags: [], total: 0, fetching: true, loadingMore: false, queued: [] };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'fetch':
      return { ...state, status: action.quiet && state.status === 'ready' ? 'ready' : 'loading', fetching: true, loadingMore: false, queued: [] };
    case 'loaded': {
      const flags = state.queued.reduce<FlagDto[]>((list, change) => change(list), action.flags);
      return { status: 'ready', flags, total: Math.max(0, action.total + flags.length - action.flags.length), fetching: false, loadingMore: false, queued: [] };
    }
    case 'failed':
      return { ...state, status: state.status === 'ready' ? 'ready' : 'error', fetching: false, queued: [] };
    case 'more':
      return { ...state, loadingMore: true };
    case 'more-loaded':
      return { ...state, flags: appendPage(state.flags, action.flags), total: action.total, loadingMore: false };
    case 'more-failed':
      return { ...state, loadingMore: false };
    case 'change': {
      // A created flag adds one, a deleted one (or content) removes its flags: the total follows.
      const flags = action.change(state.flags);
      return {
        ...state,
        flags,
        total: Math.max(0, state.total + flags.length - state.flags.length),
        queued: state.fetching ? [...state.queued, action.change] : state.queued,
      };
    }
  }
}

/**
 * The admin report's flag list: the first page of GET /flags/ on mount, further pages on "Load more", kept
 * live by the `flag:created` and `flag:updated` pushes (including other admins' changes); a reconnect
 * reloads as many as are listed, quietly.
 */
export function useFlagList(options: { onPushedFlag?: (flag: FlagDto) => void } = {}) {
  const [state, dispatch] = useReducer(reducer, initialState);
  const controllerRef = useRef<AbortController | null>(null);
  const moreRef = useRef<AbortController | null>(null);
  const onPushedFlagRef = useRef(options.onPushedFlag);
  onPushedFlagRef.current = options.onPushedFlag;
  const listedRef = useRef(0);
  listedRef.current = state.flags.length;

  const load = useCallback((quiet: boolean) => {
    controllerRef.current?.abort();
    moreRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    dispatch({ type: 'fetch', quiet });
    getFlags({ offset: 0, limit: quiet ? refreshLimit(listedRef.current) : PAGE_SIZE }, controller.signal).then(
      ({ items, total }) => {
        if (controller.signal.aborted) return;
        if (Array.isArray(items)) dispatch({ type: 'loaded', flags: items, total });
        else dispatch({ type: 'failed' });
      },
      () => {
        if (controller.signal.aborted) return;
        // A quiet reload keeps the list on screen; the toast says it may be stale.
        if (quiet) toast.error(ADMIN_REPORT_MESSAGES.fetchFailed, { toastId: 'admin-flags-fetch' });
        dispatch({ type: 'failed' });
      },
    );
  }, []);

  useEffect(() => {
    load(false);
    return () => {
      controllerRef.current?.abort();
      moreRef.current?.abort();
    };
  }, [load]);

  // Pushes prepend and deletions remove on both sides alike, so the listed count is the next offset.
  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || state.fetching || state.loadingMore || state.flags.length >= state.total) return;
    const controller = new AbortController();
    moreRef.current = controller;
    dispatch({ type: 'more' });
    getFlags({ offset: state.flags.length, limit: PAGE_SIZE }, controller.signal).then(
      ({ items, total }) => {
        if (controller.signal.aborted) return;
        dispatch(Array.isArray(items) ? { type: 'more-loaded', flags: items, total } : { type: 'more-failed' });
      },
      () => {
        if (controller.signal.aborted) return;
        toast.error(ADMIN_REPORT_MESSAGES.fetchFailed, { toastId: 'admin-flags-fetch' });
        dispatch({ type: 'more-failed' });
      },
    );
  }, [state.status, state.fetching, state.loadingMore, state.flags.length, state.total]);

  useEffect(
    () =>
      flagFeed.subscribe((event: FlagFeedEvent) => {
        if (event.type === 'resync') {
          load(true);
        } else if (event.type === 'created') {
          dispatch({ type: 'change', change: (flags) => addFlag(flags, event.flag) });
          onPushedFlagRef.current?.(event.flag);
        } else {
          dispatch({ type: 'change', change: (flags) => applyFlagUpdate(flags, event.update) });
        }
      }),
    [load],
  );

  const change = useCallback((next: Change) => dispatch({ type: 'change', change: next }), []);
  const retry = useCallback(() => load(false), [load]);

  return { status: state.status, flags: state.flags, total: state.total, loadingMore: state.loadingMore, loadMore, change, retry };
}
