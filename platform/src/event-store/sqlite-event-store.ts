/**
 * Embedded EventStore adapter: one SQLite file (node:sqlite, WAL), one table (DESIGN §3).
 *
 * The global position is the table's INTEGER PRIMARY KEY, formatted with `formatPosition`. Appends run in a
 * `BEGIN IMMEDIATE` transaction, so the expected-revision check and the inserts are atomic even when several
 * processes share the file (the write lock is taken before the stream revision is read; `busy_timeout` makes
 * the other writers wait for it instead of failing).
 *
 * Group commit: the appends that arrive in the same turn of the event loop share ONE transaction and so ONE
 * fsync. Each is still checked against its own expected revision inside its own savepoint, so one that fails
 * (wrong revision, duplicate id) writes nothing and leaves the others alone, and no append is acknowledged
 * before the commit that holds it.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { StatementSync } from 'node:sqlite';
import { startCheckpointer, type Checkpointer } from '../sqlite/wal-checkpointer.ts';
import { POSITION_WIDTH, WrongExpectedVersion, formatPosition, parsePosition } from './event-store.port.ts';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  LogHead,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeAllOptions,
  Subscription,
} from './event-store.port.ts';

export interface SqliteEventStoreOptions {
  /** Path of the database file (created when missing). */
  file: string;
  /** `FULL` (default) fsyncs the WAL on every commit: no acknowledged event is lost on power failure. */
  synchronous?: 'FULL' | 'NORMAL';
  /** How often live subscriptions look for appends made by other processes (default 250 ms). */
  pollIntervalMs?: number;
  /** How long a writer waits for another connection's write lock before failing (default 5000 ms). */
  busyTimeoutMs?: number;
}

const DEFAULT_READ_LIMIT = 1000;
/**
 * A stream is read in pages of this many events, yielding to the event loop between pages: reading a long
 * stream takes a while but never holds every other request up for long.
 */
const STREAM_PAGE = 1000;
/** WAL pages (4 KB) after which a commit checkpoints itself: only if the background checkpointer falls behind. */
const FALLBACK_CHECKPOINT_PAGES = 32768;
/** Commits after which the background checkpointer starts: a store that writes little never needs it. */
const CHECKPOINTER_AFTER_COMMITS = 64;
const SUBSCRIPTION_BATCH = 500;
const BACKOFF_START_MS = 100;
const BACKOFF_CAP_MS = 5000;
/** Extended result code SQLITE_CONSTRAINT_UNIQUE. */
const SQLITE_CONSTRAINT_UNIQUE = 2067;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  stream TEXT NOT NULL,
  revision INTEGER NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  metadata TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (stream, revision)
)`;

// The position is zero-padded by SQLite itself (cheaper than formatting it in JS on every row read), by
// keeping the last POSITION_WIDTH characters of zeros and the digits: cheaper again than printf('%020d').
const COLUMNS = `substr('${'0'.repeat(POSITION_WIDTH)}' || position, -${POSITION_WIDTH}), id, stream, revision, type, data, metadata, created_at`;

/** Row shape with `returnArrays` enabled: the order of COLUMNS. */
type EventRow = [Position, string, string, number, string, string, string, string];

interface Statements {
  begin: StatementSync;
  commit: StatementSync;
  rollback: StatementSync;
  savepoint: StatementSync;
  release: StatementSync;
  rollbackToSavepoint: StatementSync;
  streamRevision: StatementSync;
  insert: StatementSync;
  readStream: StatementSync;
  readAfter: StatementSync;
  head: StatementSync;
  countAfter: StatementSync;
}

/** Shared bigints for the common small revisions: a bigint is immutable, so sharing one is invisible. */
const SMALL_REVISIONS = Array.from({ length: 1024 }, (_, i) => BigInt(i));

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row[1],
    type: row[4],
    stream: row[2],
    revision: SMALL_REVISIONS[row[3]] ?? BigInt(row[3]),
    position: row[0],
    data: JSON.parse(row[5]) as unknown,
    metadata: row[6] === '{}' ? {} : (JSON.parse(row[6]) as EventMetadata),
    createdAt: row[7],
  };
}

function positionToRowId(position: Position | undefined): bigint {
  if (position === undefined) return 0n;
  if (!/^\d+$/.test(position)) throw new TypeError(`Invalid position: ${JSON.stringify(position)}`);
  return parsePosition(position);
}

function isUniqueViolation(error: unknown, columns: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { errcode?: unknown }).errcode;
  return (code === SQLITE_CONSTRAINT_UNIQUE || error.message.includes('UNIQUE constraint failed')) && error.message.includes(columns);
}

function expectationHolds(expected: ExpectedRevision, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current < 0;
  if (expected === 'stream_exists') return current >= 0;
  if (typeof expected === 'bigint') return current >= 0 && BigInt(current) === expected;
  throw new TypeError(`Invalid expectedRevision: ${String(expected)}`);
}

function actualRevision(current: number): bigint | 'no_stream' {
  return current < 0 ? 'no_stream' : BigInt(current);
}

/** Serializes a value for a TEXT column; `undefined` becomes `null` (JSON has no undefined). */
function toJson(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

function cleanMetadata(metadata: EventMetadata | undefined): EventMetadata {
  const result: EventMetadata = {};
  if (metadata?.userId !== undefined) result.userId = metadata.userId;
  if (metadata?.correlationId !== undefined) result.correlationId = metadata.correlationId;
  if (metadata?.causationId !== undefined) result.causationId = metadata.causationId;
  return result;
}

/** An append waiting for the next group commit. */
interface PendingAppend {
  stream: string;
  expected: ExpectedRevision;
  rows: { id: string; type: string; data: string; metadata: string }[];
  createdAt: string;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

export class SqliteEventStore implements EventStore {
  readonly #db: DatabaseSync;
  readonly #statements: Statements;
  readonly #pollIntervalMs: number;
  /** Live subscriptions waiting for new events; called after every commit made through this instance. */
  readonly #waiters = new Set<() => void>();
  readonly #subscriptions = new Set<SqliteSubscription>();
  /** Appends of this turn of the event loop, committed together by `#commitGroup`. */
  #pending: PendingAppend[] = [];
  /** The group commit in flight (scheduled for the next turn), awaited by `close()`. */
  #group: Promise<void> | undefined;
  #commits = 0;
  #appends = 0;
  #closed = false;
  #closing: Promise<void> | undefined;
  #checkpointer: Checkpointer | undefined;
  /** The file the background checkpointer works on (none for an in-memory store). */
  #checkpointFile: string | undefined;

  constructor(options: SqliteEventStoreOptions) {
    const synchronous = options.synchronous ?? 'FULL';
    if (synchronous !== 'FULL' && synchronous !== 'NORMAL') throw new TypeError(`Invalid synchronous mode: ${String(synchronous)}`);
    this.#pollIntervalMs = options.pollIntervalMs ?? 250;
    if (options.file !== ':memory:' && !options.file.startsWith('file:')) mkdirSync(dirname(options.file), { recursive: true });
    this.#db = new DatabaseSync(options.file, { timeout: options.busyTimeoutMs ?? 5000 });
    try {
      this.#db.exec('PRAGMA journal_mode = WAL');
      this.#db.exec(`PRAGMA synchronous = ${synchronous}`);
      this.#db.exec(SCHEMA);
      this.#statements = this.#prepare();
      if (options.file !== ':memory:' && !options.file.startsWith('file:')) {
        // Checkpoints run beside the writer (wal-checkpointer.ts), started once this instance has committed
        // a little: an automatic one inside a commit copies the WAL back and fsyncs the file with the event
        // loop stopped. A high automatic checkpoint stays as the safety valve.
        this.#db.exec(`PRAGMA wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
        this.#checkpointFile = options.file;
      }
    } catch (error) {
      this.#db.close();
      throw error;
    }
  }

  #prepare(): Statements {
    const db = this.#db;
    const rows = (sql: string): StatementSync => {
      const statement = db.prepare(sql);
      statement.setReturnArrays(true);
      return statement;
    };
    return {
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      rollback: db.prepare('ROLLBACK'),
      savepoint: db.prepare('SAVEPOINT append'),
      release: db.prepare('RELEASE append'),
      rollbackToSavepoint: db.prepare('ROLLBACK TO append'),
      streamRevision: rows('SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1'),
      insert: db.prepare(
        'INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      readStream: rows(`SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ${STREAM_PAGE}`),
      readAfter: rows(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`),
      head: rows('SELECT max(position), count(*) FROM events'),
      countAfter: rows('SELECT count(*) FROM events WHERE position > ?'),
    };
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('The event store is closed');
  }

  #currentRevision(stream: string): number {
    const row = this.#statements.streamRevision.get(stream) as unknown as [number] | undefined;
    return row === undefined ? -1 : row[0];
  }

  /** Append calls and the transactions (fsyncs) that committed them, since open (diagnostics, tests, benches). */
  commitStats(): { appends: number; commits: number } {
    return { appends: this.#appends, commits: this.#commits };
  }

  /** Reads the PRAGMA values this connection runs with (for diagnostics and tests). */
  pragmas(): { journalMode: string; synchronous: number; busyTimeout: number; walAutocheckpoint: number } {
    this.#assertOpen();
    const value = (name: string): unknown => Object.values(this.#db.prepare(`PRAGMA ${name}`).get() ?? {})[0];
    return {
      journalMode: String(value('journal_mode')),
      synchronous: Number(value('synchronous')),
      busyTimeout: Number(value('busy_timeout')),
      walAutocheckpoint: Number(value('wal_autocheckpoint')),
    };
  }

  append(stream: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    try {
      this.#assertOpen();
      if (this.#closing !== undefined) throw new Error('The event store is closing');
      if (events.length === 0) throw new Error(`Cannot append an empty list of events to ${stream}`);
      const expected = options?.expectedRevision ?? 'any';
      expectationHolds(expected, -1); // validates the expectation's kind now, not inside the group
      // Serialize before joining the group: a value JSON cannot hold fails here and writes nothing.
      const rows = events.map((event) => ({
        id: event.id ?? randomUUID(),
        type: event.type,
        data: toJson(event.data),
        metadata: JSON.stringify(cleanMetadata(event.metadata)),
      }));
      return new Promise<AppendResult>((resolve, reject) => {
        this.#pending.push({ stream, expected, rows, createdAt: new Date().toISOString(), resolve, reject });
        this.#group ??= nextTurn().then(() => this.#commitGroup());
      });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Commits every pending append in one transaction. Each runs in its own savepoint: a failed expectation
   * or a duplicate id rolls back that append only. Results are delivered once the COMMIT (the fsync) is
   * done; if the commit itself fails, every append of the group fails with it.
   */
  #commitGroup(): void {
    const group = this.#pending;
    this.#pending = [];
    this.#group = undefined;
    const s = this.#statements;
    const outcomes: ({ ok: true; result: AppendResult } | { ok: false; error: unknown })[] = [];
    try {
      s.begin.run();
      for (const append of group) outcomes.push(this.#appendInSavepoint(append));
      s.commit.run();
    } catch (error) {
      this.#rollback();
      for (const append of group) append.reject(error);
      return;
    }
    this.#commits += 1;
    this.#appends += group.length;
    if (this.#checkpointFile && !this.#checkpointer && this.#commits >= CHECKPOINTER_AFTER_COMMITS) {
      this.#checkpointer = startCheckpointer(this.#checkpointFile);
    }
    group.forEach((append, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) append.resolve(outcome.result);
      else append.reject(outcome.error);
    });
    if (outcomes.some((outcome) => outcome.ok)) this.#notify();
  }

  #appendInSavepoint(append: PendingAppend): { ok: true; result: AppendResult } | { ok: false; error: unknown } {
    const s = this.#statements;
    const { stream, expected, rows, createdAt } = append;
    s.savepoint.run();
    try {
      const current = this.#currentRevision(stream);
      if (!expectationHolds(expected, current)) throw new WrongExpectedVersion(stream, expected, actualRevision(current));
      let revision = current;
      let position = 0;
      for (const row of rows) {
        revision += 1;
        position = Number(s.insert.run(row.id, stream, revision, row.type, row.data, row.metadata, createdAt).lastInsertRowid);
      }
      s.release.run();
      return { ok: true, result: { nextRevision: BigInt(revision), position: formatPosition(position) } };
    } catch (error) {
      s.rollbackToSavepoint.run();
      s.release.run();
      if (isUniqueViolation(error, 'events.stream, events.revision')) {
        // Another writer took the revision (only possible when it bypassed BEGIN IMMEDIATE).
        return { ok: false, error: new WrongExpectedVersion(stream, expected, actualRevision(this.#currentRevision(stream))) };
      }
      if (isUniqueViolation(error, 'events.id')) {
        const ids = rows.map((r) => r.id).join(', ');
        return { ok: false, error: new Error(`An event with one of these ids already exists: ${ids}`, { cause: error }) };
      }
      return { ok: false, error };
    }
  }

  #rollback(): void {
    if (!this.#db.isTransaction) return;
    try {
      this.#statements.rollback.run();
    } catch {
      // SQLite has already rolled back (e.g. after an I/O error); the original error is the one to report
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.#assertOpen();
    let from = options.fromRevision ?? 0n;
    if (typeof from !== 'bigint' || from < 0n) throw new RangeError(`Invalid fromRevision: ${String(from)}`);
    const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (!(maxCount > 0) || (Number.isFinite(maxCount) && !Number.isSafeInteger(maxCount))) throw new RangeError(`Invalid maxCount: ${String(options.maxCount)}`);
    const events: RecordedEvent[] = [];
    for (;;) {
      const rows = this.#statements.readStream.all(stream, from) as unknown as EventRow[];
      for (const row of rows) {
        if (events.length >= maxCount) return events;
        events.push(toRecorded(row));
      }
      if (rows.length < STREAM_PAGE || events.length >= maxCount) return events;
      from = events.at(-1)!.revision + 1n;
      await nextTurn();
      this.#assertOpen();
    }
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.#assertOpen();
    return this.readAfterSync(options.fromPosition, options.limit ?? DEFAULT_READ_LIMIT);
  }

  /** Synchronous batch read shared by `readAll` and subscriptions. */
  readAfterSync(fromPosition: Position | undefined, limit: number): RecordedEvent[] {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Invalid limit: ${limit}`);
    const rows = this.#statements.readAfter.all(positionToRowId(fromPosition), limit) as unknown as EventRow[];
    return rows.map(toRecorded);
  }

  subscribeAll(options: SubscribeAllOptions, handler: (event: RecordedEvent) => Promise<void>): Subscription {
    this.#assertOpen();
    if (this.#closing !== undefined) throw new Error('The event store is closing');
    positionToRowId(options.fromPosition); // validate now rather than in the background loop
    const subscription = new SqliteSubscription(this, options, handler, this.#pollIntervalMs, (s) => this.#subscriptions.delete(s));
    this.#subscriptions.add(subscription);
    return subscription;
  }

  async head(): Promise<LogHead> {
    this.#assertOpen();
    const row = this.#statements.head.get() as unknown as [number | null, number];
    return { position: row[0] === null ? undefined : formatPosition(row[0]), count: row[1] };
  }

  async countAfter(position: Position | undefined): Promise<number> {
    this.#assertOpen();
    const row = this.#statements.countAfter.get(positionToRowId(position)) as unknown as [number];
    return row[0];
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      await this.#group; // appends already accepted are committed, not dropped
      await Promise.all([...this.#subscriptions].map((s) => s.close()));
      this.#closed = true;
      await this.#checkpointer?.close();
      this.#db.close();
    })();
    return this.#closing;
  }

  /** Registers a one-shot callback for the next commit made through this instance. */
  onAppend(callback: () => void): () => void {
    this.#waiters.add(callback);
    return () => this.#waiters.delete(callback);
  }

  #notify(): void {
    if (this.#waiters.size === 0) return;
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const waiter of waiters) waiter();
  }
}

/**
 * Catch-up then live subscription. One loop per subscription: read a batch after the last handled
 * position, hand each event to the handler (retrying it with backoff when it throws), and when the log is
 * exhausted wait for an in-process append or the next poll.
 */
class SqliteSubscription implements Subscription {
  readonly #store: SqliteEventStore;
  readonly #handler: (event: RecordedEvent) => Promise<void>;
  readonly #onError: (error: unknown) => void;
  readonly #pollIntervalMs: number;
  readonly #onClosed: (subscription: SqliteSubscription) => void;
  #lastPosition: Position | undefined;
  #closed = false;
  /** Ends the current wait (poll, in-process append or backoff) early. */
  #wake: (() => void) | undefined;
  readonly #done: Promise<void>;

  constructor(
    store: SqliteEventStore,
    options: SubscribeAllOptions,
    handler: (event: RecordedEvent) => Promise<void>,
    pollIntervalMs: number,
    onClosed: (subscription: SqliteSubscription) => void,
  ) {
    this.#store = store;
    this.#handler = handler;
    this.#onError = options.onError ?? (() => {});
    this.#pollIntervalMs = pollIntervalMs;
    this.#onClosed = onClosed;
    this.#lastPosition = options.fromPosition;
    this.#done = this.#run();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#wake?.();
    await this.#done;
    this.#onClosed(this);
  }

  async #run(): Promise<void> {
    await Promise.resolve(); // start after subscribeAll has returned
    let backoff = BACKOFF_START_MS;
    while (!this.#closed) {
      let batch: RecordedEvent[];
      try {
        batch = this.#store.readAfterSync(this.#lastPosition, SUBSCRIPTION_BATCH);
      } catch (error) {
        if (this.#closed) return;
        this.#reportError(error);
        await this.#sleep(backoff);
        backoff = Math.min(backoff * 2, BACKOFF_CAP_MS);
        continue;
      }
      if (batch.length === 0) {
        await this.#waitForAppend();
        continue;
      }
      for (const event of batch) {
        if (!(await this.#deliver(event))) return;
        this.#lastPosition = event.position;
      }
      backoff = BACKOFF_START_MS;
    }
  }

  /** Calls the handler until it succeeds; false when the subscription closed first. */
  async #deliver(event: RecordedEvent): Promise<boolean> {
    let backoff = BACKOFF_START_MS;
    for (;;) {
      if (this.#closed) return false;
      try {
        await this.#handler(event);
        return true;
      } catch (error) {
        this.#reportError(error);
        await this.#sleep(backoff);
        backoff = Math.min(backoff * 2, BACKOFF_CAP_MS);
      }
    }
  }

  #reportError(error: unknown): void {
    try {
      this.#onError(error);
    } catch {
      // an onError that throws must not stop the subscription
    }
  }

  #sleep(ms: number): Promise<void> {
    return this.#wait(ms, false);
  }

  #waitForAppend(): Promise<void> {
    return this.#wait(this.#pollIntervalMs, true);
  }

  #wait(ms: number, wakeOnAppend: boolean): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      let unregister: (() => void) | undefined;
      const done = (): void => {
        clearTimeout(timer);
        unregister?.();
        this.#wake = undefined;
        resolve();
      };
      // Referenced while the subscription is open (it is live work, like an open connection); cleared on close.
      const timer = setTimeout(done, ms);
      if (wakeOnAppend) unregister = this.#store.onAppend(done);
      this.#wake = done;
    });
  }
}

export function createSqliteEventStore(options: SqliteEventStoreOptions): SqliteEventStore {
  return new SqliteEventStore(options);
}
