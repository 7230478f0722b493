import http from 'node:http';
import path from 'node:path';
import type { Router } from 'express';
import type { Server as SocketServer } from 'socket.io';
import type { Runtime } from '@crossfeed/platform/runtime.ts';
import { createApp } from './http/app.ts';
import { createSocketServer, type SocketIdentity } from './realtime/socket-server.ts';

export const UI_DIST_DIR = path.resolve(import.meta.dirname, '../../frontend/dist');

export interface HttpServerOptions {
  runtime: Runtime;
  isReady: () => boolean;
  routers?: readonly Router[];
  verifyToken: (token: string) => Promise<SocketIdentity>;
}

/** Starts the HTTP server (API + UI + socket.io) and registers its graceful close. */
export async function startHttpServer(options: HttpServerOptions): Promise<{ server: http.Server; io: SocketServer; url: string }> {
  const { config, logger, lifecycle } = options.runtime;
  const app = createApp({ logger, isReady: options.isReady, uiDir: UI_DIST_DIR, routers: options.routers });
  const server = http.createServer(app);
  const io = createSocketServer(server, { verifyToken: options.verifyToken, allowedOrigins: [config.PUBLIC_URL] });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;

  lifecycle.add('http server', async () => {
    await io.close();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      setTimeout(() => server.closeAllConnections(), 3000).unref();
    });
  });
  return { server, io, url };
}
