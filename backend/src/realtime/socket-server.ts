import type http from 'node:http';
import { Server } from 'socket.io';
import {
  PUBLIC_NAMESPACE,
  type ClientToServerEvents,
  type PublicHandshakeAuth,
  type ServerToClientEvents,
} from '@crossfeed/domain/api/realtime-events.ts';
import { ADMINS_ROOM, CREATORS_ROOM, PUBLIC_ROOM, userRoom } from '@crossfeed/platform/realtime/realtime.port.ts';

export interface SocketIdentity {
  userId: string;
  isAdmin: boolean;
  /** Seconds since the epoch; the socket is disconnected then. */
  expiresAt: number;
}

export interface SocketData {
  identity: SocketIdentity;
}

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface SocketServerOptions {
  /** Verifies the handshake's `auth.token`; resolves the identity or rejects. */
  verifyToken: (token: string) => Promise<SocketIdentity>;
  /**
   * The referral code a waitlist entry token names (null when not valid): a `/public` socket whose handshake
   * carries a valid one joins `waitlist:{code}`, that entry's own room (its `waitlist:rank` pushes).
   */
  verifyWaitlistToken?: (token: string) => string | null;
  /** Allowed browser origins (the app is served from the same origin). */
  allowedOrigins: readonly string[];
}

/**
 * The socket.io server (DESIGN §3 Realtime): no valid token, no connection; each socket joins
 * `user:{id}` (admins also `admins`), `creators` and the public room, and cannot join any other room: there is no
 * handler for any client event (`ClientToServerEvents` is empty), rooms come from the token alone.
 *
 * The public waitlist page has no token, so it listens on the read-only `/public` namespace instead: no
 * authentication, it receives `waitlist:count`, and `waitlist:rank` of the one entry whose secret token its
 * handshake carries (`auth.waitlistToken`; never an e-mail); a socket that sends any event there is
 * disconnected. Publishers deliver `public`-room emits to that namespace too (see the realtime adapters).
 *
 * With the Redis adapter, a node whose Redis connections came back emits `resync` to the sockets of this
 * (default) namespace, which may have missed pushes meanwhile (`attachRedisAdapter`; docs/security.md
 * "Pushes across a Redis restart").
 */
export function createSocketServer(httpServer: http.Server, options: SocketServerOptions): SocketServer {
  const io: SocketServer = new Server(httpServer, {
    serveClient: false,
    cors: { origin: [...options.allowedOrigins] },
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, origin === undefined || options.allowedOrigins.includes(origin));
    },
  });

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    if (typeof token !== 'string' || token.length === 0) return next(new Error('Authentication required'));
    options.verifyToken(token).then(
      (identity) => {
        socket.data.identity = identity;
        next();
      },
      () => next(new Error('Invalid or expired token')),
    );
  });

  io.on('connection', (socket) => {
    const { identity } = socket.data;
    void socket.join([userRoom(identity.userId), CREATORS_ROOM, PUBLIC_ROOM, ...(identity.isAdmin ? [ADMINS_ROOM] : [])]);
    const msLeft = identity.expiresAt * 1000 - Date.now();
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, Math.min(msLeft, 2 ** 31 - 1)));
    socket.on('disconnect', () => clearTimeout(expiry));
  });

  io.of(PUBLIC_NAMESPACE).on('connection', (socket) => {
    const { waitlistToken } = socket.handshake.auth as PublicHandshakeAuth;
    const code = typeof waitlistToken === 'string' && options.verifyWaitlistToken ? options.verifyWaitlistToken(waitlistToken) : null;
    if (code) void socket.join(`waitlist:${code}`);
    // Read-only: a client that talks is misbehaving.
    socket.onAny(() => socket.disconnect(true));
  });

  return io;
}
