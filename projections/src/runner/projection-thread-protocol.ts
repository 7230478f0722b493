/**
 * Messages between `ThreadedProjectionRunner` (the caller's thread) and the projection thread
 * (projection-thread.ts), on the runner's own message port; the read store's writes use the thread's
 * parent port (platform's writer protocol).
 */
import type { MessagePort } from 'node:worker_threads';
import type { Position, RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { SerializedError } from '@crossfeed/platform/read-store/sqlite/writer-protocol.ts';
import type { ReplayProgress } from './projection-runner.ts';

export interface ProjectionThreadData {
  /** The read-model file the thread owns (it serves every write to it). */
  readModelsFile: string;
  /** The event log the thread reads (through a connection of its own). */
  eventsFile: string;
  busyTimeoutMs?: number;
  runnerPort: MessagePort;
  /** The appending store's commit signal (`SqliteEventStore.commitSignal`): new events are read at once. */
  commitSignal: Int32Array;
  /** The collection versions to bump after each commit, when the caller keeps documents by them. */
  versions?: Int32Array;
}

export interface StartOptions {
  /** Post each live event once applied (the caller reacts to them: realtime pushes). */
  liveEvents: boolean;
  /** Post catch-up progress (the caller shows a progress bar). */
  catchUpProgress: boolean;
}

/** What the caller asks the runner to do; answered `{ id, ok }` once done. */
export type RunnerCall = { method: 'start'; options: StartOptions } | { method: 'stop' } | { method: 'rebuild'; name: string; progress: boolean };

export type RunnerRequest = RunnerCall & { id: number };

export type RunnerMessage =
  | { id: number; ok: true }
  | { id: number; ok: false; error: SerializedError }
  | { kind: 'state'; position: Position | undefined; recovering: boolean }
  | { kind: 'live'; events: RecordedEvent[] }
  | { kind: 'rebuild-progress'; id: number; progress: ReplayProgress }
  | { kind: 'catch-up-progress'; progress: ReplayProgress; finished: boolean };
