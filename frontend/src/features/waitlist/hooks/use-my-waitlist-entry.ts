import { useCallback, useEffect, useRef, useState } from 'react';
import { adoptConfirmationCookie, clearWaitlistEntry, readWaitlistEntry, storeWaitlistEntry } from '@/lib/waitlist-entry-storage';
import { ApiError } from '@/lib/api-client';
import { getMyWaitlistEntry, type OwnWaitlistEntry } from '../api/get-my-waitlist-entry';
import { subscribeToWaitlistEntry } from '../realtime/public-waitlist-socket';

export type MyWaitlistEntry = { entry: OwnWaitlistEntry; email: string | null };

/**
 * This browser's own waitlist entry: read back from the server by the token kept in localStorage (so a reload
 * keeps the position card), then kept live by `waitlist:rank` pushes for that entry.
 * `remember` keeps a new entry's token; `forget` drops it ("Use another email").
 */
export function useMyWaitlistEntry(): {
  mine: MyWaitlistEntry | null;
  remember: (token: string, email?: string) => void;
  forget: () => void;
} {
  const [token, setToken] = useState<string | null>(() => {
    adoptConfirmationCookie();
    return readWaitlistEntry()?.token ?? null;
  });
  const [mine, setMine] = useState<MyWaitlistEntry | null>(null);
  const requestRef = useRef<AbortController | null>(null);

  const refetch = useCallback((current: string) => {
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    getMyWaitlistEntry(current, controller.signal).then(
      (entry) => {
        if (!controller.signal.aborted) setMine({ entry, email: readWaitlistEntry()?.email ?? null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A token the server does not know (another installation, a changed secret) is forgotten.
        if (error instanceof ApiError && error.status === 404) {
          clearWaitlistEntry();
          setToken(null);
          setMine(null);
        }
      },
    );
  }, []);

  useEffect(() => {
    if (!token) return;
    refetch(token);
    const stop = subscribeToWaitlistEntry({
      token,
      onRank: (rank) =>
        setMine((current) =>
          current
            ? { ...current, entry: { ...current.entry, position: rank.position, referrals: rank.referrals, confirmed: rank.confirmed ?? current.entry.confirmed } }
            : current,
        ),
      onReconnect: () => refetch(token),
    });
    return () => {
      stop();
      requestRef.current?.abort();
    };
  }, [token, refetch]);

  const remember = useCallback((next: string, email?: string) => {
    storeWaitlistEntry({ token: next, ...(email ? { email } : {}) });
    setToken(next);
  }, []);

  const forget = useCallback(() => {
    clearWaitlistEntry();
    setToken(null);
    setMine(null);
  }, []);

  return { mine, remember, forget };
}
