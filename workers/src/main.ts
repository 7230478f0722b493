/** Production entry point of the `workers` service: runs the queue processors (DESIGN §4). */
import { openJobQueue } from '@crossfeed/platform/config/adapters.ts';
import { bootstrap, runMain } from '@crossfeed/platform/runtime.ts';
import { startWorkers } from './registry.ts';

const runtime = bootstrap('workers');
const { logger, lifecycle } = runtime;

await runMain(runtime, async () => {
  const jobQueue = await openJobQueue(runtime);
  const workers = startWorkers({ jobQueue, logger });
  lifecycle.add('workers', async () => {
    await Promise.all(workers.map((worker) => worker.close()));
  });
  logger.info({ workers: workers.length }, 'workers running');
});
