/**
 * Production entry point of the `api` service (DESIGN §4): stateless HTTP + socket.io nodes sharing the
 * socket.io Redis adapter; projections and workers run in their own services.
 */
import { createEventStore, createJobQueue, createReadStore } from '@crossfeed/platform/config/adapters.ts';
import { attachRedisAdapter } from '@crossfeed/platform/realtime/socketio-realtime.ts';
import { bootstrap, runMain } from '@crossfeed/platform/runtime.ts';
import { startHttpServer } from './http-server.ts';

const runtime = bootstrap('api');
const { config, logger, lifecycle } = runtime;

await runMain(runtime, async () => {
  const eventStore = await createEventStore(config);
  lifecycle.add('event store', () => eventStore.close());
  const readStore = await createReadStore(config);
  lifecycle.add('read store', () => readStore.close());
  const jobQueue = await createJobQueue(config);
  lifecycle.add('job queue', () => jobQueue.close());

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
