import http from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import type { Router } from 'express';
import type { Server as SocketServer } from 'socket.io';
import type { Runtime } from '@crossfeed/platform/runtime.ts';
import { signingSecret, waitlistEntryCodeFromToken, waitlistSecret } from '@crossfeed/platform/security/derived-tokens.ts';
import { createApp } from './http/app.ts';
import { createSocketServer, type SocketIdentity } from './realtime/socket-server.ts';

export const UI_DIST_DIR = path.resolve(import.meta.dirname, '../../frontend/dist');

/**
 * The HTTP server and its socket.io server, created before the API so the realtime publisher exists
 * when the routers are composed; `serve` then mounts the app and listens.
 */
export function createHttpServer(
  runtime: Runtime,
  verifyToken: (token: string) => Promise<SocketIdentity>,
): { server: http.Server; io: SocketServer } {
  // The request listener must exist BEFORE socket.io attaches: socket.io takes over the listeners it finds
  // and sends them only what is not `/socket.io/`. A listener added later would also answer socket.io's
  // long-polling requests, and the second answer crashes engine.io. So the app is mounted into this one.
  let handle: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = http.createServer((req, res) => handle(req, res));
  server.on('clientError', answerClientError);
  mounts.set(server, (app) => {
    handle = app;
  });
  const waitlistKey = waitlistSecret(signingSecret(runtime.config));
  const io = createSocketServer(server, {
    verifyToken,
    verifyWaitlistToken: (token) => waitlistEntryCodeFromToken(waitlistKey, token),
    allowedOrigins: [runtime.config.PUBLIC_URL],
  });
  return { server, io };
}

const mounts = new WeakMap<http.Server, (app: http.RequestListener) => void>();

const CLIENT_ERRORS: Readonly<Record<string, [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers too large.'],
  HPE_URI_TOO_LONG: [414, 'Request URL too long.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timed out.'],
  HPE_HEADERS_TIMEOUT: [408, 'Request timed out.'],
};

/**
 * A request Node's HTTP parser refuses (headers over the limit, malformed request line...) never reaches
 * Express; Node would answer it with an empty body. This answers `{ "detail": ... }` like every other
 * refusal, then closes the connection (the parser's state is lost).
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad request.'];
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

export interface ServeOptions {
  runtime: Runtime;
  server: http.Server;
  io: SocketServer;
  isReady: () => boolean;
  notReadyDetail?: () => string;
  routers: readonly Router[];
  uiDir?: string;
}

/** Mounts the app, listens on PORT and registers the graceful close. Resolves the local URL. */
export async function serve(options: ServeOptions): Promise<string> {
  const { config, logger, lifecycle } = options.runtime;
  const { server, io } = options;
  const app = createApp({
    logger,
    isReady: options.isReady,
    ...(options.notReadyDetail && { notReadyDetail: options.notReadyDetail }),
    uiDir: options.uiDir,
    routers: options.routers,
    trustProxy: config.TRUST_PROXY,
    production: config.NODE_ENV === 'production',
  });
  const mount = mounts.get(server);
  if (!mount) throw new Error('serve() needs a server made by createHttpServer()');
  mount(app);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;

  lifecycle.add('http server', async () => {
    await io.close();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      setTimeout(() => server.closeAllConnections(), 3000).unref();
    });
  });
  return `http://localhost:${port}`;
}
