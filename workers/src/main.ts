/** Production entry point of the `workers` service: runs the queue processors (DESIGN §4). */
import { createJobQueue } from '@crossfeed/platform/config/adapters.ts';
import { bootstrap, runMain } from '@crossfeed/platform/runtime.ts';
import { startWorkers } from './registry.ts';

const runtime = bootstrap('workers');
const { config, logger, lifecycle } = runtime;

await runMain(runtime, async () => {
  const jobQueue = await createJobQueue(config);
  lifecycle.add('job queue', () => jobQueue.close());
  const workers = startWorkers({ jobQueue, logger });
  lifecycle.add('workers', async () => {
    await Promise.all(workers.map((worker) => worker.close()));
  });
  logger.info({ workers: workers.length }, 'workers running');
});
