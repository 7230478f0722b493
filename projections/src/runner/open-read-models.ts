/**
 * Opens the read models of a process that runs the projections (`npm start`, the `projections` service):
 * the read store, and the projection runner that keeps it up to date.
 *
 * Embedded (the SQLite event log and the SQLite read-model file): the runner runs in a worker thread, the
 * projection thread (projection-thread.ts), which also owns the read-model file and serves every write to
 * it; this thread keeps a reading connection (`ThreadedSqliteReadStore`) and the runner's interface
 * (`ThreadedProjectionRunner`). node:sqlite is synchronous, and applying the projections was most of the
 * event loop's time under a write load: now it runs beside it, on the machine's other core, and requests
 * are served meanwhile. With MongoDB or EventStoreDB, whose clients do their I/O asynchronously, the runner
 * runs on this thread as before.
 */
import { MessageChannel, Worker } from 'node:worker_threads';
import { dataPath, openReadStore } from '@crossfeed/platform/config/adapters.ts';
import type { EventStore, Position, RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { SqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CollectionVersions } from '@crossfeed/platform/read-store/sqlite/collection-versions.ts';
import { createThreadedSqliteReadStore } from '@crossfeed/platform/read-store/threaded-sqlite-read-store.ts';
import type { Runtime } from '@crossfeed/platform/runtime.ts';
import { projections } from '../registry.ts';
import { ProjectionRunner, type ReplayProgress } from './projection-runner.ts';
import type { ProjectionThreadData } from './projection-thread-protocol.ts';
import type { ReadModelWaiter } from './read-model-waiter.ts';
import { ThreadedProjectionRunner } from './threaded-projection-runner.ts';

/** What a process needs of its projection runner, wherever it runs. */
export interface Runner extends ReadModelWaiter {
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly recovering: boolean;
  position(): Position | undefined;
  rebuild(name: string, onProgress?: (progress: ReplayProgress) => void): Promise<void>;
}

export interface RunnerOptions {
  onLiveEvent?: (event: RecordedEvent) => void | Promise<void>;
  onCatchUpProgress?: (progress: ReplayProgress, finished: boolean) => void;
}

export interface ReadModels {
  readStore: ReadStore;
  /** The runner (made once the callers of its live events, which read the store, exist). */
  createRunner(options?: RunnerOptions): Runner;
}

export interface OpenReadModelsOptions {
  /**
   * This process is the read-model file's only writer (npm start holds the data directory's lock): the event
   * loop may keep documents read by id while the projection thread reports their collection unchanged.
   */
  soleWriter?: boolean;
}

export async function openReadModels(runtime: Runtime, eventStore: EventStore, options: OpenReadModelsOptions = {}): Promise<ReadModels> {
  const { config, logger, lifecycle } = runtime;
  if (config.MONGODB_URL || !(eventStore instanceof SqliteEventStore)) {
    const readStore = await openReadStore(runtime);
    return {
      readStore,
      createRunner: (options = {}) => new ProjectionRunner({ eventStore, readStore, projections, logger, ...options }),
    };
  }

  const file = dataPath(config, 'read-models.db');
  const versions = options.soleWriter ? new CollectionVersions() : undefined;
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./projection-thread.ts', import.meta.url), {
    workerData: {
      readModelsFile: file,
      eventsFile: dataPath(config, 'events.db'),
      runnerPort: port2,
      commitSignal: eventStore.commitSignal(),
      ...(versions && { versions: versions.counters }),
    } satisfies ProjectionThreadData,
    transferList: [port2],
  });
  const readStore = await createThreadedSqliteReadStore({ file, logger, worker, ...(versions && { versions }) });
  lifecycle.add('read store', () => readStore.close());
  return {
    readStore,
    createRunner: (options = {}) =>
      new ThreadedProjectionRunner({
        port: port1,
        onCommitted: () => readStore.endSnapshot(),
        logger,
        ...options,
      }),
  };
}
