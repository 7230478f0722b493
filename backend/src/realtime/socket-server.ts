import type http from 'node:http';
import { Server } from 'socket.io';

export interface SocketIdentity {
  userId: string;
  isAdmin: boolean;
  /** Seconds since the epoch; the socket is disconnected then. */
  expiresAt: number;
}

export interface SocketServerOptions {
  /** Verifies the handshake's `auth.token`; resolves the identity or rejects. */
  verifyToken: (token: string) => Promise<SocketIdentity>;
  /** Allowed browser origins (the app is served from the same origin). */
  allowedOrigins: readonly string[];
}

/**
 * The socket.io server (DESIGN §3 Realtime): no valid token, no connection; each socket joins
 * `user:{id}` (admins also `admins`) and the public room, and cannot join any other room.
 */
export function createSocketServer(httpServer: http.Server, options: SocketServerOptions): Server {
  const io = new Server(httpServer, {
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
    const identity = socket.data.identity as SocketIdentity;
    void socket.join([`user:${identity.userId}`, 'public', ...(identity.isAdmin ? ['admins'] : [])]);
    const msLeft = identity.expiresAt * 1000 - Date.now();
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, Math.min(msLeft, 2 ** 31 - 1)));
    socket.on('disconnect', () => clearTimeout(expiry));
  });

  return io;
}
