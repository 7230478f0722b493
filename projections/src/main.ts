/** Production entry point of the `projections` service: one runner per projection (DESIGN §4). */
import { createEventStore, createReadStore } from '@crossfeed/platform/config/adapters.ts';
import { bootstrap, runMain } from '@crossfeed/platform/runtime.ts';
import { projections } from './registry.ts';
import { ProjectionRunner } from './runner/projection-runner.ts';

const runtime = bootstrap('projections');
const { config, logger, lifecycle } = runtime;

await runMain(runtime, async () => {
  const eventStore = await createEventStore(config);
  lifecycle.add('event store', () => eventStore.close());
  const readStore = await createReadStore(config);
  lifecycle.add('read store', async () => {
    await readStore.flush();
    await readStore.close();
  });
  const runner = new ProjectionRunner({ eventStore, readStore, projections, logger });
  lifecycle.add('projections', () => runner.stop());
  await runner.start();
  logger.info({ projections: projections.map((p) => p.name) }, 'projections running');
});
