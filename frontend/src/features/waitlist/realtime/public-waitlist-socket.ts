import { io, type Socket } from 'socket.io-client';
import {
  PUBLIC_NAMESPACE,
  type ClientToServerEvents,
  type PublicServerToClientEvents,
} from '@crossfeed/domain/api/realtime-events.ts';

export type PublicSocket = Socket<PublicServerToClientEvents, ClientToServerEvents>;

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
  const socket: PublicSocket = io(PUBLIC_NAMESPACE, { forceNew: true });
  socket.on('waitlist:count', (payload) => {
    if (payload && typeof payload.count === 'number' && Number.isFinite(payload.count)) onCount(payload.count);
  });
  if (onReconnect) socket.io.on('reconnect', onReconnect);
  return () => {
    socket.removeAllListeners();
    socket.io.removeAllListeners();
    socket.disconnect();
  };
}
