/**
 * Production entry point of the `api` service (DESIGN §4): stateless HTTP + socket.io nodes sharing the
 * socket.io Redis adapter; projections and workers run in their own services.
 */
import { openEventStore, openJobQueue, openReadStore } from '@crossfeed/platform/config/adapters.ts';
import { socketIoKey } from '@crossfeed/platform/config/config.ts';
import { attachRedisAdapter, createSocketIoPublisher } from '@crossfeed/platform/realtime/socketio-realtime.ts';
import { bootstrap, runMain } from '@crossfeed/platform/runtime.ts';
import { requireDurableRedis } from '@crossfeed/platform/jobs/redis-durability.ts';
import { projections } from '@crossfeed/projections/registry.ts';
import { createCheckpointPollingWaiter } from '@crossfeed/projections/runner/read-model-waiter.ts';
import { createReadModelReadiness } from '@crossfeed/projections/runner/read-model-readiness.ts';
import { composeApiContext, tokenServiceFor } from './api/compose.ts';
import { apiRouters } from './api/routers.ts';
import { socketIdentityVerifier } from './api/socket-identity.ts';
import { createHttpServer, serve, UI_DIST_DIR } from './http-server.ts';

const runtime = bootstrap('api');
const { config, logger, lifecycle } = runtime;

await runMain(runtime, async () => {
  await requireDurableRedis(runtime); // jobs must survive a Redis restart (docs/operations.md: Redis)
  const eventStore = await openEventStore(runtime);
  // The projections service owns the read-model file's upkeep (embedded mode; docs/operations.md, "Several processes").
  const readStore = await openReadStore(runtime, { guest: true });
  const jobQueue = await openJobQueue(runtime);
  // Projections run in their own service: read-your-writes polls the checkpoints they store.
  const readModels = createCheckpointPollingWaiter(readStore, projections.map((projection) => projection.name));
  // Ready (GET /health 200) only while the read models those services keep are close to the log's head.
  const readiness = createReadModelReadiness({
    eventStore,
    readStore,
    projectionNames: projections.map((projection) => projection.name),
    onError: (error) => logger.warn({ err: error }, 'readiness: the read models could not be checked'),
  });
  lifecycle.add('readiness checks', readiness.watch());

  const tokens = tokenServiceFor(runtime);
  const { server, io } = createHttpServer(runtime, socketIdentityVerifier(tokens, readStore));
  if (config.REDIS_URL) lifecycle.add('socket.io redis adapter', await attachRedisAdapter(io, config.REDIS_URL, { key: socketIoKey(config), logger }));
  const realtime = createSocketIoPublisher(io);
  const ctx = await composeApiContext({ runtime, tokens, eventStore, readStore, readModels, jobQueue, realtime, readModelsReady: () => readiness.ready });

  const url = await serve({ runtime, server, io, isReady: () => readiness.ready, notReadyDetail: () => readiness.detail, routers: apiRouters(ctx), uiDir: UI_DIST_DIR });
  logger.info({ url }, 'api ready');
});
