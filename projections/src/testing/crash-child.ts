/**
 * Child process of the crash test: catches the projections up over an existing event log, slowly and
 * snapshotting after every batch, printing how far it got, so the parent can SIGKILL it mid-way.
 * argv: <events.db> <snapshot file> <batch size> <delay ms per batch>
 */
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createMemoryReadStore } from '@crossfeed/platform/read-store/memory-read-store.ts';
import { projections } from '../registry.ts';
import { countingProjection } from './counting.projection.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';

const [eventsFile, snapshotFile, batchSize, delayMs] = process.argv.slice(2);
if (!eventsFile || !snapshotFile) throw new Error('usage: crash-child <events.db> <snapshot> <batch> <delay>');

const eventStore = await createSqliteEventStore({ file: eventsFile });
const readStore = await createMemoryReadStore({ snapshotFile });
const applyBatch = readStore.applyBatch.bind(readStore);
let applied = 0;
readStore.applyBatch = async (ops) => {
  await applyBatch(ops);
  await readStore.flush();
  applied++;
  process.stdout.write(`batch ${applied}\n`);
  await new Promise((resolve) => setTimeout(resolve, Number(delayMs ?? 0)));
};
const runner = new ProjectionRunner({ eventStore, readStore, projections: [...projections, countingProjection], batchSize: Number(batchSize ?? 100) });
await runner.start();
await runner.stop();
await readStore.flush();
process.stdout.write(`done ${runner.position() ?? ''}\n`);
await readStore.close();
await eventStore.close();
