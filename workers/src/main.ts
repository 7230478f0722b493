/** Production entry point of the `workers` service: runs the queue processors (DESIGN §4). */
import { createMailer, openEventStore, openJobQueue, openReadStore } from '@crossfeed/platform/config/adapters.ts';
import { socketIoKey } from '@crossfeed/platform/config/config.ts';
import { createRedisEmitterPublisher } from '@crossfeed/platform/realtime/redis-emitter-realtime.ts';
import { bootstrap, runMain } from '@crossfeed/platform/runtime.ts';
import { requireDurableRedis } from '@crossfeed/platform/jobs/redis-durability.ts';
import { startWorkers } from './registry.ts';

const runtime = bootstrap('workers');
const { config, logger, lifecycle } = runtime;

await runMain(runtime, async () => {
  if (!config.REDIS_URL) throw new Error('The workers service needs REDIS_URL (BullMQ and the socket.io emitter).');
  await requireDurableRedis(runtime); // jobs must survive a Redis restart (docs/operations.md: Redis)
  const eventStore = await openEventStore(runtime);
  // The projections service owns the read-model file's upkeep (embedded mode; docs/operations.md, "Several processes").
  const readStore = await openReadStore(runtime, { guest: true });
  const jobQueue = await openJobQueue(runtime);
  const mailer = await createMailer(config);
  lifecycle.add('mailer', () => mailer.close());
  const realtime = createRedisEmitterPublisher({ url: config.REDIS_URL, key: socketIoKey(config), logger });
  lifecycle.add('realtime', () => realtime.close());
  const workers = startWorkers({ config, logger, jobQueue, eventStore, readStore, mailer, realtime });
  lifecycle.add('workers', async () => {
    await Promise.all(workers.map((worker) => worker.close()));
  });
  logger.info({ workers: workers.length }, 'workers running');
});
