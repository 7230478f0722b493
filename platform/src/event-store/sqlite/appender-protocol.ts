/** Messages between the SQLite event store and its appender thread (appender-thread.ts). */
import type { GroupResult } from './group-commit.ts';

export interface AppenderData {
  file: string;
  /** The store's commit signal (see `SqliteEventStore.commitSignal`), bumped after each commit. */
  signal: Int32Array;
  synchronous: 'FULL' | 'NORMAL';
  busyTimeoutMs: number;
  autocheckpointPages: number;
}

export type AppenderMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { id: number; result: GroupResult }
  /** The group's transaction failed as a whole: nothing of it was written. */
  | { id: number; error: string };
