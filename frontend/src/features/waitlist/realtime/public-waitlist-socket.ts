import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import {
  PUBLIC_NAMESPACE,
  type ClientToServerEvents,
  type PublicHandshakeAuth,
  type PublicServerToClientEvents,
  type WaitlistRankPush,
} from '@crossfeed/domain/api/realtime-events.ts';

export type PublicSocket = Socket<PublicServerToClientEvents, ClientToServerEvents>;

/**
 * Opens a `/public` connection once socket.io-client has loaded, and gives it to `setup`. socket.io-client
 * (12.7 kB gzip) is not part of the waitlist page's own download: the page shows without it, and live
 * numbers follow. Returns the function that stops it, loaded or not.
 */
function connectPublic(options: Partial<ManagerOptions & SocketOptions>, setup: (socket: PublicSocket) => void): () => void {
  let socket: PublicSocket | null = null;
  let stopped = false;
  import('socket.io-client').then(
    ({ io }) => {
      if (stopped) return;
      socket = io(PUBLIC_NAMESPACE, options);
      setup(socket);
    },
    (error: unknown) => console.warn('Live waitlist numbers are unavailable until the page is reloaded.', error),
  );
  return () => {
    stopped = true;
    if (!socket) return;
    socket.removeAllListeners();
    socket.io.removeAllListeners();
    socket.disconnect();
  };
}

export type WaitlistCountListeners = {
  /** Each `waitlist:count` push. */
  onCount: (count: number) => void;
  /** After the connection came back, when pushes may have been missed. */
  onReconnect?: () => void;
};

/**
 * Follows the live member count on the read-only `/public` namespace (no token: the page is public).
 * Its own connection (`forceNew`), so the signed-in session socket opening or closing never touches it.
 * Returns the function that disconnects it.
 */
export function subscribeToWaitlistCount({ onCount, onReconnect }: WaitlistCountListeners): () => void {
  return connectPublic({ forceNew: true }, (socket) => {
    socket.on('waitlist:count', (payload) => {
      if (payload && typeof payload.count === 'number' && Number.isFinite(payload.count)) onCount(payload.count);
    });
    if (onReconnect) socket.io.on('reconnect', onReconnect);
  });
}

export type WaitlistEntryListeners = {
  /** The entry's secret token: the server puts this socket in that one entry's room. */
  token: string;
  /** Each `waitlist:rank` push (malformed ones are dropped). */
  onRank: (rank: WaitlistRankPush) => void;
  /** After the connection came back, when pushes may have been missed. */
  onReconnect?: () => void;
};

/** Follows one's own entry (`waitlist:rank`) on `/public`, its own connection; returns the function that stops it. */
export function subscribeToWaitlistEntry({ token, onRank, onReconnect }: WaitlistEntryListeners): () => void {
  const auth: PublicHandshakeAuth = { waitlistToken: token };
  return connectPublic({ forceNew: true, auth }, (socket) => {
    socket.on('waitlist:rank', (payload) => {
      if (payload && Number.isFinite(payload.position) && Number.isFinite(payload.referrals)) onRank(payload);
    });
    if (onReconnect) socket.io.on('reconnect', onReconnect);
  });
}
