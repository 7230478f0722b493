/**
 * Child process of the crash test: catches the projections up over an existing event log into a SQLite
 * read-model file, slowly, printing each batch once its transaction (writes and checkpoints) committed, so
 * the parent can SIGKILL it mid-way.
 * argv: <events.db> <read-models.db> <batch size> <delay ms per batch>
 */
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { projections } from '../registry.ts';
import { countingProjection } from './counting.projection.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';

const [eventsFile, readModelsFile, batchSize, delayMs] = process.argv.slice(2);
if (!eventsFile || !readModelsFile) throw new Error('usage: crash-child <events.db> <read-models.db> <batch> <delay>');

const eventStore = await createSqliteEventStore({ file: eventsFile });
const readStore = await createSqliteReadStore({ file: readModelsFile });
const applyBatch = readStore.applyBatch.bind(readStore);
let applied = 0;
readStore.applyBatch = async (ops) => {
  await applyBatch(ops);
  applied++;
  process.stdout.write(`batch ${applied}\n`);
  await new Promise((resolve) => setTimeout(resolve, Number(delayMs ?? 0)));
};
const runner = new ProjectionRunner({ eventStore, readStore, projections: [...projections, countingProjection], batchSize: Number(batchSize ?? 100) });
await runner.start();
await runner.stop();
process.stdout.write(`done ${runner.position() ?? ''}\n`);
await readStore.close();
await eventStore.close();
