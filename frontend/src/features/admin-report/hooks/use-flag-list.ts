import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from 'react-toastify';
import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import { getFlags } from '../api/get-flags';
import { ADMIN_REPORT_MESSAGES } from '../messages';
import { flagFeed, type FlagFeedEvent } from '../realtime/flag-feed';
import { addFlag, applyFlagUpdate } from '../utils/flag-list';

type Change = (flags: readonly FlagDto[]) => FlagDto[];

export type FlagListStatus = 'loading' | 'ready' | 'error';

type State = {
  status: FlagListStatus;
  flags: FlagDto[];
  /** A fetch is in flight: changes are applied now AND replayed over its answer, so none is lost. */
  fetching: boolean;
  queued: Change[];
};

type Action =
  | { type: 'fetch'; quiet: boolean }
  | { type: 'loaded'; flags: FlagDto[] }
  | { type: 'failed' }
  | { type: 'change'; change: Change };

const initialState: State = { status: 'loading', flags: [], fetching: true, queued: [] };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'fetch':
      return { ...state, status: action.quiet && state.status === 'ready' ? 'ready' : 'loading', fetching: true, queued: [] };
    case 'loaded':
      return { status: 'ready', flags: state.queued.reduce<FlagDto[]>((flags, change) => change(flags), action.flags), fetching: false, queued: [] };
    case 'failed':
      return { ...state, status: state.status === 'ready' ? 'ready' : 'error', fetching: false, queued: [] };
    case 'change':
      return { ...state, flags: action.change(state.flags), queued: state.fetching ? [...state.queued, action.change] : state.queued };
  }
}

/**
 * The admin report's flag list: GET /flags/ on mount, then kept live by the `flag:created` and
 * `flag:updated` pushes (including other admins' changes); a reconnect reloads it quietly.
 */
export function useFlagList(options: { onPushedFlag?: (flag: FlagDto) => void } = {}) {
  const [state, dispatch] = useReducer(reducer, initialState);
  const controllerRef = useRef<AbortController | null>(null);
  const onPushedFlagRef = useRef(options.onPushedFlag);
  onPushedFlagRef.current = options.onPushedFlag;

  const load = useCallback((quiet: boolean) => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    dispatch({ type: 'fetch', quiet });
    getFlags(controller.signal).then(
      (flags) => {
        if (controller.signal.aborted) return;
        if (Array.isArray(flags)) dispatch({ type: 'loaded', flags });
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
    return () => controllerRef.current?.abort();
  }, [load]);

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

  return { status: state.status, flags: state.flags, change, retry };
}
