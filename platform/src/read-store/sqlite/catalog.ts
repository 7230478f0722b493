/**
 * The catalog of a read-model file: its collections (one table each, `c<tid>`, and a side table of multikey
 * keys, `k<tid>`), their indexes, and the paths those indexes name with the kinds of value each has held.
 * It is kept in `_rs_collections` and in memory, reloaded when another connection changed it
 * (`meta_version`).
 *
 * Each indexed path has a column of the table holding `json_extract(doc, '$.path')` (and, for a path a
 * unique index names, one holding `ifnull(doc -> '$.path', 'null')`), which the unit of work writes with the
 * row from the document it has parsed anyway; the SQLite indexes are over those columns. Expression indexes
 * would give the same values, but SQLite would parse the document's JSON again for each index at every
 * write: the columns made a million-document load 1.6x faster (docs/performance.md).
 */
import type { StatementSync } from 'node:sqlite';
import type { IndexSpec } from '../read-store.port.ts';
import { DuplicateKeyError } from '../read-store.port.ts';
import type { Connection } from './connection.ts';
import { isUniqueViolation } from './connection.ts';
import type { InsertLayout } from './doc-update.ts';
import { ARR, BOOL, NUM, OBJ, STR, jsonPathLiteral, multikeyKeys, pathSegments } from './doc-paths.ts';
import type { TrackedPath } from './filter-sql.ts';
import { IdFilter } from './id-filter.ts';

interface StoredIndex {
  name: string;
  key: Record<string, 1 | -1>;
  unique?: true;
  /** The SQLite index's name. */
  sql: string;
}

/** The statements of a collection's row writes, for its columns as they are now. */
export interface CollStatements {
  byId: StatementSync;
  insert: StatementSync;
  delete: StatementSync;
  /** The index columns the row writes carry, in statement order: [path, unique column]. */
  columns: [TrackedPath, boolean][];
}

export interface Coll {
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

/** The paths of a collection that have held an array: their equality goes through the side table. */
export const multikeyPaths = (coll: Coll): TrackedPath[] => coll.list.filter((path) => (path.mask & ARR) !== 0);

export class Catalog {
  readonly #conn: Connection;
  readonly #colls = new Map<string, Coll>();
  /** Told when a collection's tables are dropped (the unit of work forgets its documents). */
  readonly #onDropped: (coll: Coll) => void;
  #metaVersion = '';
  #dataVersion: unknown;

  constructor(conn: Connection, onDropped: (coll: Coll) => void) {
    this.#conn = conn;
    this.#onDropped = onDropped;
  }

  get(name: string): Coll | undefined {
    return this.#colls.get(name);
  }

  names(): string[] {
    return [...this.#colls.keys()].sort();
  }

  /** The catalog's version: it moves with every change of collections, indexes or type masks. */
  get version(): string {
    return this.#metaVersion;
  }

  load(): void {
    this.#colls.clear();
    this.#metaVersion = this.#conn.metaValue('meta_version') ?? '0';
    this.#dataVersion = this.#dataVersionNow();
    const rows = this.#conn.stmt('SELECT name, tid, indexes, paths FROM _rs_collections').all() as unknown as [string, number, string, string][];
    for (const [name, tid, indexes, paths] of rows) {
      const coll = makeColl(name, tid);
      coll.indexes = JSON.parse(indexes) as StoredIndex[];
      for (const { path, mask, stored, unique } of JSON.parse(paths) as { path: string; mask: number; stored?: boolean; unique?: boolean }[]) {
        const tracked = trackedPath(coll.list.length, path, mask, stored === true, unique === true);
        coll.list.push(tracked);
        coll.paths.set(path, tracked);
      }
      this.#colls.set(name, coll);
    }
  }

  /** Reloads the catalog if another connection changed it since it was loaded (in the current snapshot). */
  loadIfChanged(): void {
    if (this.#conn.metaValue('meta_version') !== this.#metaVersion) this.load();
  }

  #dataVersionNow(): unknown {
    return (this.#conn.stmt('PRAGMA data_version').get() as unknown as [unknown])[0];
  }

  /** Picks up what another connection changed (another process sharing the file). */
  sync(): void {
    const dataVersion = this.#dataVersionNow();
    if (dataVersion === this.#dataVersion) return;
    this.#dataVersion = dataVersion;
    // Another connection wrote: the id filters no longer know every row.
    for (const coll of this.#colls.values()) coll.ids = undefined;
    this.loadIfChanged();
  }

  create(name: string): Coll {
    if (!name) throw new Error('Collection name must not be empty');
    const tid = Number(this.#conn.metaValue('next_tid') ?? '1');
    this.#conn.setMetaValue('next_tid', String(tid + 1));
    const coll = makeColl(name, tid);
    this.#conn.db.exec(`CREATE TABLE ${coll.table} (rid INTEGER PRIMARY KEY, _id NOT NULL UNIQUE, doc TEXT NOT NULL)`);
    coll.ids = new IdFilter();
    this.#colls.set(name, coll);
    this.save(coll);
    return coll;
  }

  drop(coll: Coll): void {
    this.#conn.db.exec(`DROP TABLE IF EXISTS ${coll.table}; DROP TABLE IF EXISTS ${coll.keysTable}`);
    this.#conn.stmt('DELETE FROM _rs_collections WHERE name = ?').run(coll.name);
    this.#bump();
    this.#colls.delete(coll.name);
    this.#onDropped(coll);
  }

  rename(from: string, to: string): void {
    if (from === to) throw new Error(`renameCollection: cannot rename ${from} to itself`);
    const source = this.#colls.get(from);
    if (!source) throw new Error(`renameCollection: source collection ${from} does not exist`);
    const target = this.#colls.get(to);
    if (target) this.drop(target);
    this.#conn.stmt('UPDATE _rs_collections SET name = ? WHERE name = ?').run(to, from);
    this.#bump();
    this.#colls.delete(from);
    source.name = to;
    this.#colls.set(to, source);
  }

  /** Persists a collection's metadata (inside the write transaction). */
  save(coll: Coll): void {
    this.#conn
      .stmt('INSERT INTO _rs_collections (name, tid, indexes, paths) VALUES (?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET tid = excluded.tid, indexes = excluded.indexes, paths = excluded.paths')
      .run(
        coll.name,
        coll.tid,
        JSON.stringify(coll.indexes),
        JSON.stringify(coll.list.map(({ path, mask, stored, uniqueColumn }) => ({ path, mask, stored, unique: uniqueColumn !== undefined }))),
      );
    this.#bump();
  }

  #bump(): void {
    this.#metaVersion = String(Number(this.#metaVersion) + 1);
    this.#conn.setMetaValue('meta_version', this.#metaVersion);
  }

  ensureIndexes(name: string, specs: readonly IndexSpec[]): void {
    const coll = this.#colls.get(name) ?? this.create(name);
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
        this.#conn.db.exec(`CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${index.sql} ON ${coll.table} (${terms.join(', ')})`);
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateKeyError(name, `Cannot build unique index ${indexName} on ${name}: duplicate key`);
        throw error;
      }
      coll.indexes.push(index);
      changed = true;
    }
    if (changed) this.save(coll);
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
    this.#conn.db.exec(`ALTER TABLE ${coll.table} ADD COLUMN ${column}`);
    this.#conn.db.exec(`UPDATE ${coll.table} SET ${column} = json_extract(doc, ${tracked.literal})`);
    tracked.column = column;
    tracked.stored = true;
    coll.st = undefined;
  }

  /** Adds a path's unique column (the JSON text of its value, 'null' when missing), filled in likewise. */
  #trackUnique(coll: Coll, tracked: TrackedPath): void {
    if (tracked.uniqueColumn !== undefined) return;
    tracked.uniqueColumn = `u${tracked.pid}`;
    this.#conn.db.exec(`ALTER TABLE ${coll.table} ADD COLUMN ${tracked.uniqueColumn}`);
    this.#conn.db.exec(`UPDATE ${coll.table} SET ${tracked.uniqueColumn} = ifnull(doc -> ${tracked.literal}, 'null')`);
    coll.st = undefined;
  }

  /** The type masks of newly indexed paths over the stored documents (and side keys for multikey ones). */
  #scanTypes(coll: Coll, paths: readonly TrackedPath[]): void {
    const turned: TrackedPath[] = [];
    for (const path of paths) {
      const prefixes = path.segments.map((_, i) => jsonPathLiteral(path.segments.slice(0, i + 1)));
      const rows = this.#conn.db
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
    if (turned.length > 0) this.buildKeys(coll, turned);
  }

  /** Fills the side table for paths that just turned multikey, from the table as it stands. */
  buildKeys(coll: Coll, paths: readonly TrackedPath[]): void {
    this.#conn.db.exec(
      `CREATE TABLE IF NOT EXISTS ${coll.keysTable} (p INTEGER NOT NULL, k TEXT NOT NULL, r INTEGER NOT NULL, PRIMARY KEY (p, k, r)) WITHOUT ROWID;` +
        `CREATE INDEX IF NOT EXISTS ${coll.keysTable}_r ON ${coll.keysTable} (r)`,
    );
    const add = this.#conn.stmt(`INSERT OR IGNORE INTO ${coll.keysTable} (p, k, r) VALUES (?, ?, ?)`);
    for (const path of paths) this.#conn.stmt(`DELETE FROM ${coll.keysTable} WHERE p = ?`).run(path.pid);
    const rows = this.#conn.db.prepare(`SELECT rid, doc FROM ${coll.table}`);
    rows.setReturnArrays(true);
    for (const row of rows.iterate() as Iterable<[number, string]>) {
      const doc = JSON.parse(row[1]) as unknown;
      for (const path of paths) for (const key of multikeyKeys(doc, path.segments, new Set())) add.run(path.pid, key, row[0]);
    }
  }

  /** The statements of the collection's row writes, prepared once per set of index columns. */
  statements(coll: Coll): CollStatements {
    if (coll.st) return coll.st;
    const columns: [TrackedPath, boolean][] = [];
    for (const path of coll.list) {
      if (path.stored) columns.push([path, false]);
      if (path.uniqueColumn !== undefined) columns.push([path, true]);
    }
    const names = columns.map(([path, unique]) => (unique ? path.uniqueColumn! : path.column));
    coll.st = {
      byId: this.#conn.stmt(`SELECT rid, doc FROM ${coll.table} WHERE _id = ?`),
      insert: this.#conn.stmt(`INSERT INTO ${coll.table} (_id, doc${names.map((name) => `, ${name}`).join('')}) VALUES (?, ?${', ?'.repeat(names.length)})`),
      delete: this.#conn.stmt(`DELETE FROM ${coll.table} WHERE rid = ?`),
      columns,
    };
    return coll.st;
  }
}

function makeColl(name: string, tid: number): Coll {
  return { name, tid, table: `c${tid}`, keysTable: `k${tid}`, indexes: [], list: [], paths: new Map(), st: undefined, layouts: [], ids: undefined };
}
