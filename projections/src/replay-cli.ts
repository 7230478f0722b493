/**
 * `npm run replay -- [--projection NAME]`: rebuilds read models from position 0 into shadow collections
 * and swaps them in, with a progress bar (events done / total, events/s, ETA).
 *
 * Embedded mode: run it while `npm start` is stopped (they share DATA_DIR; the lock says so).
 */
import { parseArgs } from 'node:util';
import { openEventStore } from '@crossfeed/platform/config/adapters.ts';
import { lockDataDir } from '@crossfeed/platform/config/data-dir-lock.ts';
import { bootstrap, runMain } from '@crossfeed/platform/runtime.ts';
import { projectionByName, projections } from './registry.ts';
import { createProgressBar } from './runner/progress-bar.ts';
import { openReadModels } from './runner/open-read-models.ts';

const { values } = parseArgs({
  options: { projection: { type: 'string', short: 'p' }, help: { type: 'boolean', short: 'h' } },
  strict: true,
});
const names = projections.map((projection) => projection.name);
if (values.help) {
  console.log(`Usage: npm run replay -- [--projection NAME]\nProjections: ${names.join(', ')}`);
  process.exit(0);
}
if (values.projection !== undefined && !projectionByName(values.projection)) {
  console.error(`Unknown projection "${values.projection}". Known: ${names.join(', ')}`);
  process.exit(2);
}
const selected = values.projection ? [values.projection] : names;

const runtime = bootstrap('replay');
const { config, lifecycle } = runtime;

await runMain(runtime, async () => {
  if (!config.MONGODB_URL) lifecycle.add('data dir lock', lockDataDir(config.DATA_DIR, 'npm run replay'));
  const eventStore = await openEventStore(runtime);
  // Embedded: the rebuild runs in the projection thread, where the read-model file is written.
  const runner = (await openReadModels(runtime, eventStore)).createRunner();
  for (const name of selected) {
    const bar = createProgressBar(name, { everywhere: true });
    const startedAt = performance.now();
    await runner.rebuild(name, (progress) => bar.update(progress));
    bar.stop();
    const seconds = (performance.now() - startedAt) / 1000;
    console.log(`${name}: rebuilt and swapped in ${seconds.toFixed(2)}s`);
  }
  await lifecycle.shutdown();
});
