/**
 * The one-command start (DESIGN §4): API, projections and workers in ONE process on the embedded
 * adapters (or the production ones where their URLs are set), serving the built UI. Loaded by start.ts.
 */
import { openEventStore, openJobQueue } from '@crossfeed/platform/config/adapters.ts';
import { isEmbedded } from '@crossfeed/platform/config/config.ts';
import { lockDataDir } from '@crossfeed/platform/config/data-dir-lock.ts';
import { createSocketIoPublisher } from '@crossfeed/platform/realtime/socketio-realtime.ts';
import { bootstrap, runMain } from '@crossfeed/platform/runtime.ts';
import { requireDurableRedis } from '@crossfeed/platform/jobs/redis-durability.ts';
import { createProgressBar } from '@crossfeed/projections/runner/progress-bar.ts';
import { openReadModels } from '@crossfeed/projections/runner/open-read-models.ts';
import type { ReplayProgress } from '@crossfeed/projections/runner/projection-runner.ts';
import { createPushReactor } from '@crossfeed/projections/realtime/push-reactor.ts';
import { startReplayProcessor } from '@crossfeed/projections/replay/replay.processor.ts';
import { Dispatcher } from '@crossfeed/workers/dispatch/dispatcher.ts';
import { jobRoutes, startWorkers } from '@crossfeed/workers/registry.ts';
import { composeApiContext, tokenServiceFor } from './api/compose.ts';
import { apiRouters } from './api/routers.ts';
import { socketIdentityVerifier } from './api/socket-identity.ts';
import { createHttpServer, serve, UI_DIST_DIR } from './http-server.ts';
import { seedDemo } from './seed/demo-seed.ts';

const runtime = bootstrap('all-in-one');
const { config, logger, lifecycle } = runtime;

await runMain(runtime, async () => {
  await requireDurableRedis(runtime); // jobs must survive a Redis restart (docs/operations.md: Redis)
  if (!config.MONGODB_URL) lifecycle.add('data dir lock', lockDataDir(config.DATA_DIR, 'npm start'));

  const eventStore = await openEventStore(runtime);
  // Embedded: the projections and every write to the read-model file run on a thread of their own.
  // The data directory's lock (embedded) makes this process the read-model file's only writer.
  const readModels = await openReadModels(runtime, eventStore, { soleWriter: !config.MONGODB_URL });
  const { readStore } = readModels;
  const jobQueue = await openJobQueue(runtime);

  const tokens = tokenServiceFor(runtime);
  const { server, io } = createHttpServer(runtime, socketIdentityVerifier(tokens, readStore));
  const realtime = createSocketIoPublisher(io);
  lifecycle.add('realtime', () => realtime.close());

  // Live events become socket.io pushes once the read models include them (DESIGN §3 Realtime).
  const onLiveEvent = createPushReactor({ readStore, publisher: realtime });
  // A catch-up from scratch (a read-model file missing, or found corrupt and recreated) shows a progress
  // bar on a terminal; the runner logs its progress either way.
  const bar = process.stdout.isTTY ? createProgressBar('read models') : undefined;
  const onCatchUpProgress = bar && ((progress: ReplayProgress, finished: boolean) => (finished ? bar.stop() : bar.update(progress)));
  const runner = readModels.createRunner({ onLiveEvent, ...(onCatchUpProgress && { onCatchUpProgress }) });
  let ready = false;
  // Not ready while the read models are rebuilt after the read store lost its contents.
  const isReady = () => ready && !runner.recovering;
  const ctx = await composeApiContext({ runtime, tokens, eventStore, readStore, readModels: runner, jobQueue, realtime, readModelsReady: isReady });
  const url = await serve({ runtime, server, io, isReady, routers: apiRouters(ctx), uiDir: UI_DIST_DIR });

  // SEED_DEMO defaults to true on an empty embedded store.
  const seed = config.SEED_DEMO ?? (isEmbedded(config) && (await eventStore.head()).position === undefined);
  lifecycle.add('projections', () => runner.stop());
  await runner.start();

  const workers = startWorkers({ config, logger, jobQueue, eventStore, readStore, mailer: ctx.mailer, realtime });
  lifecycle.add('workers', async () => {
    await Promise.all(workers.map((worker) => worker.close()));
  });
  // Admin replays (POST /admin/replay) run here, beside the runner they rebuild.
  const replay = startReplayProcessor({ jobQueue, runner, realtime, logger });
  lifecycle.add('replay processor', () => replay.close());
  // Events drive jobs: the dispatcher enqueues what the log asks for, from its checkpoint on.
  const dispatcher = new Dispatcher({ eventStore, readStore, readModels: runner, jobQueue, routes: jobRoutes, logger });
  lifecycle.add('dispatcher', () => dispatcher.stop());
  await dispatcher.start();

  if (seed) {
    const logins = await seedDemo(ctx, url);
    if (logins) {
      console.log(`\nDemo accounts (SEED_DEMO; set SEED_DEMO=false to start empty):`);
      console.table(logins);
    }
  }

  ready = true;
  logger.info({ url, dataDir: config.DATA_DIR, embedded: isEmbedded(config) }, `Crossfeed is ready at ${url}`);
});
