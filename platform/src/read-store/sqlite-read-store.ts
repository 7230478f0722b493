/**
 * Embedded ReadStore (DESIGN §3): one SQLite file of its own (node:sqlite, WAL), one table per collection
 * holding `_id` and the document as JSON, indexes over `json_extract` from each IndexSpec, and mingo
 * evaluating the same filter, update and pipeline documents as MongoDB.
 *
 * This class composes the parts, each in a file of its own under `sqlite/`: the connection and its
 * statements (connection.ts), the collections and their indexes (catalog.ts), write transactions and the
 * write-back map (unit-of-work.ts) with the write operations (writes.ts), reads (planner.ts), and start-up
 * and corruption (recovery.ts). Here: the port's handles, read snapshots, corruption found on use (the file
 * is replaced and listeners registered with `onReset` are told, so the runner rebuilds every read model),
 * the background WAL checkpointer, and closing. Its caches, and the benchmark target each holds:
 * docs/performance.md, "Read-store caches".
 */
import type { Checkpointer } from '../sqlite/wal-checkpointer.ts';
import { startCheckpointer } from '../sqlite/wal-checkpointer.ts';
import type { KeptQuery } from './sqlite/kept-answers.ts';
import type { Collection, Doc, Filter, FindOptions, IndexSpec, Pipeline, ReadStore, ReadStoreReset, WriteOp } from './read-store.port.ts';
import { ReadStoreResetError } from './read-store.port.ts';
import { Catalog } from './sqlite/catalog.ts';
import type { CollectionVersions } from './sqlite/collection-versions.ts';
import { Connection, isCorruptError } from './sqlite/connection.ts';
import { Planner } from './sqlite/planner.ts';
import { connect, openFile, recordCleanShutdown, replaceFile, type RecoveryOptions, type StoreLogger } from './sqlite/recovery.ts';
import { UnitOfWork } from './sqlite/unit-of-work.ts';
import { applyOp, insert, remove, update, upsert } from './sqlite/writes.ts';

export { isCorruptError } from './sqlite/connection.ts';
export type { StoreLogger } from './sqlite/recovery.ts';

export interface SqliteReadStoreOptions {
  /** Path of the database file (created when missing), or ':memory:' (tests). */
  file: string;
  logger?: StoreLogger;
  /** How long a writer waits for another connection's write lock before failing (default 5000 ms). */
  busyTimeoutMs?: number;
  /**
   * Another process owns the file (the `projections` service of a split deployment; docs/operations.md,
   * "Several processes on one machine"): this connection reads and writes like any other, but leaves the file's
   * upkeep to its owner. It neither records nor checks a clean shutdown (its own opens and closes say
   * nothing about the owner's, and an integrity check of a large file at every API start would be slow),
   * and it never moves a corrupt file aside (that would swap the file under the owner): the error is thrown.
   */
  guest?: boolean;
  /**
   * A guest that only reads (the reading connection of ThreadedSqliteReadStore): the reads of one turn of
   * the event loop share one read transaction, so one snapshot, one WAL read lock (each lock and unlock is
   * a system call) and one check of the collections' metadata, made inside that snapshot. The owner of
   * the connection ends the snapshot (`endSnapshot`) whenever reads must see a commit made since, such as
   * one a command waits for; it ends by itself at the end of the turn.
   */
  snapshotPerTurn?: boolean;
  /**
   * The owner bumps them after each commit for the collections it wrote (all of them after one that changed
   * collections or indexes), before the commit is answered; a reader in snapshots takes them as they are
   * when each snapshot begins (`snapshotVersion`). ThreadedSqliteReadStore keeps documents by them.
   */
  versions?: CollectionVersions;
}

/**
 * The background checkpointer starts once the store has written this many bytes of rows, or committed this
 * many transactions (each writes whole pages to the WAL): a store that writes little never needs it.
 */
const CHECKPOINTER_AFTER_BYTES = 16 << 20;
const CHECKPOINTER_AFTER_COMMITS = 64;

export async function createSqliteReadStore(options: SqliteReadStoreOptions): Promise<SqliteReadStore> {
  return new SqliteReadStore(options);
}

export class SqliteReadStore implements ReadStore {
  readonly #conn: Connection;
  readonly #recovery: RecoveryOptions;
  readonly #catalog: Catalog;
  readonly #uow: UnitOfWork;
  readonly #planner: Planner;
  readonly #guest: boolean;
  readonly #handles = new Map<string, Collection>();
  readonly #listeners = new Set<(reset: ReadStoreReset) => void>();
  readonly #snapshots: boolean;
  readonly #versions: CollectionVersions | undefined;
  /** A read transaction is open (see `snapshotPerTurn`). */
  #inSnapshot = false;
  /** The collection versions as the current snapshot began (a reader with `versions`). */
  #snapshotVersions: Int32Array | undefined;
  #closed = false;
  #checkpointer: Checkpointer | undefined;
  /** Row bytes written and transactions committed since the store opened, until the checkpointer starts. */
  #written = 0;
  #commits = 0;
  /** Why the file was created or recreated when the store opened; undefined when it opened as it was. */
  readonly openedFresh: string | undefined;

  constructor(options: SqliteReadStoreOptions) {
    this.#guest = options.guest === true;
    this.#snapshots = options.snapshotPerTurn === true;
    this.#versions = options.versions;
    if (this.#snapshots && !this.#guest) throw new Error('Only a guest reads in snapshots: the owner writes');
    this.#conn = new Connection(options.file, options.busyTimeoutMs ?? 5000);
    this.#recovery = { conn: this.#conn, memory: options.file === ':memory:', guest: this.#guest, logger: options.logger };
    this.#catalog = new Catalog(this.#conn, (coll) => this.#uow.forget(coll));
    this.#uow = new UnitOfWork(this.#conn, this.#catalog);
    this.#planner = new Planner(this.#conn, this.#catalog);
    this.openedFresh = openFile(this.#recovery);
    this.#catalog.load();
  }

  // ---------------------------------------------------------------------------------------------------
  // Corruption, the checkpointer, closing

  /** Starts background checkpoints once the store has written enough for them to matter. */
  #maybeStartCheckpointer(): void {
    this.#written += this.#uow.takeWritten();
    if (this.#checkpointer || this.#recovery.memory) return;
    if (++this.#commits < CHECKPOINTER_AFTER_COMMITS && this.#written < CHECKPOINTER_AFTER_BYTES) return;
    this.#checkpointer = startCheckpointer(this.#conn.file);
  }

  #stopCheckpointer(): Promise<void> {
    const checkpointer = this.#checkpointer;
    this.#checkpointer = undefined;
    this.#written = 0;
    this.#commits = 0;
    return checkpointer ? checkpointer.close() : Promise.resolve();
  }

  /** Runs a store operation; corruption found on the way replaces the file and tells the listeners. */
  #guard<T>(work: () => T): T {
    if (this.#closed) throw new Error('ReadStore is closed');
    try {
      return work();
    } catch (error) {
      if (!isCorruptError(error) || this.#guest) throw error;
      const reason = `SQLite reports it corrupt on use: ${(error as Error).message}`;
      this.#lostContents(reason);
      throw new ReadStoreResetError(`The read-model file was corrupt and has been recreated empty: ${reason}`, { cause: error });
    }
  }

  /** Replaces the corrupt file with an empty one and tells the listeners that every read model is gone. */
  #lostContents(reason: string): void {
    void this.#stopCheckpointer();
    replaceFile(this.#recovery, reason);
    this.#uow.reset();
    this.#catalog.load();
    this.#versions?.bumpAll();
    for (const listener of this.#listeners) {
      try {
        listener({ reason });
      } catch (listenerError) {
        this.#recovery.logger?.error({ err: listenerError }, 'read-store reset listener failed');
      }
    }
  }

  /**
   * Another connection to this file (a reader beside this owner) found it corrupt: the owner replaces it and
   * tells its listeners, as if it had found the corruption itself.
   */
  reportCorruption(reason: string): void {
    if (this.#closed) throw new Error('ReadStore is closed');
    if (this.#guest) throw new Error('Only the owner of a read-model file replaces it');
    this.#lostContents(`SQLite reports it corrupt on use: ${reason}`);
  }

  /** A guest's fresh connection to the file, after its owner replaced it (a reader must not keep the old one). */
  reconnect(): void {
    if (this.#closed) throw new Error('ReadStore is closed');
    if (!this.#guest) throw new Error('Only a guest reconnects: the owner replaces the file itself');
    void this.#stopCheckpointer();
    this.#conn.closeQuietly();
    this.#uow.reset();
    this.#inSnapshot = false;
    connect(this.#recovery, true);
    this.#catalog.load();
  }

  onReset(listener: (reset: ReadStoreReset) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async flush(): Promise<void> {
    if (this.#closed) throw new Error('ReadStore is closed');
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.endSnapshot();
    this.#closed = true;
    await this.#stopCheckpointer();
    try {
      if (!this.#guest) recordCleanShutdown(this.#conn);
    } finally {
      this.#conn.db.close();
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // Reads in snapshots, writes in transactions

  #read<T>(work: () => T): T {
    return this.#guard(() => {
      if (this.#snapshots) this.#beginSnapshot();
      else this.#catalog.sync();
      return work();
    });
  }

  /** Opens the turn's read transaction, and brings the metadata to what its snapshot holds. */
  #beginSnapshot(): void {
    if (this.#inSnapshot) return;
    this.#conn.stmt('BEGIN').run();
    this.#inSnapshot = true;
    setImmediate(this.#endTurn);
    // Taken before the snapshot's first statement: what it reads is at least as recent as these versions
    // (the owner bumps them after committing), so a copy tagged with them is never newer than its tag says.
    if (this.#versions) this.#snapshotVersions = this.#versions.copy(this.#snapshotVersions);
    // The first read fixes the snapshot: the metadata read here belongs to it, whatever commits meanwhile.
    this.#catalog.loadIfChanged();
  }

  readonly #endTurn = (): void => {
    if (!this.#closed) this.endSnapshot();
  };

  /** Ends the current snapshot: the next read sees every commit made until then (see `snapshotPerTurn`). */
  endSnapshot(): void {
    if (!this.#inSnapshot) return;
    this.#inSnapshot = false;
    try {
      this.#conn.stmt('COMMIT').run();
    } catch {
      // a read transaction has nothing to lose; SQLite may have ended it already (an error on the way)
    }
  }

  /** One write transaction (see sqlite/unit-of-work.ts); once committed, the versions move. */
  #write<T>(work: () => T): T {
    return this.#guard(() =>
      this.#uow.run(work, (collections, catalogChanged) => {
        if (this.#versions) {
          if (catalogChanged) this.#versions.bumpAll();
          else this.#versions.bump(collections);
        }
        this.#maybeStartCheckpointer();
      }),
    );
  }

  // ---------------------------------------------------------------------------------------------------
  // For a reader that keeps documents and answers (ThreadedSqliteReadStore), and diagnostics

  /**
   * How the store would run `find(filter, options)` (or `count(filter)` when `count`): whether SQL answers
   * it exactly, the SQL, and SQLite's query plan. For tests and diagnostics.
   */
  explain(collection: string, filter: Filter, options: FindOptions & { count?: boolean } = {}): { mode: string; sql: string; plan: string[] } {
    return this.#read(() => this.#planner.explain(collection, filter, options));
  }

  /** The version of a collection as this reader's current snapshot began (see `versions`). */
  snapshotVersion(collection: string): number {
    if (!this.#versions || !this.#snapshotVersions || !this.#inSnapshot) throw new Error('No snapshot with versions is open');
    return this.#versions.of(collection, this.#snapshotVersions);
  }

  /** A document's stored JSON text by `_id` (null when absent), for a reader that keeps documents. */
  docTextById(collection: string, id: string): string | null {
    return this.#read(() => this.#planner.docText(collection, id));
  }

  /**
   * `find`, `findOne` or `count` as the port runs them, with the collection's version as the snapshot
   * that answered began (see `snapshotVersion`), for a reader that keeps answers.
   */
  answerWithVersion(collection: string, query: KeptQuery): { value: unknown; version: number } {
    return this.#read(() => {
      const value =
        query.method === 'count'
          ? this.#planner.count(collection, query.filter)
          : query.method === 'findOne'
            ? this.#planner.findOne(collection, query.filter, query.options)
            : this.#planner.find(collection, query.filter, query.options);
      return { value, version: this.snapshotVersion(collection) };
    });
  }

  // ---------------------------------------------------------------------------------------------------
  // The port

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    let handle = this.#handles.get(name);
    if (!handle) {
      handle = this.#makeHandle(name);
      this.#handles.set(name, handle);
    }
    return handle as unknown as Collection<T>;
  }

  #makeHandle(name: string): Collection {
    const planner = this.#planner;
    const uow = this.#uow;
    return {
      name,
      find: async (filter = {}, options = {}) => this.#read(() => planner.find(name, filter, options)),
      findOne: async (filter, options = {}) => this.#read(() => planner.findOne(name, filter, options)),
      count: async (filter = {}) => this.#read(() => planner.count(name, filter)),
      insertOne: async (doc) => this.#write(() => insert(uow, name, doc)),
      upsert: async (filter, change) => this.#write(() => upsert(uow, name, filter, change, false)),
      updateOne: async (filter, change) => this.#write(() => update(uow, name, filter, change, false)),
      updateMany: async (filter, change) => this.#write(() => update(uow, name, filter, change, true)),
      deleteOne: async (filter) => this.#write(() => remove(uow, name, filter, false)),
      deleteMany: async (filter) => this.#write(() => remove(uow, name, filter, true)),
      aggregate: async <R>(pipeline: Pipeline) => this.#read(() => planner.aggregate<R>(name, pipeline)),
    };
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    this.#write(() => this.#catalog.ensureIndexes(collection, indexes));
  }

  async applyBatch(ops: readonly WriteOp[]): Promise<void> {
    if (ops.length === 0) {
      if (this.#closed) throw new Error('ReadStore is closed');
      return;
    }
    this.#write(() => {
      this.#uow.prefetch(ops);
      for (const op of ops) applyOp(this.#uow, op);
    });
  }

  async listCollections(): Promise<string[]> {
    return this.#read(() => this.#catalog.names());
  }

  async dropCollection(name: string): Promise<void> {
    this.#write(() => {
      const coll = this.#catalog.get(name);
      if (coll) this.#catalog.drop(coll);
    });
  }

  async renameCollection(from: string, to: string): Promise<void> {
    this.#write(() => this.#catalog.rename(from, to));
  }
}
