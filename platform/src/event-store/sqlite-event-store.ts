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
 * before the commit that holds it (sqlite/group-commit.ts). With `appendInThread` the groups are committed
 * by a thread of their own (sqlite/appender-thread.ts) on a second connection, so the event loop serves
 * requests while SQLite writes and fsyncs; the appends that arrive meanwhile make up the next group.
 */
import { newId } from '../ids.ts';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { StatementSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { startCheckpointer, type Checkpointer } from '../sqlite/wal-checkpointer.ts';
import { POSITION_WIDTH, formatPosition, parsePosition } from './event-store.port.ts';
import type { AppenderData, AppenderMessage } from './sqlite/appender-protocol.ts';
import { assertValidEvents, type EventValidation } from './event-validation.ts';
import { GroupCommitter, appendError, bumpCommitSignal, expectationHolds, newCommitSignal, type AppendRequest, type GroupResult } from './sqlite/group-commit.ts';
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
  /**
   * Commit appends in a worker thread on a connection of its own (files only), so the event loop is not
   * held while SQLite writes and fsyncs. `npm start` and the services do; tools and tests commit inline.
   */
  appendInThread?: boolean;
  /** Which events an append accepts (default `known`, see event-validation.ts). */
  validation?: EventValidation;
}

const DEFAULT_READ_LIMIT = 1000;
/**
 * A stream is read in pages of this many events, yielding to the event loop between pages: reading a long
 * stream takes a while but never holds every other request up for long.
 */
const STREAM_PAGE = 1000;
/**
 * WAL pages (4 KB) after which a commit checkpoints itself (SQLite's default). The background checkpointer
 * copies the WAL back beside the writer, but under a steady stream of commits its PASSIVE checkpoint never
 * reaches the last frame, so the WAL would never start over and would grow until this threshold: each
 * fsync'd commit then also grows the file, which made appends 25-45 % dearer at 32,768 pages (a 128 MB
 * WAL). At 1,000 pages the commit that crosses it finds nearly every frame copied already (a few ms at
 * most, in the appender thread under `npm start`) and the WAL starts over at about 4 MB.
 */
const AUTO_CHECKPOINT_PAGES = 1000;
/** Commits after which the background checkpointer starts: a store that writes little never needs it. */
const CHECKPOINTER_AFTER_COMMITS = 64;
const SUBSCRIPTION_BATCH = 500;
/** Streams whose last revision is remembered (see `#heads`); past this the memory starts over. */
const MAX_KNOWN_HEADS = 100_000;
const BACKOFF_START_MS = 100;
const BACKOFF_CAP_MS = 5000;

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
  readStream: StatementSync;
  readAfter: StatementSync;
  head: StatementSync;
  countAfter: StatementSync;
  tip: StatementSync;
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
  request: AppendRequest;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** Commits groups on a worker thread's connection (see `appendInThread`). */
class ThreadCommitter {
  readonly #worker: Worker;
  readonly #ready: Promise<void>;
  readonly #calls = new Map<number, { resolve: (result: GroupResult) => void; reject: (error: unknown) => void }>();
  #nextId = 0;
  #failed: Error | undefined;

  constructor(data: AppenderData) {
    this.#worker = new Worker(new URL('./sqlite/appender-thread.ts', import.meta.url), { workerData: data });
    this.#worker.unref();
    this.#ready = new Promise((resolve, reject) => {
      this.#worker.on('message', (message: AppenderMessage) => {
        if ('kind' in message) {
          if (message.kind === 'ready') resolve();
          else reject(this.#fail(new Error(`The event log's appender thread could not open ${data.file}: ${message.message}`)));
          return;
        }
        const call = this.#calls.get(message.id);
        if (!call) return;
        this.#calls.delete(message.id);
        if (this.#calls.size === 0) this.#worker.unref();
        if ('result' in message) call.resolve(message.result);
        else call.reject(new Error(message.error));
      });
      this.#worker.on('error', (error) => reject(this.#fail(error)));
      this.#worker.on('exit', (code) => reject(this.#fail(new Error(`The event log's appender thread stopped (${code})`))));
    });
    this.#ready.catch(() => undefined); // failures reach the appends that wait for it
  }

  #fail(error: Error): Error {
    this.#failed ??= error;
    for (const call of this.#calls.values()) call.reject(this.#failed);
    this.#calls.clear();
    return this.#failed;
  }

  async commit(group: readonly AppendRequest[]): Promise<GroupResult> {
    await this.#ready;
    if (this.#failed) throw this.#failed;
    const id = ++this.#nextId;
    return new Promise((resolve, reject) => {
      if (this.#calls.size === 0) this.#worker.ref();
      this.#calls.set(id, { resolve, reject });
      this.#worker.postMessage({ id, group });
    });
  }

  async close(): Promise<void> {
    if (!this.#failed) {
      const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
      this.#worker.ref();
      this.#worker.postMessage('close');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    }
    await this.#worker.terminate();
  }
}

export class SqliteEventStore implements EventStore {
  readonly #db: DatabaseSync;
  readonly #statements: Statements;
  readonly #pollIntervalMs: number;
  /** Live subscriptions waiting for new events; called after every commit made through this instance. */
  readonly #waiters = new Set<() => void>();
  readonly #subscriptions = new Set<SqliteSubscription>();
  /** Appends waiting for the next group commit. */
  #pending: PendingAppend[] = [];
  /** The next group commit, scheduled for the next turn of the event loop once an append arrives. */
  #scheduled: Promise<void> | undefined;
  /** Groups sent to the appender thread and not answered yet (they commit in the order sent). */
  readonly #inFlight = new Set<Promise<void>>();
  /** Commits inline, or in the appender thread. */
  readonly #committer: GroupCommitter | ThreadCommitter;
  readonly #signal = newCommitSignal();
  #commits = 0;
  #appends = 0;
  /**
   * The last revision of each stream this store appended to, trusted while no one else has appended: a
   * command handler catching up a stream this process just wrote then reads nothing (see `readStream`).
   * Another connection's appends show as a commit between two of this store's groups (`foreign`), or as a
   * log that ends past this store's last event (`#tip`) while none of its groups is being committed
   * (checked once per turn of the event loop when a head is wanted): the heads are forgotten then.
   */
  readonly #heads = new Map<string, number>();
  #tip: number | undefined;
  /** Whether the heads are trusted in this turn of the event loop; undefined until checked. */
  #headsTrusted: boolean | undefined;
  #closed = false;
  #closing: Promise<void> | undefined;
  readonly #validation: EventValidation;
  #checkpointer: Checkpointer | undefined;
  /** The file the background checkpointer works on (none for an in-memory store). */
  #checkpointFile: string | undefined;

  constructor(options: SqliteEventStoreOptions) {
    const synchronous = options.synchronous ?? 'FULL';
    if (synchronous !== 'FULL' && synchronous !== 'NORMAL') throw new TypeError(`Invalid synchronous mode: ${String(synchronous)}`);
    this.#pollIntervalMs = options.pollIntervalMs ?? 250;
    this.#validation = options.validation ?? 'known';
    if (options.file !== ':memory:' && !options.file.startsWith('file:')) mkdirSync(dirname(options.file), { recursive: true });
    this.#db = new DatabaseSync(options.file, { timeout: options.busyTimeoutMs ?? 5000 });
    try {
      this.#db.exec('PRAGMA journal_mode = WAL');
      this.#db.exec(`PRAGMA synchronous = ${synchronous}`);
      this.#db.exec(SCHEMA);
      this.#statements = this.#prepare();
      const onDisk = options.file !== ':memory:' && !options.file.startsWith('file:');
      if (onDisk) {
        // Checkpoints run beside the writer (wal-checkpointer.ts), started once this instance has committed
        // a little, so the automatic one inside a commit has little left to copy (see AUTO_CHECKPOINT_PAGES).
        this.#db.exec(`PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
        this.#checkpointFile = options.file;
      }
      this.#committer =
        options.appendInThread && onDisk
          ? new ThreadCommitter({ file: options.file, synchronous, busyTimeoutMs: options.busyTimeoutMs ?? 5000, autocheckpointPages: AUTO_CHECKPOINT_PAGES, signal: this.#signal })
          : new GroupCommitter(this.#db);
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
      readStream: rows(`SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ${STREAM_PAGE}`),
      readAfter: rows(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`),
      head: rows('SELECT max(position), count(*) FROM events'),
      countAfter: rows('SELECT count(*) FROM events WHERE position > ?'),
      tip: rows('SELECT max(position) FROM events'),
    };
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('The event store is closed');
  }

  /**
   * A counter in shared memory bumped (and woken, `Atomics.notify`) after each commit of this store's
   * appends, inline or on the appender thread: a thread reading the log through a connection of its own
   * waits on it (`Atomics.waitAsync`) to read new events at once (the projection thread does).
   */
  commitSignal(): Int32Array {
    return this.#signal;
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
      assertValidEvents(stream, events, this.#validation);
      const expected = options?.expectedRevision ?? 'any';
      expectationHolds(expected, -1); // validates the expectation's kind now, not inside the group
      // Serialize before joining the group: a value JSON cannot hold fails here and writes nothing.
      const rows = events.map((event) => ({
        id: event.id ?? newId(),
        type: event.type,
        data: toJson(event.data),
        metadata: JSON.stringify(cleanMetadata(event.metadata)),
      }));
      return new Promise<AppendResult>((resolve, reject) => {
        this.#pending.push({ request: { stream, expected, rows, createdAt: new Date().toISOString() }, resolve, reject });
        this.#scheduled ??= nextTurn().then(() => this.#commitPending());
      });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Commits the appends of this turn as one group. Inline, at once; on the appender thread, the group is sent
   * and the event loop goes on: the next turn's appends make up the next group, sent without waiting (the
   * thread commits them in order, back to back). Results are delivered once the group's COMMIT (the fsync)
   * is done; if the transaction itself fails, every append of the group fails with it.
   */
  #commitPending(): void {
    this.#scheduled = undefined;
    const group = this.#pending;
    this.#pending = [];
    if (group.length === 0) return;
    const requests = group.map((append) => append.request);
    const committer = this.#committer;
    if (committer instanceof GroupCommitter) {
      let result: GroupResult;
      try {
        result = committer.commit(requests);
      } catch (error) {
        for (const append of group) append.reject(error);
        return;
      }
      if (result.outcomes.some((outcome) => outcome.ok)) bumpCommitSignal(this.#signal);
      this.#settle(group, result);
      return;
    }
    const committed: Promise<void> = committer.commit(requests).then(
      (result) => this.#settle(group, result),
      (error: unknown) => {
        for (const append of group) append.reject(error);
      },
    );
    this.#inFlight.add(committed);
    void committed.finally(() => this.#inFlight.delete(committed));
  }

  #settle(group: readonly PendingAppend[], { outcomes, foreign }: GroupResult): void {
    this.#commits += 1;
    this.#appends += group.length;
    if (this.#checkpointFile && !this.#checkpointer && this.#commits >= CHECKPOINTER_AFTER_COMMITS) {
      this.#checkpointer = startCheckpointer(this.#checkpointFile);
    }
    let last: number | undefined;
    for (const outcome of outcomes) if (outcome.ok) last = outcome.position;
    if (foreign || this.#heads.size > MAX_KNOWN_HEADS) this.#heads.clear();
    if (last !== undefined) this.#tip = last;
    group.forEach((append, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) {
        this.#heads.set(append.request.stream, outcome.nextRevision);
        append.resolve({ nextRevision: BigInt(outcome.nextRevision), position: formatPosition(outcome.position) });
      } else {
        this.#heads.delete(append.request.stream);
        append.reject(appendError(outcome.failure));
      }
    });
    if (last !== undefined) this.#notify();
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.#assertOpen();
    let from = options.fromRevision ?? 0n;
    if (typeof from !== 'bigint' || from < 0n) throw new RangeError(`Invalid fromRevision: ${String(from)}`);
    const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (!(maxCount > 0) || (Number.isFinite(maxCount) && !Number.isSafeInteger(maxCount))) throw new RangeError(`Invalid maxCount: ${String(options.maxCount)}`);
    const head = from > 0n ? this.#knownHead(stream) : undefined;
    if (head !== undefined && from > BigInt(head)) return [];
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

  /** The stream's last revision as this store appended it, if no one else has appended since. */
  #knownHead(stream: string): number | undefined {
    const head = this.#heads.get(stream);
    if (head === undefined) return undefined;
    if (this.#headsTrusted === undefined) {
      setImmediate(this.#endTurn);
      const [tip] = this.#statements.tip.get() as unknown as [number | null];
      // Past this store's last event while a group of its own is being committed: those may be its events
      // (its answer tells whether anyone else appended before them).
      this.#headsTrusted = tip === this.#tip || this.#inFlight.size > 0 || this.#scheduled !== undefined;
      if (!this.#headsTrusted) this.#heads.clear();
    }
    return this.#headsTrusted ? head : undefined;
  }

  readonly #endTurn = (): void => {
    this.#headsTrusted = undefined;
  };

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
      // Appends already accepted are committed, not dropped.
      await this.#scheduled;
      await Promise.all(this.#inFlight);
      await Promise.all([...this.#subscriptions].map((s) => s.close()));
      this.#closed = true;
      await this.#checkpointer?.close();
      if (this.#committer instanceof ThreadCommitter) await this.#committer.close();
      this.#db.close();
    })();
    return this.#closing;
  }

  /**
   * Another connection of this process has committed appends (a thread reading the log beside the one that
   * writes it): live subscriptions read now rather than at their next poll.
   */
  notifyAppended(): void {
    if (!this.#closed) this.#notify();
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
