/** Production entry point of the `projections` service: one runner per projection (DESIGN §4). */
import { openEventStore, openReadStore } from '@crossfeed/platform/config/adapters.ts';
import { bootstrap, runMain } from '@crossfeed/platform/runtime.ts';
import { projections } from './registry.ts';
import { ProjectionRunner } from './runner/projection-runner.ts';

const runtime = bootstrap('projections');
const { logger, lifecycle } = runtime;

await runMain(runtime, async () => {
  const eventStore = await openEventStore(runtime);
  const readStore = await openReadStore(runtime);
  const runner = new ProjectionRunner({ eventStore, readStore, projections, logger });
  lifecycle.add('projections', () => runner.stop());
  await runner.start();
  logger.info({ projections: projections.map((p) => p.name) }, 'projections running');
});
