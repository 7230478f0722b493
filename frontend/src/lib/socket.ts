import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@crossfeed/domain/api/realtime-events.ts';

/** The typed socket (STYLE: one shared event contract with the server). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Attaches one feature's listeners (STYLE: one `registerXHandlers` per file). `onReconnect` runs when pushes
 * may have been missed, so the feature reloads what it shows: after the connection came back, and when the
 * server says `resync` (its Redis connections dropped and came back while this socket stayed connected).
 */
export type RegisterHandlers = (socket: AppSocket, onReconnect: (listener: () => void) => void) => void;

/**
 * Where the session's token lives and how to hear it change. The app passes its store (`useAppStore` fits
 * as it is): lib/ does not import the store, whose feature slices import lib/.
 */
export type TokenSource = {
  getState: () => { token: string | null };
  subscribe: (listener: (state: { token: string | null }, previous: { token: string | null }) => void) => () => void;
};

export type RealtimeOptions = {
  handlers: RegisterHandlers[];
  /** The session to follow: a socket is open while it holds a token. */
  session: TokenSource;
  /** Runs when the session ends (logout, expiry), after the socket is closed. */
  onSessionEnd?: () => void;
  /** Defaults to the page's origin; the dev server proxies /socket.io to the API. */
  url?: string;
};

let current: { socket: AppSocket; token: string } | null = null;

function close(): void {
  if (!current) return;
  current.socket.removeAllListeners();
  current.socket.io.removeAllListeners();
  current.socket.disconnect();
  current = null;
}

function open(token: string, { handlers, url }: RealtimeOptions): void {
  // The server reads the JWT from the handshake's `auth.token` (DESIGN §3 Realtime) and picks the rooms.
  const socket: AppSocket = url ? io(url, { auth: { token } }) : io({ auth: { token } });
  const refetches: (() => void)[] = [];
  const onReconnect = (listener: () => void) => {
    refetches.push(listener);
  };
  const refetchAll = () => {
    for (const refetch of refetches) refetch();
  };
  socket.io.on('reconnect', refetchAll);
  socket.on('resync', refetchAll);
  for (const register of handlers) register(socket, onReconnect);
  current = { socket, token };
}

/** The connection of the current session, if any (tests, diagnostics). */
export function currentSocket(): AppSocket | null {
  return current?.socket ?? null;
}

/**
 * Keeps exactly one socket per session: opens it with the token when signed in, replaces it when the
 * token changes, closes it on logout. Returns a stop function that closes it and stops following.
 */
export function startRealtime(options: RealtimeOptions): () => void {
  const follow = (token: string | null) => {
    if (token === (current?.token ?? null)) return;
    const hadSession = current !== null;
    close();
    if (token) open(token, options);
    else if (hadSession) options.onSessionEnd?.();
  };

  follow(options.session.getState().token);
  const unsubscribe = options.session.subscribe((state, previous) => {
    if (state.token !== previous.token) follow(state.token);
  });
  return () => {
    unsubscribe();
    close();
  };
}
