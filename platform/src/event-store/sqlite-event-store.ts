/**
 * Embedded EventStore adapter: one SQLite file (node:sqlite, WAL), one table (DESIGN §3).
 *
 * The global position is the table's INTEGER PRIMARY KEY, formatted with `formatPosition`. Appends run in a
 * `BEGIN IMMEDIATE` transaction, so the expected-revision check and the inserts are atomic even when several
 * processes share the file (the write lock is taken before the stream revision is read; `busy_timeout` makes
 * the other writers wait for it instead of failing).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { StatementSync } from 'node:sqlite';
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

export class SqliteEventStore implements EventStore {
  readonly #db: DatabaseSync;
  readonly #statements: Statements;
  readonly #pollIntervalMs: number;
  /** Live subscriptions waiting for new events; called after every commit made through this instance. */
  readonly #waiters = new Set<() => void>();
  readonly #subscriptions = new Set<SqliteSubscription>();
  #closed = false;
  #closing: Promise<void> | undefined;

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
      streamRevision: rows('SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1'),
      insert: db.prepare(
        'INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      readStream: rows(`SELECT ${COLUMNS} FROM events WHERE stream = ? ORDER BY revision`),
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

  /** Reads the PRAGMA values this connection runs with (for diagnostics and tests). */
  pragmas(): { journalMode: string; synchronous: number; busyTimeout: number } {
    this.#assertOpen();
    const value = (name: string): unknown => Object.values(this.#db.prepare(`PRAGMA ${name}`).get() ?? {})[0];
    return {
      journalMode: String(value('journal_mode')),
      synchronous: Number(value('synchronous')),
      busyTimeout: Number(value('busy_timeout')),
    };
  }

  async append(
    stream: string,
    events: readonly NewEvent[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
    this.#assertOpen();
    if (events.length === 0) throw new Error(`Cannot append an empty list of events to ${stream}`);
    const expected = options?.expectedRevision ?? 'any';
    // Serialize before taking the write lock: a value JSON cannot hold fails here and writes nothing.
    const createdAt = new Date().toISOString();
    const rows = events.map((event) => ({
      id: event.id ?? randomUUID(),
      type: event.type,
      data: toJson(event.data),
      metadata: JSON.stringify(cleanMetadata(event.metadata)),
    }));

    const s = this.#statements;
    s.begin.run();
    let position = 0;
    let revision = -1;
    try {
      const current = this.#currentRevision(stream);
      if (!expectationHolds(expected, current)) throw new WrongExpectedVersion(stream, expected, actualRevision(current));
      revision = current;
      for (const row of rows) {
        revision += 1;
        position = Number(s.insert.run(row.id, stream, revision, row.type, row.data, row.metadata, createdAt).lastInsertRowid);
      }
      s.commit.run();
    } catch (error) {
      this.#rollback();
      if (isUniqueViolation(error, 'events.stream, events.revision')) {
        // Another writer took the revision (only possible when it bypassed BEGIN IMMEDIATE).
        throw new WrongExpectedVersion(stream, expected, actualRevision(this.#currentRevision(stream)));
      }
      if (isUniqueViolation(error, 'events.id')) {
        throw new Error(`An event with one of these ids already exists: ${rows.map((r) => r.id).join(', ')}`, { cause: error });
      }
      throw error;
    }
    this.#notify();
    return { nextRevision: BigInt(revision), position: formatPosition(position) };
  }

  #rollback(): void {
    if (!this.#db.isTransaction) return;
    try {
      this.#statements.rollback.run();
    } catch {
      // SQLite has already rolled back (e.g. after an I/O error); the original error is the one to report
    }
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    this.#assertOpen();
    return (this.#statements.readStream.all(stream) as unknown as EventRow[]).map(toRecorded);
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
      await Promise.all([...this.#subscriptions].map((s) => s.close()));
      this.#closed = true;
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
