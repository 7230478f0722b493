/**
 * Embedded ReadStore (DESIGN §3): one SQLite file of its own (node:sqlite, WAL), one table per collection
 * holding `_id` and the document as JSON, indexes over `json_extract` from each IndexSpec, and mingo
 * evaluating the same filter, update and pipeline documents as MongoDB.
 *
 * - Indexes: each indexed path has a column of the table holding `json_extract(doc, '$.path')` (and, for a
 *   path a unique index names, one holding `ifnull(doc -> '$.path', 'null')`), which the store writes with
 *   the row from the document it has parsed anyway; the SQLite indexes are over those columns. Expression
 *   indexes would give the same values, but SQLite would parse the document's JSON again for each index at
 *   every write: the columns made a million-document load 1.6x faster (docs/performance.md).
 * - Reads: the filter is narrowed in SQL by `_id` or an indexed path (`sqlite/filter-sql.ts`), always to a
 *   superset that mingo then filters; when SQL answers the filter exactly, counts, sorts, skips and limits
 *   run in SQL as well.
 * - Writes: every write runs in one `BEGIN IMMEDIATE` transaction (`applyBatch` is one, all or nothing, with
 *   the projection checkpoint the runner puts in it). Documents touched by a transaction are kept parsed in
 *   a write-back map and serialised once when it commits (or before an operation that needs SQL to see
 *   them), so several writes to one document in a batch cost one row write.
 * - Multikey: the store keeps, per indexed path, the kinds of value the collection has held there. A path
 *   that has held an array anywhere along it gets a side table of its keys (each element), since a scalar
 *   index cannot answer MongoDB's equality on arrays.
 * - Loss and corruption: a missing file is created empty (the runner then catches up from position 0). A
 *   file SQLite reports corrupt (at open, on use, or in `PRAGMA quick_check` after an unclean shutdown) is
 *   moved aside (`<file>.corrupt-<time>`, with its -wal and -shm) and recreated empty; on use, listeners
 *   registered with `onReset` are told, so the runner rebuilds every read model.
 */
import { newId } from '../ids.ts';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import { Aggregator, Query } from 'mingo';
import type { Logger } from '../logger.ts';
import type { KeptQuery } from './sqlite/kept-answers.ts';
import type {
  Collection,
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  Pipeline,
  ReadStore,
  ReadStoreReset,
  Sort,
  Update,
  WriteOp,
  WriteResult,
} from './read-store.port.ts';
import { DuplicateKeyError, ReadStoreResetError } from './read-store.port.ts';
import { ARR, BOOL, NUM, OBJ, STR, isPlainObject, jsonPathLiteral, multikeyKeys, own, pathSegments, typesAt, type AnyObject } from './sqlite/doc-paths.ts';
import { applyUpdate, compileRest, equalityFields, insertedDoc, isOperatorObject, jsonClone, setOwn, validateUpdate, type InsertLayout } from './sqlite/doc-update.ts';
import { startCheckpointer, type Checkpointer } from '../sqlite/wal-checkpointer.ts';
import { filterToSql, sortToSql, type TrackedPath } from './sqlite/filter-sql.ts';
import { IdFilter } from './sqlite/id-filter.ts';
import type { CollectionVersions } from './sqlite/collection-versions.ts';

/** The log lines the store writes (a writer thread forwards them to its parent's logger). */
export type StoreLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

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

type Id = string | number;

/** A document touched by the open transaction. */
interface Entry {
  id: Id;
  /** The row holding it, when it is stored. */
  rid: number | undefined;
  /** Its current state; undefined when absent (or deleted by this transaction). */
  doc: AnyObject | undefined;
  /** Changed since it was read or last written. */
  dirty: boolean;
  /** Its keys in the side table as stored, per multikey path. */
  keys: Map<number, Set<string>> | undefined;
  /**
   * Its index columns' values as stored, in the order of `cols.of.columns`: an update writes only those that
   * changed, so SQLite leaves the indexes over the others alone (no page of theirs is written).
   */
  cols: { of: CollStatements; values: SQLInputValue[] } | undefined;
}

const absentEntry = (id: Id): Entry => ({ id, rid: undefined, doc: undefined, dirty: false, keys: undefined, cols: undefined });

interface StoredIndex {
  name: string;
  key: Record<string, 1 | -1>;
  unique?: true;
  /** The SQLite index's name. */
  sql: string;
}

interface CollStatements {
  byId: StatementSync;
  insert: StatementSync;
  /** `UPDATE … SET doc = ?, <changed columns> WHERE rid = ?`, by the changed columns' positions ("0,3"). */
  updates: Map<string, StatementSync>;
  delete: StatementSync;
  /** The index columns the row writes carry, in statement order: [path, unique column]. */
  columns: [TrackedPath, boolean][];
}

interface Coll {
  name: string;
  tid: number;
  table: string;
  keysTable: string;
  indexes: StoredIndex[];
  /** Indexed paths in path-number order. */
  list: TrackedPath[];
  paths: Map<string, TrackedPath>;
  st: CollStatements | undefined;
  /** Compiled layouts of the documents upserts insert (see insertedDoc). */
  layouts: InsertLayout[];
  /** The ids it holds, while every row is known to have been written by this connection (see IdFilter). */
  ids: IdFilter | undefined;
}

const FORMAT = 'crossfeed-read-store/1';
/**
 * WAL pages (16 KB) after which the writer checkpoints by itself: 64 MB. The background checkpointer copies
 * most of the WAL back beside the writer, but under a steady stream of batches its PASSIVE checkpoint never
 * reaches the last frame, so only the writer's own checkpoint lets the WAL start over; it then finds nearly
 * every frame copied already. (At 32,768 pages the WAL of a ten-second share load reached 410 MB, and the
 * checkpoint that finally came had hundreds of MB to copy in one go.)
 */
const AUTO_CHECKPOINT_PAGES = 4096;
/**
 * The background checkpointer starts once the store has written this many bytes of rows, or committed this
 * many transactions (each writes whole pages to the WAL): a store that writes little never needs it.
 */
const CHECKPOINTER_AFTER_BYTES = 16 << 20;
const CHECKPOINTER_AFTER_COMMITS = 64;
const STATEMENT_CACHE = 256;
/** SQLITE_CONSTRAINT_UNIQUE, SQLITE_CONSTRAINT_PRIMARYKEY. */
const UNIQUE_CODES = new Set([2067, 1555]);
/** SQLITE_CORRUPT, SQLITE_NOTADB (primary codes). */
const CORRUPT_CODES = new Set([11, 26]);

const SCHEMA = `
CREATE TABLE IF NOT EXISTS _rs_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS _rs_collections (
  name TEXT PRIMARY KEY,
  tid INTEGER NOT NULL UNIQUE,
  indexes TEXT NOT NULL,
  paths TEXT NOT NULL
);
INSERT OR IGNORE INTO _rs_meta (key, value) VALUES ('format', '${FORMAT}'), ('meta_version', '0'), ('next_tid', '1');
`;

class QuickCheckFailed extends Error {}

function errcode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' ? code : undefined;
}

export function isCorruptError(error: unknown): boolean {
  const code = errcode(error);
  return code !== undefined && CORRUPT_CODES.has(code & 0xff);
}

function isUniqueViolation(error: unknown): boolean {
  const code = errcode(error);
  return code !== undefined && UNIQUE_CODES.has(code);
}

function checkId(id: unknown): Id {
  if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return id;
  throw new TypeError(`Unsupported _id ${JSON.stringify(id)}: use a string`);
}

/** The `_id` a filter names by equality, if it does. */
function idOf(filter: Filter): Id | undefined {
  const id = filter._id;
  if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return id;
  if (isPlainObject(id)) {
    const keys = Object.keys(id);
    const eq = id.$eq;
    if (keys.length === 1 && (typeof eq === 'string' || (typeof eq === 'number' && Number.isFinite(eq)))) return eq;
  }
  return undefined;
}

function defaultIndexName(key: Record<string, 1 | -1>): string {
  return Object.entries(key)
    .map(([field, dir]) => `${field}_${dir}`)
    .join('_');
}

function sameKey(a: Record<string, 1 | -1>, b: Record<string, 1 | -1>): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => kb[i] === k && a[k] === b[k]);
}

function trackedPath(pid: number, path: string, mask: number, stored: boolean, unique: boolean): TrackedPath {
  const segments = pathSegments(path);
  const literal = jsonPathLiteral(segments);
  const column = stored ? `x${pid}` : `json_extract(doc, ${literal})`;
  return { pid, path, segments, mask, literal, column, stored, uniqueColumn: unique ? `u${pid}` : undefined };
}

/** What `json_extract(doc, '$.path')` gives for the document: its index column's value. */
function extractValue(doc: AnyObject, segments: readonly string[]): SQLInputValue {
  let value: unknown = doc;
  for (const segment of segments) {
    if (!isPlainObject(value)) return null;
    value = own(value, segment);
  }
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value ? 1 : 0;
    case 'object':
      return value === null ? null : JSON.stringify(value);
    default:
      return null;
  }
}

/** What `ifnull(doc -> '$.path', 'null')` gives for the document: its unique column's value. */
function uniqueValue(doc: AnyObject, segments: readonly string[]): string {
  let value: unknown = doc;
  for (const segment of segments) {
    if (!isPlainObject(value)) return 'null';
    value = own(value, segment);
  }
  return value === undefined ? 'null' : (JSON.stringify(value) ?? 'null');
}

/** Keys per multikey path of a document (see multikeyKeys). */
function keysOf(doc: AnyObject, paths: readonly TrackedPath[]): Map<number, Set<string>> {
  const keys = new Map<number, Set<string>>();
  for (const path of paths) keys.set(path.pid, multikeyKeys(doc, path.segments, new Set()));
  return keys;
}

const multikeyPaths = (coll: Coll): TrackedPath[] => coll.list.filter((path) => (path.mask & ARR) !== 0);

function jsonTypeBits(type: string | null): number {
  switch (type) {
    case 'integer':
    case 'real':
      return NUM;
    case 'text':
      return STR;
    case 'true':
    case 'false':
      return BOOL;
    case 'object':
      return OBJ;
    case 'array':
      return ARR;
    default:
      return 0;
  }
}

function parse(text: string): Doc {
  return JSON.parse(text) as Doc;
}

export async function createSqliteReadStore(options: SqliteReadStoreOptions): Promise<SqliteReadStore> {
  return new SqliteReadStore(options);
}

export class SqliteReadStore implements ReadStore {
  readonly #file: string;
  readonly #memory: boolean;
  readonly #logger: StoreLogger | undefined;
  readonly #busyTimeoutMs: number;
  readonly #guest: boolean;
  #db!: DatabaseSync;
  readonly #colls = new Map<string, Coll>();
  readonly #handles = new Map<string, Collection>();
  readonly #listeners = new Set<(reset: ReadStoreReset) => void>();
  readonly #statements = new Map<string, StatementSync>();
  #metaVersion = '';
  #dataVersion: unknown;
  readonly #snapshots: boolean;
  readonly #versions: CollectionVersions | undefined;
  /** A read transaction is open (see `snapshotPerTurn`). */
  #inSnapshot = false;
  /** The collection versions as the current snapshot began (a reader with `versions`). */
  #snapshotVersions: Int32Array | undefined;
  /** Documents touched by the open write transaction, per collection. */
  #pending = new Map<Coll, Map<Id, Entry>>();
  #closed = false;
  #checkpointer: Checkpointer | undefined;
  /** Row bytes written and transactions committed since the store opened, until the checkpointer starts. */
  #written = 0;
  #commits = 0;
  /** Why the file was created or recreated when the store opened; undefined when it opened as it was. */
  readonly openedFresh: string | undefined;

  constructor(options: SqliteReadStoreOptions) {
    this.#file = options.file;
    this.#memory = options.file === ':memory:';
    this.#logger = options.logger;
    this.#busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    this.#guest = options.guest === true;
    this.#snapshots = options.snapshotPerTurn === true;
    this.#versions = options.versions;
    if (this.#snapshots && !this.#guest) throw new Error('Only a guest reads in snapshots: the owner writes');
    this.openedFresh = this.#open();
  }

  // ---------------------------------------------------------------------------------------------------
  // Opening, corruption, closing

  #open(): string | undefined {
    if (this.#memory) {
      this.#connect(false);
      return undefined;
    }
    mkdirSync(dirname(this.#file), { recursive: true });
    const existed = existsSync(this.#file);
    if (!existed) {
      this.#logger?.info({ file: this.#file }, 'read-model file missing: created empty; read models are rebuilt from the event log');
    }
    try {
      this.#connect(existed);
      return existed ? undefined : 'missing';
    } catch (error) {
      let reason: string;
      if (error instanceof QuickCheckFailed) reason = `integrity check after an unclean shutdown failed: ${error.message}`;
      else if (isCorruptError(error) && !this.#guest) reason = `SQLite reports it corrupt: ${(error as Error).message}`;
      else {
        this.#closeQuietly();
        throw error;
      }
      this.#replace(reason);
      return reason;
    }
  }

  /** Opens the file, checks it after an unclean shutdown, and loads the collections' metadata. */
  #connect(existed: boolean): void {
    const db = new DatabaseSync(this.#file, { timeout: this.#busyTimeoutMs });
    this.#db = db;
    this.#statements.clear();
    // 16 KB pages (a new file only): a rebuild loading millions of documents wants large pages (4 KB ones
    // made it 25 % slower), a live batch small ones, since each page it touches is written whole to the WAL
    // (32 KB ones made it 35 % dearer than 4 KB); 16 KB costs the rebuild ~2 % and live batches ~18 %.
    db.exec('PRAGMA page_size = 16384');
    db.exec('PRAGMA journal_mode = WAL');
    // Read models are derivable and each batch commits with its checkpoint: a tail lost to a power cut is
    // simply applied again, so the WAL is not synced at every commit.
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec(`PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
    db.exec('PRAGMA journal_size_limit = 67108864');
    db.exec('PRAGMA cache_size = -65536');
    db.exec('PRAGMA temp_store = MEMORY');
    db.exec(SCHEMA);
    const clean = this.#guest ? undefined : this.#metaValue('clean_shutdown');
    if (existed && clean === '0') {
      let result: string[];
      try {
        const rows = db.prepare('PRAGMA quick_check').all() as Record<string, unknown>[];
        result = rows.map((row) => String(Object.values(row)[0]));
      } catch (error) {
        if (!isCorruptError(error)) throw error;
        result = [(error as Error).message];
      }
      if (result.length !== 1 || result[0] !== 'ok') throw new QuickCheckFailed(result.slice(0, 5).join('; '));
    }
    if (!this.#guest) db.exec("INSERT INTO _rs_meta (key, value) VALUES ('clean_shutdown', '0') ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    this.#loadMeta();
  }

  /** Moves the file aside, and opens a new empty one in its place. */
  #replace(reason: string): void {
    this.#closeQuietly();
    let movedTo: string | undefined;
    if (!this.#memory) {
      movedTo = `${this.#file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      for (const suffix of ['', '-wal', '-shm']) {
        if (existsSync(this.#file + suffix)) renameSync(this.#file + suffix, movedTo + suffix);
      }
    }
    this.#logger?.warn({ file: this.#file, movedTo, reason }, 'read-model file is corrupt: moved aside and recreated empty; read models are rebuilt from the event log');
    this.#pending = new Map();
    this.#connect(false);
  }

  /** Starts background checkpoints once the store has written enough for them to matter. */
  #maybeStartCheckpointer(): void {
    if (this.#checkpointer || this.#memory) return;
    if (++this.#commits < CHECKPOINTER_AFTER_COMMITS && this.#written < CHECKPOINTER_AFTER_BYTES) return;
    this.#checkpointer = startCheckpointer(this.#file);
  }

  #stopCheckpointer(): Promise<void> {
    const checkpointer = this.#checkpointer;
    this.#checkpointer = undefined;
    this.#written = 0;
    this.#commits = 0;
    return checkpointer ? checkpointer.close() : Promise.resolve();
  }

  #closeQuietly(): void {
    void this.#stopCheckpointer();
    try {
      if (this.#db?.isOpen) this.#db.close();
    } catch {
      // closing a broken file may fail; it is being replaced
    }
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
    this.#replace(reason);
    this.#versions?.bumpAll();
    for (const listener of this.#listeners) {
      try {
        listener({ reason });
      } catch (listenerError) {
        this.#logger?.error({ err: listenerError }, 'read-store reset listener failed');
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
    this.#closeQuietly();
    this.#pending = new Map();
    this.#inSnapshot = false;
    this.#connect(true);
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
      if (!this.#guest) this.#db.exec("UPDATE _rs_meta SET value = '1' WHERE key = 'clean_shutdown'");
    } finally {
      this.#db.close();
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // Metadata: collections, their indexes and the type masks of their indexed paths

  #metaValue(key: string): string | undefined {
    const row = this.#stmt('SELECT value FROM _rs_meta WHERE key = ?').get(key) as unknown as [string] | undefined;
    return row?.[0];
  }

  #loadMeta(): void {
    this.#colls.clear();
    this.#metaVersion = this.#metaValue('meta_version') ?? '0';
    this.#dataVersion = this.#dataVersionNow();
    const rows = this.#stmt('SELECT name, tid, indexes, paths FROM _rs_collections').all() as unknown as [string, number, string, string][];
    for (const [name, tid, indexes, paths] of rows) {
      const coll = this.#makeColl(name, tid);
      coll.indexes = JSON.parse(indexes) as StoredIndex[];
      for (const { path, mask, stored, unique } of JSON.parse(paths) as { path: string; mask: number; stored?: boolean; unique?: boolean }[]) {
        const tracked = trackedPath(coll.list.length, path, mask, stored === true, unique === true);
        coll.list.push(tracked);
        coll.paths.set(path, tracked);
      }
      this.#colls.set(name, coll);
    }
  }

  #dataVersionNow(): unknown {
    return (this.#stmt('PRAGMA data_version').get() as unknown as [unknown])[0];
  }

  /** Picks up metadata another connection changed (another process sharing the file). */
  #syncMeta(): void {
    const dataVersion = this.#dataVersionNow();
    if (dataVersion === this.#dataVersion) return;
    this.#dataVersion = dataVersion;
    // Another connection wrote: the id filters no longer know every row.
    for (const coll of this.#colls.values()) coll.ids = undefined;
    if (this.#metaValue('meta_version') !== this.#metaVersion) this.#loadMeta();
  }

  #makeColl(name: string, tid: number): Coll {
    return { name, tid, table: `c${tid}`, keysTable: `k${tid}`, indexes: [], list: [], paths: new Map(), st: undefined, layouts: [], ids: undefined };
  }

  /** Starts tracking a path an index names (its columns come with the indexes that need them). */
  #track(coll: Coll, path: string): TrackedPath {
    const tracked = trackedPath(coll.list.length, path, 0, false, false);
    coll.list.push(tracked);
    coll.paths.set(path, tracked);
    return tracked;
  }

  /** Adds a path's column (its json_extract value), filled in for the stored documents (inside a transaction). */
  #trackStored(coll: Coll, tracked: TrackedPath): void {
    if (tracked.stored) return;
    const column = `x${tracked.pid}`;
    this.#db.exec(`ALTER TABLE ${coll.table} ADD COLUMN ${column}`);
    this.#db.exec(`UPDATE ${coll.table} SET ${column} = json_extract(doc, ${tracked.literal})`);
    tracked.column = column;
    tracked.stored = true;
    coll.st = undefined;
  }

  /** Adds a path's unique column (the JSON text of its value, 'null' when missing), filled in likewise. */
  #trackUnique(coll: Coll, tracked: TrackedPath): void {
    if (tracked.uniqueColumn !== undefined) return;
    tracked.uniqueColumn = `u${tracked.pid}`;
    this.#db.exec(`ALTER TABLE ${coll.table} ADD COLUMN ${tracked.uniqueColumn}`);
    this.#db.exec(`UPDATE ${coll.table} SET ${tracked.uniqueColumn} = ifnull(doc -> ${tracked.literal}, 'null')`);
    coll.st = undefined;
  }

  /** Persists a collection's metadata (inside the write transaction). */
  #saveMeta(coll: Coll): void {
    this.#stmt('INSERT INTO _rs_collections (name, tid, indexes, paths) VALUES (?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET tid = excluded.tid, indexes = excluded.indexes, paths = excluded.paths').run(
      coll.name,
      coll.tid,
      JSON.stringify(coll.indexes),
      JSON.stringify(coll.list.map(({ path, mask, stored, uniqueColumn }) => ({ path, mask, stored, unique: uniqueColumn !== undefined }))),
    );
    this.#bumpMeta();
  }

  #bumpMeta(): void {
    this.#metaVersion = String(Number(this.#metaVersion) + 1);
    this.#stmt("UPDATE _rs_meta SET value = ? WHERE key = 'meta_version'").run(this.#metaVersion);
  }

  #createColl(name: string): Coll {
    if (!name) throw new Error('Collection name must not be empty');
    const tid = Number(this.#metaValue('next_tid') ?? '1');
    this.#stmt("UPDATE _rs_meta SET value = ? WHERE key = 'next_tid'").run(String(tid + 1));
    const coll = this.#makeColl(name, tid);
    this.#db.exec(`CREATE TABLE ${coll.table} (rid INTEGER PRIMARY KEY, _id NOT NULL UNIQUE, doc TEXT NOT NULL)`);
    coll.ids = new IdFilter();
    this.#colls.set(name, coll);
    this.#saveMeta(coll);
    return coll;
  }

  #dropTables(coll: Coll): void {
    this.#db.exec(`DROP TABLE IF EXISTS ${coll.table}; DROP TABLE IF EXISTS ${coll.keysTable}`);
    this.#stmt('DELETE FROM _rs_collections WHERE name = ?').run(coll.name);
    this.#bumpMeta();
    this.#colls.delete(coll.name);
    this.#pending.delete(coll);
  }

  // ---------------------------------------------------------------------------------------------------
  // Statements and transactions

  #stmt(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      statement.setReturnArrays(true);
      if (this.#statements.size >= STATEMENT_CACHE) this.#statements.delete(this.#statements.keys().next().value!);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #collStatements(coll: Coll): CollStatements {
    if (coll.st) return coll.st;
    const columns: [TrackedPath, boolean][] = [];
    for (const path of coll.list) {
      if (path.stored) columns.push([path, false]);
      if (path.uniqueColumn !== undefined) columns.push([path, true]);
    }
    const names = columns.map(([path, unique]) => (unique ? path.uniqueColumn! : path.column));
    coll.st = {
      byId: this.#stmt(`SELECT rid, doc FROM ${coll.table} WHERE _id = ?`),
      insert: this.#stmt(`INSERT INTO ${coll.table} (_id, doc${names.map((name) => `, ${name}`).join('')}) VALUES (?, ?${', ?'.repeat(names.length)})`),
      updates: new Map(),
      delete: this.#stmt(`DELETE FROM ${coll.table} WHERE rid = ?`),
      columns,
    };
    return coll.st;
  }

  #read<T>(work: () => T): T {
    return this.#guard(() => {
      if (this.#snapshots) this.#beginSnapshot();
      else this.#syncMeta();
      return work();
    });
  }

  /** Opens the turn's read transaction, and brings the metadata to what its snapshot holds. */
  #beginSnapshot(): void {
    if (this.#inSnapshot) return;
    this.#stmt('BEGIN').run();
    this.#inSnapshot = true;
    setImmediate(this.#endTurn);
    // Taken before the snapshot's first statement: what it reads is at least as recent as these versions
    // (the owner bumps them after committing), so a copy tagged with them is never newer than its tag says.
    if (this.#versions) this.#snapshotVersions = this.#versions.copy(this.#snapshotVersions);
    // The first read fixes the snapshot: the metadata read here belongs to it, whatever commits meanwhile.
    if (this.#metaValue('meta_version') !== this.#metaVersion) this.#loadMeta();
  }

  readonly #endTurn = (): void => {
    if (!this.#closed) this.endSnapshot();
  };

  /** Ends the current snapshot: the next read sees every commit made until then (see `snapshotPerTurn`). */
  endSnapshot(): void {
    if (!this.#inSnapshot) return;
    this.#inSnapshot = false;
    try {
      this.#stmt('COMMIT').run();
    } catch {
      // a read transaction has nothing to lose; SQLite may have ended it already (an error on the way)
    }
  }

  /** One write transaction: the work, then the write-back of every touched document; all or nothing. */
  #write<T>(work: () => T): T {
    return this.#guard(() => {
      this.#stmt('BEGIN IMMEDIATE').run();
      try {
        this.#syncMeta();
        const metaBefore = this.#metaVersion;
        const result = work();
        for (const coll of this.#pending.keys()) this.#flush(coll);
        this.#stmt('COMMIT').run();
        if (this.#versions) {
          if (this.#metaVersion !== metaBefore) this.#versions.bumpAll();
          else this.#versions.bump([...this.#pending.keys()].map((coll) => coll.name));
        }
        this.#maybeStartCheckpointer();
        return result;
      } catch (error) {
        this.#rollback();
        throw isUniqueViolation(error) ? new DuplicateKeyError('', `Duplicate key: ${(error as Error).message}`) : error;
      } finally {
        this.#pending = new Map();
      }
    });
  }

  #rollback(): void {
    if (this.#db.isTransaction) {
      try {
        this.#stmt('ROLLBACK').run();
      } catch {
        // SQLite has already rolled back (an I/O error); the original error is the one to report
      }
    }
    // In-memory metadata changed by the transaction (created collections, grown masks) goes back too.
    this.#loadMeta();
  }

  // ---------------------------------------------------------------------------------------------------
  // The write-back map

  #entry(coll: Coll, id: Id): Entry {
    let entries = this.#pending.get(coll);
    if (!entries) this.#pending.set(coll, (entries = new Map()));
    let entry = entries.get(id);
    if (entry) return entry;
    const row = coll.ids && !coll.ids.mayHave(id) ? undefined : (this.#collStatements(coll).byId.get(id) as unknown as [number, string] | undefined);
    entry = absentEntry(id);
    if (row) this.#loaded(coll, entry, row[0], row[1]);
    entries.set(id, entry);
    return entry;
  }

  /**
   * Reads the documents a batch's writes name by `_id` in one statement per collection (rather than one
   * lookup per write), into the write-back map; those absent are noted absent.
   */
  #prefetch(ops: readonly WriteOp[]): void {
    if (ops.length < 16) return;
    const wanted = new Map<Coll, Set<Id>>();
    for (const op of ops) {
      if (op.op !== 'upsert' && op.op !== 'updateOne') continue;
      const id = idOf(op.filter);
      const coll = id === undefined ? undefined : this.#colls.get(op.collection);
      if (!coll) continue;
      let ids = wanted.get(coll);
      if (!ids) wanted.set(coll, (ids = new Set()));
      ids.add(id!);
    }
    for (const [coll, ids] of wanted) {
      if (ids.size < 16) continue;
      let entries = this.#pending.get(coll);
      if (!entries) this.#pending.set(coll, (entries = new Map()));
      const missing: Id[] = [];
      for (const id of ids) {
        if (entries.has(id)) continue;
        if (coll.ids && !coll.ids.mayHave(id)) entries.set(id, absentEntry(id));
        else missing.push(id);
      }
      if (missing.length === 0) continue;
      const rows = this.#stmt(`SELECT rid, _id, doc FROM ${coll.table} WHERE _id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(missing)) as unknown as [number, Id, string][];
      for (const id of missing) entries.set(id, absentEntry(id));
      for (const [rid, id, text] of rows) this.#loaded(coll, entries.get(id)!, rid, text);
    }
  }

  #loaded(coll: Coll, entry: Entry, rid: number, text: string): void {
    entry.rid = rid;
    entry.doc = parse(text);
    const st = this.#collStatements(coll);
    entry.cols = st.columns.length === 0 ? undefined : { of: st, values: st.columns.map((column) => columnValue(entry.doc!, column)) };
    const multikey = multikeyPaths(coll);
    if (multikey.length > 0) entry.keys = keysOf(entry.doc, multikey);
  }

  /**
   * Writes the collection's changed documents: deletions, then updates, then insertions; a write refused
   * by a unique index is tried again after the others (an earlier write of the batch may free its key), and
   * fails the transaction when no write gets through any more.
   */
  #flush(coll: Coll): void {
    const entries = this.#pending.get(coll);
    if (!entries) return;
    const dirty: Entry[] = [];
    for (const entry of entries.values()) if (entry.dirty) dirty.push(entry);
    if (dirty.length === 0) return;

    // What the indexed paths hold now: a path turning multikey gets its side keys once the rows are written.
    let grown = false;
    const turnedMultikey: TrackedPath[] = [];
    for (const path of coll.list) {
      const before = path.mask;
      let mask = before;
      for (const entry of dirty) if (entry.doc) mask |= typesAtPath(entry.doc, path.segments);
      if (mask === before) continue;
      path.mask = mask;
      grown = true;
      if ((mask & ARR) !== 0 && (before & ARR) === 0) turnedMultikey.push(path);
    }
    if (grown) this.#saveMeta(coll);
    const multikey = multikeyPaths(coll).filter((path) => !turnedMultikey.includes(path));

    const st = this.#collStatements(coll);
    const updates: Entry[] = [];
    const inserts: Entry[] = [];
    for (const entry of dirty) {
      if (entry.doc) (entry.rid === undefined ? inserts : updates).push(entry);
      else if (entry.rid !== undefined) {
        st.delete.run(entry.rid);
        if (entry.keys) this.#stmt(`DELETE FROM ${coll.keysTable} WHERE r = ?`).run(entry.rid);
        entry.rid = undefined;
        entry.keys = undefined;
      }
    }
    let todo = updates.length === 0 ? inserts : inserts.length === 0 ? updates : [...updates, ...inserts];
    while (todo.length > 0) {
      const refused: Entry[] = [];
      let refusal: unknown;
      for (const entry of todo) {
        try {
          this.#writeRow(coll, st, entry, multikey);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          refused.push(entry);
          refusal = error;
        }
      }
      if (refused.length === todo.length) throw this.#duplicate(coll, refusal);
      todo = refused;
    }
    if (turnedMultikey.length > 0) {
      this.#buildKeys(coll, turnedMultikey);
      const all = multikeyPaths(coll);
      for (const entry of entries.values()) entry.keys = entry.doc ? keysOf(entry.doc, all) : undefined;
    }
    for (const entry of dirty) entry.dirty = false;
  }

  #writeRow(coll: Coll, st: CollStatements, entry: Entry, multikey: readonly TrackedPath[]): void {
    const doc = entry.doc!;
    const text = JSON.stringify(doc);
    this.#written += text.length;
    const { columns } = st;
    if (entry.rid === undefined) {
      let result;
      switch (columns.length) {
        case 0:
          result = st.insert.run(entry.id, text);
          break;
        case 1:
          result = st.insert.run(entry.id, text, columnValue(doc, columns[0]!));
          break;
        case 2:
          result = st.insert.run(entry.id, text, columnValue(doc, columns[0]!), columnValue(doc, columns[1]!));
          break;
        default:
          result = st.insert.run(entry.id, text, ...columns.map((column) => columnValue(doc, column)));
      }
      entry.rid = Number(result.lastInsertRowid);
      coll.ids?.add(entry.id);
      entry.cols = columns.length === 0 ? undefined : { of: st, values: columns.map((column) => columnValue(doc, column)) };
    } else if (columns.length === 0) {
      this.#updateStatement(coll, st, '').run(text, entry.rid);
    } else {
      const values = columns.map((column) => columnValue(doc, column));
      const stored = entry.cols?.of === st ? entry.cols.values : undefined;
      const changed: number[] = [];
      for (let i = 0; i < values.length; i++) if (stored === undefined || stored[i] !== values[i]) changed.push(i);
      this.#updateStatement(coll, st, changed.join(',')).run(text, ...changed.map((i) => values[i]!), entry.rid);
      entry.cols = { of: st, values };
    }
    if (multikey.length === 0) return;
    const next = keysOf(entry.doc!, multikey);
    const add = this.#stmt(`INSERT OR IGNORE INTO ${coll.keysTable} (p, k, r) VALUES (?, ?, ?)`);
    const remove = this.#stmt(`DELETE FROM ${coll.keysTable} WHERE p = ? AND k = ? AND r = ?`);
    for (const [pid, keys] of next) {
      const old = entry.keys?.get(pid);
      for (const key of keys) if (!old?.has(key)) add.run(pid, key, entry.rid);
      if (old) for (const key of old) if (!keys.has(key)) remove.run(pid, key, entry.rid);
    }
    entry.keys = next;
  }

  /** The row update writing the document and the index columns at `changed` (positions in `st.columns`, "0,3"). */
  #updateStatement(coll: Coll, st: CollStatements, changed: string): StatementSync {
    let statement = st.updates.get(changed);
    if (!statement) {
      const names = changed === '' ? [] : changed.split(',').map((i) => {
        const [path, unique] = st.columns[Number(i)]!;
        return unique ? path.uniqueColumn! : path.column;
      });
      statement = this.#db.prepare(`UPDATE ${coll.table} SET doc = ?${names.map((name) => `, ${name} = ?`).join('')} WHERE rid = ?`);
      st.updates.set(changed, statement);
    }
    return statement;
  }

  /** Fills the side table for paths that just turned multikey, from the table as it stands. */
  #buildKeys(coll: Coll, paths: readonly TrackedPath[]): void {
    this.#db.exec(
      `CREATE TABLE IF NOT EXISTS ${coll.keysTable} (p INTEGER NOT NULL, k TEXT NOT NULL, r INTEGER NOT NULL, PRIMARY KEY (p, k, r)) WITHOUT ROWID;` +
        `CREATE INDEX IF NOT EXISTS ${coll.keysTable}_r ON ${coll.keysTable} (r)`,
    );
    const add = this.#stmt(`INSERT OR IGNORE INTO ${coll.keysTable} (p, k, r) VALUES (?, ?, ?)`);
    for (const path of paths) this.#stmt(`DELETE FROM ${coll.keysTable} WHERE p = ?`).run(path.pid);
    const rows = this.#db.prepare(`SELECT rid, doc FROM ${coll.table}`);
    rows.setReturnArrays(true);
    for (const row of rows.iterate() as Iterable<[number, string]>) {
      const doc = parse(row[1]);
      for (const path of paths) for (const key of multikeyKeys(doc, path.segments, new Set())) add.run(path.pid, key, row[0]);
    }
  }

  #duplicate(coll: Coll, error: unknown): DuplicateKeyError {
    const message = error instanceof Error ? error.message : String(error);
    const sqlName = /index '([^']+)'/.exec(message)?.[1];
    const index = coll.indexes.find((candidate) => candidate.sql === sqlName);
    const what = index ? `index ${index.name}` : message.includes('._id') ? '_id' : 'a unique index';
    return new DuplicateKeyError(coll.name, `Duplicate key in ${coll.name}: ${what}`);
  }

  // ---------------------------------------------------------------------------------------------------
  // Write operations (inside a transaction)

  /** Applies an update to a document of the write-back map; `_id` cannot change. */
  #apply(entry: Entry, update: Update, inserting: boolean, filter: Filter): boolean {
    const doc = entry.doc!;
    const changed = applyUpdate(doc, update, inserting, filter);
    if (doc._id !== entry.id) throw new Error(`Performing an update on the path '_id' would modify the immutable field '_id'`);
    if (changed) entry.dirty = true;
    return changed;
  }

  /** The documents matching `filter` (at most `max`), found through SQL once the collection's pending writes are written. */
  #select(coll: Coll, filter: Filter, max: number): Entry[] {
    this.#flush(coll);
    const plan = filterToSql(filter, coll);
    const limit = plan.exact && Number.isFinite(max) ? ` LIMIT ${max}` : '';
    const sql = `SELECT rid, _id, doc FROM ${coll.table}${plan.where ? ` WHERE ${plan.where}` : ''} ORDER BY rid${limit}`;
    const query = plan.exact ? undefined : new Query(filter);
    let entries = this.#pending.get(coll);
    if (!entries) this.#pending.set(coll, (entries = new Map()));
    const out: Entry[] = [];
    for (const [rid, id, text] of this.#stmt(sql).iterate(...plan.params) as Iterable<[number, Id, string]>) {
      let entry = entries.get(id);
      if (!entry) {
        entry = absentEntry(id);
        this.#loaded(coll, entry, rid, text);
        entries.set(id, entry);
      }
      if (!entry.doc || (query && !query.test(entry.doc))) continue;
      out.push(entry);
      if (out.length >= max) break;
    }
    return out;
  }

  /** The document an upsert inserts: `_id` first, then the filter's equality fields. */
  #newDoc(filter: Filter, id: Id): AnyObject {
    const doc: AnyObject = { _id: id };
    let plain = true;
    for (const key in filter) {
      if (key !== '_id' && (key.startsWith('$') || !isOperatorObject(filter[key]) || '$eq' in (filter[key] as AnyObject))) {
        plain = false;
        break;
      }
    }
    if (plain) return doc;
    const base = equalityFields(filter);
    for (const key of Object.keys(base)) if (key !== '_id') setOwn(doc, key, base[key]);
    return doc;
  }

  #upsert(name: string, filter: Filter, update: Update, inBatch: boolean): WriteResult {
    validateUpdate(update);
    const coll = this.#colls.get(name);
    const id = idOf(filter);
    if (id !== undefined) {
      const existing = coll ? this.#entry(coll, id) : undefined;
      if (existing?.doc) {
        if (!compileRest(filter)(existing.doc)) {
          // The filter missed only because of its other conditions (a position guard): already applied.
          if (inBatch) return { matched: 0, modified: 0 };
          throw new DuplicateKeyError(name, `Duplicate key in ${name}: _id ${JSON.stringify(id)}`);
        }
        return { matched: 1, modified: this.#apply(existing, update, false, filter) ? 1 : 0 };
      }
      const target = coll ?? this.#createColl(name);
      const entry = existing ?? this.#entry(target, id);
      const plain = this.#newDoc(filter, id);
      const built = Object.keys(plain).length === 1 ? insertedDoc(id, update, target.layouts) : undefined;
      if (built) entry.doc = built;
      else {
        entry.doc = plain;
        this.#apply(entry, update, true, filter);
      }
      entry.dirty = true;
      return { matched: 0, modified: 0, upsertedId: String(id) };
    }
    if (coll) {
      const [match] = this.#select(coll, filter, 1);
      if (match) return { matched: 1, modified: this.#apply(match, update, false, filter) ? 1 : 0 };
    }
    const fresh = equalityFields(filter);
    applyUpdate(fresh, update, true, filter);
    const insertedId = checkId(fresh._id ?? newId());
    const doc: AnyObject = { _id: insertedId };
    for (const key of Object.keys(fresh)) if (key !== '_id') setOwn(doc, key, fresh[key]);
    const target = coll ?? this.#createColl(name);
    const entry = this.#entry(target, insertedId);
    if (entry.doc) {
      if (inBatch) return { matched: 0, modified: 0 };
      throw new DuplicateKeyError(name, `Duplicate key in ${name}: _id ${JSON.stringify(insertedId)}`);
    }
    entry.doc = doc;
    entry.dirty = true;
    return { matched: 0, modified: 0, upsertedId: String(insertedId) };
  }

  #matching(coll: Coll, filter: Filter, many: boolean): Entry[] {
    const id = idOf(filter);
    if (id === undefined) return this.#select(coll, filter, many ? Infinity : 1);
    const entry = this.#entry(coll, id);
    return entry.doc && compileRest(filter)(entry.doc) ? [entry] : [];
  }

  #update(name: string, filter: Filter, update: Update, many: boolean): WriteResult {
    validateUpdate(update);
    const coll = this.#colls.get(name);
    if (!coll) return { matched: 0, modified: 0 };
    const matches = this.#matching(coll, filter, many);
    let modified = 0;
    for (const entry of matches) if (this.#apply(entry, update, false, filter)) modified++;
    return { matched: matches.length, modified };
  }

  #delete(name: string, filter: Filter, many: boolean): number {
    const coll = this.#colls.get(name);
    if (!coll) return 0;
    const matches = this.#matching(coll, filter, many);
    for (const entry of matches) {
      entry.doc = undefined;
      entry.dirty = true;
    }
    return matches.length;
  }

  #insert(name: string, input: Doc): void {
    const copy = jsonClone(input) as AnyObject;
    const id = checkId(copy._id ?? newId());
    const coll = this.#colls.get(name) ?? this.#createColl(name);
    const entry = this.#entry(coll, id);
    if (entry.doc) throw new DuplicateKeyError(name, `Duplicate key in ${name}: _id ${JSON.stringify(id)}`);
    const doc: AnyObject = { _id: id };
    for (const key of Object.keys(copy)) if (key !== '_id') setOwn(doc, key, copy[key]);
    entry.doc = doc;
    entry.dirty = true;
  }

  #applyOp(op: WriteOp): void {
    switch (op.op) {
      case 'upsert':
        this.#upsert(op.collection, op.filter, op.update, true);
        return;
      case 'updateOne':
      case 'updateMany':
        this.#update(op.collection, op.filter, op.update, op.op === 'updateMany');
        return;
      case 'deleteOne':
      case 'deleteMany':
        this.#delete(op.collection, op.filter, op.op === 'deleteMany');
        return;
      default:
        throw new Error(`Unknown write op ${JSON.stringify((op as { op: unknown }).op)}`);
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // Reads

  /**
   * How a find runs: `sql` answers it entirely (`exact`), or gives the order while mingo filters
   * (`ordered`), or gives candidates that mingo filters and sorts (`scan`).
   */
  #findPlan(coll: Coll, filter: Filter, options: FindOptions): { mode: 'exact' | 'ordered' | 'scan'; sql: string; params: SQLInputValue[] } {
    const skip = Math.max(0, options.skip ?? 0);
    const limit = options.limit && options.limit > 0 ? options.limit : Infinity;
    const sort = options.sort && Object.keys(options.sort).length > 0 ? options.sort : undefined;
    const plan = filterToSql(filter, coll);
    const where = plan.where ? ` WHERE ${plan.where}` : '';
    const order = sort ? sortToSql(sort, coll) : 'rid';
    if (order !== undefined && plan.exact) {
      const paged = skip > 0 || Number.isFinite(limit);
      const params = paged ? [...plan.params, Number.isFinite(limit) ? limit : -1, skip] : plan.params;
      return { mode: 'exact', sql: `SELECT doc FROM ${coll.table}${where} ORDER BY ${order}${paged ? ' LIMIT ? OFFSET ?' : ''}`, params };
    }
    if (order !== undefined) return { mode: 'ordered', sql: `SELECT doc FROM ${coll.table}${where} ORDER BY ${order}`, params: plan.params };
    return { mode: 'scan', sql: `SELECT doc FROM ${coll.table}${where} ORDER BY rid`, params: plan.params };
  }

  #findOne(name: string, filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'>): Doc | null {
    return this.#find(name, filter, { ...options, limit: 1 })[0] ?? null;
  }

  #find(name: string, filter: Filter, options: FindOptions): Doc[] {
    const coll = this.#colls.get(name);
    if (!coll) return [];
    const skip = Math.max(0, options.skip ?? 0);
    const limit = options.limit && options.limit > 0 ? options.limit : Infinity;
    const { mode, sql, params } = this.#findPlan(coll, filter, options);
    let docs: Doc[];
    if (mode === 'exact') {
      // SQL answers it all.
      docs = (this.#stmt(sql).all(...params) as unknown as [string][]).map((row) => parse(row[0]));
    } else if (mode === 'ordered') {
      // SQL gives the order; mingo filters, up to the page's end.
      const query = new Query(filter);
      docs = [];
      let skipped = 0;
      for (const [text] of this.#stmt(sql).iterate(...params) as Iterable<[string]>) {
        const doc = parse(text);
        if (!query.test(doc)) continue;
        if (skipped < skip) {
          skipped++;
          continue;
        }
        docs.push(doc);
        if (docs.length >= limit) break;
      }
    } else {
      const query = new Query(filter);
      const matches = (this.#stmt(sql).all(...params) as unknown as [string][]).map((row) => parse(row[0])).filter((doc) => query.test(doc));
      docs = sortDocs(matches, options.sort).slice(skip, skip + limit);
    }
    return options.projection ? projectDocs(docs, options.projection) : docs;
  }

  /**
   * How the store would run `find(filter, options)` (or `count(filter)` when `count`): whether SQL answers
   * it exactly, the SQL, and SQLite's query plan. For tests and diagnostics.
   */
  explain(collection: string, filter: Filter, options: FindOptions & { count?: boolean } = {}): { mode: string; sql: string; plan: string[] } {
    return this.#read(() => {
      const coll = this.#colls.get(collection);
      if (!coll) return { mode: 'none', sql: '', plan: [] };
      let mode: string;
      let sql: string;
      let params: SQLInputValue[];
      if (options.count) {
        const plan = filterToSql(filter, coll);
        mode = plan.exact ? 'exact' : 'scan';
        sql = plan.exact ? `SELECT count(*) FROM ${coll.table}${plan.where ? ` WHERE ${plan.where}` : ''}` : `SELECT doc FROM ${coll.table}${plan.where ? ` WHERE ${plan.where}` : ''}`;
        params = plan.params;
      } else {
        ({ mode, sql, params } = this.#findPlan(coll, filter, options));
      }
      const rows = this.#db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
      return { mode, sql, plan: rows.map((row) => row.detail) };
    });
  }

  #candidates(coll: Coll, where: string | undefined, params: SQLInputValue[]): Doc[] {
    const rows = this.#stmt(`SELECT doc FROM ${coll.table}${where ? ` WHERE ${where}` : ''} ORDER BY rid`).all(...params) as unknown as [string][];
    return rows.map((row) => parse(row[0]));
  }

  #count(name: string, filter: Filter): number {
    const coll = this.#colls.get(name);
    if (!coll) return 0;
    const plan = filterToSql(filter, coll);
    const where = plan.where ? ` WHERE ${plan.where}` : '';
    if (plan.exact) return (this.#stmt(`SELECT count(*) FROM ${coll.table}${where}`).get(...plan.params) as unknown as [number])[0];
    const query = new Query(filter);
    let count = 0;
    for (const [text] of this.#stmt(`SELECT doc FROM ${coll.table}${where}`).iterate(...plan.params) as Iterable<[string]>) {
      if (query.test(parse(text))) count++;
    }
    return count;
  }

  #aggregate<R>(name: string, pipeline: Pipeline): R[] {
    const first = pipeline[0];
    let stages = pipeline;
    let source: Doc[];
    if (first && Object.keys(first).length === 1 && isPlainObject(first.$match)) {
      source = this.#find(name, first.$match, {});
      stages = pipeline.slice(1);
    } else {
      const coll = this.#colls.get(name);
      source = coll ? this.#candidates(coll, undefined, []) : [];
    }
    if (stages.length === 0) return source as R[];
    const resolve = (other: string): Doc[] => {
      const coll = this.#colls.get(other);
      return coll ? this.#candidates(coll, undefined, []) : [];
    };
    return new Aggregator(stages, { collectionResolver: resolve }).run(source) as R[];
  }

  // ---------------------------------------------------------------------------------------------------
  // Indexes and collections

  #ensureIndexes(name: string, specs: readonly IndexSpec[]): void {
    const coll = this.#colls.get(name) ?? this.#createColl(name);
    let changed = false;
    for (const raw of specs) {
      const fields = Object.keys(raw.key);
      if (fields.length === 0) throw new Error(`Index on ${name} has no key`);
      const key = { ...raw.key };
      const indexName = raw.name ?? defaultIndexName(key);
      const unique = raw.unique === true;
      const sameName = coll.indexes.find((index) => index.name === indexName);
      if (sameName) {
        if (sameKey(sameName.key, key) && !!sameName.unique === unique) continue;
        throw new Error(`Index ${indexName} on ${name} already exists with a different definition`);
      }
      if (coll.indexes.some((index) => sameKey(index.key, key))) {
        throw new Error(`An index with key ${JSON.stringify(key)} already exists on ${name} under another name`);
      }
      const fresh = fields.filter((field) => field !== '_id' && !coll.paths.has(field)).map((field) => this.#track(coll, field));
      if (fresh.length > 0) this.#scanTypes(coll, fresh);
      const terms = fields.map((field) => {
        const direction = key[field] === -1 ? ' DESC' : '';
        if (field === '_id') return `_id${direction}`;
        const tracked = coll.paths.get(field)!;
        if (!unique) {
          this.#trackStored(coll, tracked);
          return tracked.column + direction;
        }
        this.#trackUnique(coll, tracked);
        return tracked.uniqueColumn! + direction;
      });
      const index: StoredIndex = { name: indexName, key, sql: `${coll.table}_${coll.indexes.length}` };
      if (unique) index.unique = true;
      try {
        this.#db.exec(`CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${index.sql} ON ${coll.table} (${terms.join(', ')})`);
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateKeyError(name, `Cannot build unique index ${indexName} on ${name}: duplicate key`);
        throw error;
      }
      coll.indexes.push(index);
      changed = true;
    }
    if (changed) this.#saveMeta(coll);
  }

  /** The type masks of newly indexed paths over the stored documents (and side keys for multikey ones). */
  #scanTypes(coll: Coll, paths: readonly TrackedPath[]): void {
    const turned: TrackedPath[] = [];
    for (const path of paths) {
      const prefixes = path.segments.map((_, i) => jsonPathLiteral(path.segments.slice(0, i + 1)));
      const rows = this.#db
        .prepare(`SELECT DISTINCT ${prefixes.map((literal) => `json_type(doc, ${literal})`).join(', ')} FROM ${coll.table}`)
        .all() as Record<string, string | null>[];
      let mask = 0;
      for (const row of rows) {
        const types = Object.values(row);
        // An array before the end stops json_type there: the path is multikey whatever lies beyond.
        if (types.slice(0, -1).includes('array')) mask |= ARR;
        mask |= jsonTypeBits(types.at(-1) ?? null);
      }
      path.mask = mask;
      if ((mask & ARR) !== 0) turned.push(path);
    }
    if (turned.length > 0) this.#buildKeys(coll, turned);
  }

  #rename(from: string, to: string): void {
    if (from === to) throw new Error(`renameCollection: cannot rename ${from} to itself`);
    const source = this.#colls.get(from);
    if (!source) throw new Error(`renameCollection: source collection ${from} does not exist`);
    const target = this.#colls.get(to);
    if (target) this.#dropTables(target);
    this.#stmt('UPDATE _rs_collections SET name = ? WHERE name = ?').run(to, from);
    this.#bumpMeta();
    this.#colls.delete(from);
    source.name = to;
    this.#colls.set(to, source);
  }

  /** The version of a collection as this reader's current snapshot began (see `versions`). */
  snapshotVersion(collection: string): number {
    if (!this.#versions || !this.#snapshotVersions || !this.#inSnapshot) throw new Error('No snapshot with versions is open');
    return this.#versions.of(collection, this.#snapshotVersions);
  }

  /** A document's stored JSON text by `_id` (null when absent), for a reader that keeps documents. */
  docTextById(collection: string, id: string): string | null {
    return this.#read(() => {
      const coll = this.#colls.get(collection);
      if (!coll) return null;
      const row = this.#stmt(`SELECT doc FROM ${coll.table} WHERE _id = ?`).get(id) as unknown as [string] | undefined;
      return row ? row[0] : null;
    });
  }

  /**
   * `find`, `findOne` or `count` as the port runs them, with the collection's version as the snapshot
   * that answered began (see `snapshotVersion`), for a reader that keeps answers.
   */
  answerWithVersion(collection: string, query: KeptQuery): { value: unknown; version: number } {
    return this.#read(() => {
      const value =
        query.method === 'count'
          ? this.#count(collection, query.filter)
          : query.method === 'findOne'
            ? this.#findOne(collection, query.filter, query.options)
            : this.#find(collection, query.filter, query.options);
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
    return {
      name,
      find: async (filter = {}, options = {}) => this.#read(() => this.#find(name, filter, options)),
      findOne: async (filter, options = {}) => this.#read(() => this.#findOne(name, filter, options)),
      count: async (filter = {}) => this.#read(() => this.#count(name, filter)),
      insertOne: async (doc) => this.#write(() => this.#insert(name, doc)),
      upsert: async (filter, update) => this.#write(() => this.#upsert(name, filter, update, false)),
      updateOne: async (filter, update) => this.#write(() => this.#update(name, filter, update, false)),
      updateMany: async (filter, update) => this.#write(() => this.#update(name, filter, update, true)),
      deleteOne: async (filter) => this.#write(() => this.#delete(name, filter, false)),
      deleteMany: async (filter) => this.#write(() => this.#delete(name, filter, true)),
      aggregate: async <R>(pipeline: Pipeline) => this.#read(() => this.#aggregate<R>(name, pipeline)),
    };
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    this.#write(() => this.#ensureIndexes(collection, indexes));
  }

  async applyBatch(ops: readonly WriteOp[]): Promise<void> {
    if (ops.length === 0) {
      if (this.#closed) throw new Error('ReadStore is closed');
      return;
    }
    this.#write(() => {
      this.#prefetch(ops);
      for (const op of ops) this.#applyOp(op);
    });
  }

  async listCollections(): Promise<string[]> {
    return this.#read(() => [...this.#colls.keys()].sort());
  }

  async dropCollection(name: string): Promise<void> {
    this.#write(() => {
      const coll = this.#colls.get(name);
      if (coll) this.#dropTables(coll);
    });
  }

  async renameCollection(from: string, to: string): Promise<void> {
    this.#write(() => this.#rename(from, to));
  }
}

function columnValue(doc: AnyObject, [path, unique]: [TrackedPath, boolean]): SQLInputValue {
  return unique ? uniqueValue(doc, path.segments) : extractValue(doc, path.segments);
}

function typesAtPath(doc: AnyObject, segments: readonly string[]): number {
  // The common case, a top-level scalar, without the general walk.
  if (segments.length === 1) {
    const value = own(doc, segments[0]!);
    switch (typeof value) {
      case 'string':
        return STR;
      case 'number':
        return NUM;
      case 'boolean':
        return BOOL;
      case 'undefined':
        return 0;
    }
  }
  return typesAt(doc, segments);
}

// ---------------------------------------------------------------------------------------------------------
// Projections

/**
 * MongoDB's projection of the found documents. The usual shapes, top-level fields all included (`_id`
 * with them unless it is excluded) or all excluded, are applied directly: mingo compiled an aggregation
 * for each call, which cost more than the query (30 us for a find that matched nothing). Anything else
 * (dotted paths, operators, expressions) goes to mingo.
 */
function projectDocs(docs: Doc[], projection: Record<string, unknown>): Doc[] {
  const fields = Object.keys(projection);
  if (fields.length === 0 || docs.length === 0) return docs;
  const simple = fields.every((field) => !field.includes('.') && !field.startsWith('$') && (projection[field] === 0 || projection[field] === 1));
  const included = fields.filter((field) => field !== '_id' && projection[field] === 1);
  const excluded = fields.filter((field) => projection[field] === 0);
  // Inclusion and exclusion do not mix, except for excluding `_id` from an inclusion.
  if (!simple || (included.length > 0 && excluded.some((field) => field !== '_id'))) {
    return new Aggregator([{ $project: projection }], {}).run(docs) as Doc[];
  }
  if (included.length > 0 || (projection._id === 1 && excluded.length === 0)) {
    const withId = projection._id !== 0;
    return docs.map((doc) => {
      const out: AnyObject = {};
      if (withId && doc._id !== undefined) out._id = doc._id;
      for (const field of included) if (Object.hasOwn(doc, field)) setOwn(out, field, doc[field]);
      return out as Doc;
    });
  }
  return docs.map((doc) => {
    const out: AnyObject = {};
    for (const field of Object.keys(doc)) if (projection[field] !== 0) setOwn(out, field, doc[field]);
    return out as Doc;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Sorting in JS (when SQL cannot give MongoDB's order)

/**
 * Sorts as MongoDB does. When every sort field is top-level and holds, in every document, a missing value,
 * null, or one type of number or string, a native sort with the same order (missing/null first) is used;
 * anything else (dotted paths, arrays, mixed types...) goes to mingo.
 */
function sortDocs(docs: Doc[], sort: Sort | undefined): Doc[] {
  if (!sort) return docs;
  const keys = Object.entries(sort);
  const simple = keys.every(([field]) => {
    if (field.includes('.')) return false;
    let type: string | undefined;
    for (const doc of docs) {
      const value = doc[field];
      if (value === undefined || value === null) continue;
      const kind = typeof value;
      if ((kind !== 'string' && kind !== 'number') || (type !== undefined && kind !== type)) return false;
      if (kind === 'number' && Number.isNaN(value)) return false;
      type = kind;
    }
    return true;
  });
  if (!simple) return new Aggregator([{ $sort: sort }], {}).run(docs) as Doc[];
  return docs.slice().sort((a, b) => {
    for (const [field, direction] of keys) {
      const x = a[field] as string | number | null | undefined;
      const y = b[field] as string | number | null | undefined;
      if (x === y || (x == null && y == null)) continue;
      if (x == null) return -direction;
      if (y == null) return direction;
      return (x < y ? -1 : 1) * direction;
    }
    return 0;
  });
}
