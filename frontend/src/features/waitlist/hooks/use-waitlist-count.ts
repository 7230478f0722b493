import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { getWaitlistCount } from '../api/get-waitlist-count';
import { COUNT_FETCH_FAILED } from '../messages';
import { subscribeToWaitlistCount } from '../realtime/public-waitlist-socket';

export type WaitlistCountState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; count: number };

/**
 * The member count: fetched at load (and after a reconnect or `refresh()`), then kept live by the
 * `waitlist:count` pushes of the `/public` socket, which is closed when the component unmounts.
 */
export function useWaitlistCount(): { state: WaitlistCountState; refresh: () => void } {
  const [state, setState] = useState<WaitlistCountState>({ status: 'loading' });
  const requestRef = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    getWaitlistCount(controller.signal).then(
      ({ count }) => {
        if (controller.signal.aborted) return;
        // The list only grows: a push that overtook this answer keeps its (newer, larger) count.
        setState((current) => ({ status: 'ready', count: current.status === 'ready' ? Math.max(current.count, count) : count }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A count already shown (from a push) beats an error message.
        setState((current) => (current.status === 'ready' ? current : { status: 'error', message: errorMessage(error, COUNT_FETCH_FAILED) }));
      },
    );
  }, []);

  useEffect(() => {
    refresh();
    const unsubscribe = subscribeToWaitlistCount({
      onCount: (count) => setState({ status: 'ready', count }),
      onReconnect: refresh,
    });
    return () => {
      unsubscribe();
      requestRef.current?.abort();
      requestRef.current = null;
    };
  }, [refresh]);

  return { state, refresh };
}
