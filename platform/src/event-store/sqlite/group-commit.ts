/**
 * The write side of the SQLite event log: one group of appends committed in ONE `BEGIN IMMEDIATE`
 * transaction (one fsync), each append checked against its own expected revision inside its own savepoint,
 * so one that fails (wrong revision, duplicate id) writes nothing and leaves the others alone. Runs on the
 * event store's connection, or in the appender thread (appender-thread.ts) on a connection of its own, so
 * the fsync waits beside the event loop. Outcomes are plain data, so they cross threads as they are.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { WrongExpectedVersion, type ExpectedRevision } from '../event-store.port.ts';

/** An event serialized for its row. */
export interface EventRowInput {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

export interface AppendRequest {
  stream: string;
  expected: ExpectedRevision;
  rows: EventRowInput[];
  createdAt: string;
}

/** Why an append of a group wrote nothing. */
export type AppendFailure =
  /** `actual` is the stream's revision, -1 when it does not exist. */
  | { kind: 'wrong-expected-version'; stream: string; expected: ExpectedRevision; actual: number }
  | { kind: 'duplicate-id'; ids: string }
  | { kind: 'error'; message: string };

/** `position` is the row id of the append's last event. */
export type AppendOutcome = { ok: true; nextRevision: number; position: number } | { ok: false; failure: AppendFailure };

export interface GroupResult {
  outcomes: AppendOutcome[];
  /**
   * Another connection committed since this one's previous group (or this is its first): the caller's
   * knowledge of stream heads may be out of date.
   */
  foreign: boolean;
}

/** Extended result code SQLITE_CONSTRAINT_UNIQUE. */
const SQLITE_CONSTRAINT_UNIQUE = 2067;

function isUniqueViolation(error: unknown, columns: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { errcode?: unknown }).errcode;
  return (code === SQLITE_CONSTRAINT_UNIQUE || error.message.includes('UNIQUE constraint failed')) && error.message.includes(columns);
}

export function expectationHolds(expected: ExpectedRevision, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current < 0;
  if (expected === 'stream_exists') return current >= 0;
  if (typeof expected === 'bigint') return current >= 0 && BigInt(current) === expected;
  throw new TypeError(`Invalid expectedRevision: ${String(expected)}`);
}

/**
 * A commit signal: a counter in shared memory that whoever commits to the log bumps (and wakes), so a
 * thread reading the log (the projection thread's subscription) wakes at once, without a message through
 * the thread that appended (`SqliteEventStore.commitSignal`).
 */
export function newCommitSignal(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

export function bumpCommitSignal(signal: Int32Array): void {
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

/** The error an append's caller gets for its failure. */
export function appendError(failure: AppendFailure): Error {
  switch (failure.kind) {
    case 'wrong-expected-version':
      return new WrongExpectedVersion(failure.stream, failure.expected, failure.actual < 0 ? 'no_stream' : BigInt(failure.actual));
    case 'duplicate-id':
      return new Error(`An event with one of these ids already exists: ${failure.ids}`);
    case 'error':
      return new Error(failure.message);
  }
}

export class GroupCommitter {
  readonly #db: DatabaseSync;
  readonly #begin: StatementSync;
  readonly #commit: StatementSync;
  readonly #rollback: StatementSync;
  readonly #savepoint: StatementSync;
  readonly #release: StatementSync;
  readonly #rollbackToSavepoint: StatementSync;
  readonly #streamRevision: StatementSync;
  readonly #insert: StatementSync;
  readonly #dataVersion: StatementSync;
  /** `PRAGMA data_version` inside the previous group's transaction: it moves only with others' commits. */
  #lastDataVersion: unknown;

  /** `db` holds the `events` table and is used for nothing else while a group commits. */
  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#begin = db.prepare('BEGIN IMMEDIATE');
    this.#commit = db.prepare('COMMIT');
    this.#rollback = db.prepare('ROLLBACK');
    this.#savepoint = db.prepare('SAVEPOINT append');
    this.#release = db.prepare('RELEASE append');
    this.#rollbackToSavepoint = db.prepare('ROLLBACK TO append');
    this.#streamRevision = db.prepare('SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1');
    this.#streamRevision.setReturnArrays(true);
    this.#insert = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.#dataVersion = db.prepare('PRAGMA data_version');
    this.#dataVersion.setReturnArrays(true);
  }

  /**
   * Commits the group and returns each append's outcome, in order, once the COMMIT (the fsync) is done.
   * Throws, having written nothing, when the transaction itself fails (busy, I/O): every append fails then.
   */
  commit(group: readonly AppendRequest[]): GroupResult {
    const outcomes: AppendOutcome[] = [];
    let foreign: boolean;
    try {
      this.#begin.run();
      // Under the write lock: no one else commits until ours is done.
      const [dataVersion] = this.#dataVersion.get() as unknown as [unknown];
      foreign = this.#lastDataVersion === undefined || dataVersion !== this.#lastDataVersion;
      for (const append of group) outcomes.push(this.#appendInSavepoint(append));
      this.#commit.run();
      this.#lastDataVersion = dataVersion;
    } catch (error) {
      this.#rollbackQuietly();
      throw error;
    }
    return { outcomes, foreign };
  }

  #currentRevision(stream: string): number {
    const row = this.#streamRevision.get(stream) as unknown as [number] | undefined;
    return row === undefined ? -1 : row[0];
  }

  #appendInSavepoint({ stream, expected, rows, createdAt }: AppendRequest): AppendOutcome {
    this.#savepoint.run();
    try {
      const current = this.#currentRevision(stream);
      if (!expectationHolds(expected, current)) {
        this.#release.run();
        return { ok: false, failure: { kind: 'wrong-expected-version', stream, expected, actual: current } };
      }
      let revision = current;
      let position = 0;
      for (const row of rows) {
        revision += 1;
        position = Number(this.#insert.run(row.id, stream, revision, row.type, row.data, row.metadata, createdAt).lastInsertRowid);
      }
      this.#release.run();
      return { ok: true, nextRevision: revision, position };
    } catch (error) {
      this.#rollbackToSavepoint.run();
      this.#release.run();
      if (isUniqueViolation(error, 'events.stream, events.revision')) {
        // Another writer took the revision (only possible when it bypassed BEGIN IMMEDIATE).
        return { ok: false, failure: { kind: 'wrong-expected-version', stream, expected, actual: this.#currentRevision(stream) } };
      }
      if (isUniqueViolation(error, 'events.id')) return { ok: false, failure: { kind: 'duplicate-id', ids: rows.map((row) => row.id).join(', ') } };
      return { ok: false, failure: { kind: 'error', message: error instanceof Error ? error.message : String(error) } };
    }
  }

  #rollbackQuietly(): void {
    if (!this.#db.isTransaction) return;
    try {
      this.#rollback.run();
    } catch {
      // SQLite has already rolled back (e.g. after an I/O error); the original error is the one to report
    }
  }
}
