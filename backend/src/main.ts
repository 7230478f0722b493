/**
 * Production entry point of the `api` service (DESIGN §4): stateless HTTP + socket.io nodes sharing the
 * socket.io Redis adapter; projections and workers run in their own services.
 */
import { openEventStore, openJobQueue, openReadStore } from '@crossfeed/platform/config/adapters.ts';
import { attachRedisAdapter } from '@crossfeed/platform/realtime/socketio-realtime.ts';
import { bootstrap, runMain } from '@crossfeed/platform/runtime.ts';
import { startHttpServer } from './http-server.ts';

const runtime = bootstrap('api');
const { config, logger, lifecycle } = runtime;

await runMain(runtime, async () => {
  // Opened here so the API fails fast when an engine is unreachable; the API issue's routes use them.
  await openEventStore(runtime);
  await openReadStore(runtime);
  await openJobQueue(runtime);

  let ready = false;
  const { io, url } = await startHttpServer({
    runtime,
    isReady: () => ready,
    verifyToken: () => Promise.reject(new Error('No tokens are issued yet')),
  });
  if (config.REDIS_URL) lifecycle.add('socket.io redis adapter', await attachRedisAdapter(io, config.REDIS_URL));
  ready = true;
  logger.info({ url }, 'api ready');
});
