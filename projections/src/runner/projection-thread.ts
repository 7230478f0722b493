/**
 * The projection thread of the embedded setup (open-read-models.ts): the projection runner, the owner
 * connection of the read-model file and a reading connection to the event log, beside the event loop that
 * serves requests. The runner follows the log and writes its batches without crossing threads; every other
 * write to the read-model file (the dispatcher's checkpoint, the workers' collections) arrives on the
 * parent port and is served here too (platform's writer service), so the file has one writer.
 *
 * The caller's thread learns what it needs from messages on the runner port: the applied position and the
 * recovery flag after each batch (its `waitFor` and readiness), the live events once applied (its realtime
 * pushes), progress, and the outcome of start, stop and rebuild requests.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import type { SqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { serializeError } from '@crossfeed/platform/read-store/sqlite/writer-protocol.ts';
import { forwardingLogger, openWriterStore, serveWrites } from '@crossfeed/platform/read-store/sqlite/writer-service.ts';
import { projections } from '../registry.ts';
import { ProjectionRunner } from './projection-runner.ts';
import type { ProjectionThreadData, RunnerCall, RunnerMessage, RunnerRequest, StartOptions } from './projection-thread-protocol.ts';

/** How long one wait on the commit signal lasts before it is renewed (it also ends a stop's wait). */
const FOLLOW_WAIT_MS = 1000;

const port = parentPort!;
const data = workerData as ProjectionThreadData;
const { runnerPort } = data;
const post = (message: RunnerMessage): void => runnerPort.postMessage(message);
const logger = forwardingLogger(port);

const store = openWriterStore(
  port,
  {
    file: data.readModelsFile,
    ...(data.busyTimeoutMs !== undefined && { busyTimeoutMs: data.busyTimeoutMs }),
    ...(data.versions && { versions: data.versions }),
  },
  logger,
);
if (store) serve(store);
else {
  runnerPort.close();
  port.close();
}

function serve(readStore: SqliteReadStore): void {
  const eventStore = createSqliteEventStore({ file: data.eventsFile });
  let runner: ProjectionRunner | undefined;

  // Live events go out in one message per turn: the caller reacts to them in log order.
  let live: RecordedEvent[] = [];
  const sendLive = (): void => {
    const events = live;
    live = [];
    post({ kind: 'live', events });
  };
  const onLiveEvent = (event: RecordedEvent): void => {
    if (live.length === 0) setImmediate(sendLive);
    live.push(event);
  };

  /** The runner, made by the first request: a start says what the caller wants reported; a rebuild alone, nothing. */
  const runnerFor = (options: StartOptions): ProjectionRunner => {
    if (runner) return runner;
    let last: { position: string | undefined; recovering: boolean } | undefined;
    runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections,
      logger,
      ...(options.liveEvents && { onLiveEvent }),
      ...(options.catchUpProgress && { onCatchUpProgress: (progress, finished) => post({ kind: 'catch-up-progress', progress, finished }) }),
      onState: ({ position, recovering }) => {
        if (last && last.position === position && last.recovering === recovering) return;
        last = { position, recovering };
        post({ kind: 'state', position, recovering });
      },
    });
    return runner;
  };
  let started = false;
  const start = (options: StartOptions): Promise<void> => {
    if (started) throw new Error('The projection runner is already started');
    started = true;
    return runnerFor(options).start();
  };

  // The appending store bumps the commit signal after each commit: the subscription reads at once
  // instead of at its next poll (which stays, for appends made by other processes).
  let following = true;
  void (async () => {
    let seen = Atomics.load(data.commitSignal, 0);
    while (following) {
      const wait = Atomics.waitAsync(data.commitSignal, 0, seen, FOLLOW_WAIT_MS);
      if (wait.async) await wait.value;
      const now = Atomics.load(data.commitSignal, 0);
      if (now !== seen && following) {
        seen = now;
        eventStore.notifyAppended();
      }
    }
  })();

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    following = false;
    stopped ??= (async () => {
      await runner?.stop();
      if (live.length > 0) sendLive();
      await eventStore.close();
    })();
    return stopped;
  };

  const handle = async (call: RunnerCall & { id: number }): Promise<void> => {
    switch (call.method) {
      case 'start':
        return start(call.options);
      case 'stop':
        return stop();
      case 'rebuild':
        return runnerFor({ liveEvents: false, catchUpProgress: false }).rebuild(
          call.name,
          call.progress ? (progress) => post({ kind: 'rebuild-progress', id: call.id, progress }) : undefined,
        );
    }
  };

  runnerPort.on('message', (request: RunnerRequest) => {
    handle(request).then(
      () => post({ id: request.id, ok: true }),
      (error: unknown) => post({ id: request.id, ok: false, error: serializeError(error) }),
    );
  });

  // The read store closes last (the caller stops the runner first): then nothing is left to run here.
  serveWrites(port, readStore, () => {
    void stop().finally(() => {
      runnerPort.close();
      port.close();
    });
  });
}
