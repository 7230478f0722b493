/**
 * Production entry point of the `projections` service (single replica, DESIGN §4): one runner per
 * projection, and the job dispatcher (it must run once; the `workers` service runs the processors).
 */
import { openEventStore, openJobQueue } from '@crossfeed/platform/config/adapters.ts';
import { socketIoKey } from '@crossfeed/platform/config/config.ts';
import { bootstrap, runMain } from '@crossfeed/platform/runtime.ts';
import { requireDurableRedis } from '@crossfeed/platform/jobs/redis-durability.ts';
import { Dispatcher } from '@crossfeed/workers/dispatch/dispatcher.ts';
import { jobRoutes } from '@crossfeed/workers/registry.ts';
import { createRedisEmitterPublisher } from '@crossfeed/platform/realtime/redis-emitter-realtime.ts';
import { projections } from './registry.ts';
import { createPushReactor } from './realtime/push-reactor.ts';
import { startReplayProcessor } from './replay/replay.processor.ts';
import { openReadModels } from './runner/open-read-models.ts';

const runtime = bootstrap('projections');
const { logger, lifecycle } = runtime;

await runMain(runtime, async () => {
  await requireDurableRedis(runtime); // jobs must survive a Redis restart (docs/operations.md: Redis)
  const eventStore = await openEventStore(runtime);
  // Embedded: the projections and every write to the read-model file run on a thread of their own.
  const readModels = await openReadModels(runtime, eventStore);
  const { readStore } = readModels;
  // Live events become socket.io pushes through the API nodes' Redis adapter (DESIGN §3 Realtime).
  const pushes = runtime.config.REDIS_URL ? createRedisEmitterPublisher({ url: runtime.config.REDIS_URL, key: socketIoKey(runtime.config), logger }) : undefined;
  if (pushes) lifecycle.add('realtime pushes', () => pushes.close());
  else logger.warn('REDIS_URL is not set: live events are not pushed to browsers');
  const onLiveEvent = pushes ? createPushReactor({ readStore, publisher: pushes }) : undefined;
  const runner = readModels.createRunner(onLiveEvent ? { onLiveEvent } : {});
  lifecycle.add('projections', () => runner.stop());
  await runner.start();
  logger.info({ projections: projections.map((p) => p.name) }, 'projections running');
  const jobQueue = await openJobQueue(runtime);
  const dispatcher = new Dispatcher({ eventStore, readStore, readModels: runner, jobQueue, routes: jobRoutes, logger });
  lifecycle.add('dispatcher', () => dispatcher.stop());
  await dispatcher.start();
  logger.info({ routes: jobRoutes.length }, 'job dispatcher running');
  // Admin replays (POST /admin/replay) run here, beside the runner they rebuild; progress goes to `admins`.
  if (pushes) {
    const replay = startReplayProcessor({ jobQueue, runner, realtime: pushes, logger });
    lifecycle.add('replay processor', () => replay.close());
  } else {
    logger.warn('REDIS_URL is not set: admin replays are not processed by this service');
  }
});
