/**
 * The unit of work of the store's write transactions: every write runs in one `BEGIN IMMEDIATE`
 * transaction (`applyBatch` is one, all or nothing, with the projection checkpoint the runner puts in it).
 * Documents touched by a transaction are kept parsed in a write-back map and serialised once when it
 * commits (or before an operation that needs SQL to see them), so several writes to one document in a batch
 * cost one row write; an update writes only the index columns whose values changed.
 *
 * Multikey: a path that has held an array anywhere along it gets a side table of its keys (each element),
 * since a scalar index cannot answer MongoDB's equality on arrays; the rows' keys there are kept up here.
 */
import type { SQLInputValue } from 'node:sqlite';
import { Query } from 'mingo';
import type { Doc, Filter, WriteOp } from '../read-store.port.ts';
import { DuplicateKeyError } from '../read-store.port.ts';
import type { Catalog, Coll, CollStatements } from './catalog.ts';
import { multikeyPaths } from './catalog.ts';
import type { Connection } from './connection.ts';
import { isUniqueViolation } from './connection.ts';
import { ARR, BOOL, NUM, STR, isPlainObject, multikeyKeys, own, typesAt, type AnyObject } from './doc-paths.ts';
import { filterToSql, type TrackedPath } from './filter-sql.ts';

export type Id = string | number;

/** A document touched by the open transaction. */
export interface Entry {
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

/** The `_id` a filter names by equality, if it does. */
export function idOf(filter: Filter): Id | undefined {
  const id = filter._id;
  if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return id;
  if (isPlainObject(id)) {
    const keys = Object.keys(id);
    const eq = id.$eq;
    if (keys.length === 1 && (typeof eq === 'string' || (typeof eq === 'number' && Number.isFinite(eq)))) return eq;
  }
  return undefined;
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

function columnValue(doc: AnyObject, [path, unique]: [TrackedPath, boolean]): SQLInputValue {
  return unique ? uniqueValue(doc, path.segments) : extractValue(doc, path.segments);
}

/** Keys per multikey path of a document (see multikeyKeys). */
function keysOf(doc: AnyObject, paths: readonly TrackedPath[]): Map<number, Set<string>> {
  const keys = new Map<number, Set<string>>();
  for (const path of paths) keys.set(path.pid, multikeyKeys(doc, path.segments, new Set()));
  return keys;
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

export class UnitOfWork {
  readonly catalog: Catalog;
  readonly #conn: Connection;
  /** Documents touched by the open write transaction, per collection. */
  #pending = new Map<Coll, Map<Id, Entry>>();
  /** Bytes of rows written since `takeWritten`. */
  #written = 0;

  constructor(conn: Connection, catalog: Catalog) {
    this.#conn = conn;
    this.catalog = catalog;
  }

  /**
   * One write transaction: the work, then the write-back of every touched document; all or nothing.
   * `committed` is told which collections it wrote and whether the catalog changed.
   */
  run<T>(work: () => T, committed: (collections: string[], catalogChanged: boolean) => void): T {
    this.#conn.stmt('BEGIN IMMEDIATE').run();
    try {
      this.catalog.sync();
      const catalogBefore = this.catalog.version;
      const result = work();
      for (const coll of this.#pending.keys()) this.flush(coll);
      this.#conn.stmt('COMMIT').run();
      committed(
        [...this.#pending.keys()].map((coll) => coll.name),
        this.catalog.version !== catalogBefore,
      );
      return result;
    } catch (error) {
      this.#rollback();
      throw isUniqueViolation(error) ? new DuplicateKeyError('', `Duplicate key: ${(error as Error).message}`) : error;
    } finally {
      this.#pending = new Map();
    }
  }

  #rollback(): void {
    if (this.#conn.db.isTransaction) {
      try {
        this.#conn.stmt('ROLLBACK').run();
      } catch {
        // SQLite has already rolled back (an I/O error); the original error is the one to report
      }
    }
    // In-memory metadata changed by the transaction (created collections, grown masks) goes back too.
    this.catalog.load();
  }

  /** Forgets every touched document (the file was replaced). */
  reset(): void {
    this.#pending = new Map();
  }

  /** Forgets the documents of a dropped collection. */
  forget(coll: Coll): void {
    this.#pending.delete(coll);
  }

  /** Bytes of rows written since the last call. */
  takeWritten(): number {
    const written = this.#written;
    this.#written = 0;
    return written;
  }

  #entries(coll: Coll): Map<Id, Entry> {
    let entries = this.#pending.get(coll);
    if (!entries) this.#pending.set(coll, (entries = new Map()));
    return entries;
  }

  /** The document of `coll` with this `_id` in the write-back map, read from its row the first time. */
  entry(coll: Coll, id: Id): Entry {
    const entries = this.#entries(coll);
    let entry = entries.get(id);
    if (entry) return entry;
    const row = coll.ids && !coll.ids.mayHave(id) ? undefined : (this.catalog.statements(coll).byId.get(id) as unknown as [number, string] | undefined);
    entry = absentEntry(id);
    if (row) this.#loaded(coll, entry, row[0], row[1]);
    entries.set(id, entry);
    return entry;
  }

  /**
   * Reads the documents a batch's writes name by `_id` in one statement per collection (rather than one
   * lookup per write), into the write-back map; those absent are noted absent.
   */
  prefetch(ops: readonly WriteOp[]): void {
    if (ops.length < 16) return;
    const wanted = new Map<Coll, Set<Id>>();
    for (const op of ops) {
      if (op.op !== 'upsert' && op.op !== 'updateOne') continue;
      const id = idOf(op.filter);
      const coll = id === undefined ? undefined : this.catalog.get(op.collection);
      if (!coll) continue;
      let ids = wanted.get(coll);
      if (!ids) wanted.set(coll, (ids = new Set()));
      ids.add(id!);
    }
    for (const [coll, ids] of wanted) {
      if (ids.size < 16) continue;
      const entries = this.#entries(coll);
      const missing: Id[] = [];
      for (const id of ids) {
        if (entries.has(id)) continue;
        if (coll.ids && !coll.ids.mayHave(id)) entries.set(id, absentEntry(id));
        else missing.push(id);
      }
      if (missing.length === 0) continue;
      const rows = this.#conn.stmt(`SELECT rid, _id, doc FROM ${coll.table} WHERE _id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(missing)) as unknown as [number, Id, string][];
      for (const id of missing) entries.set(id, absentEntry(id));
      for (const [rid, id, text] of rows) this.#loaded(coll, entries.get(id)!, rid, text);
    }
  }

  #loaded(coll: Coll, entry: Entry, rid: number, text: string): void {
    entry.rid = rid;
    entry.doc = JSON.parse(text) as AnyObject;
    const st = this.catalog.statements(coll);
    entry.cols = st.columns.length === 0 ? undefined : { of: st, values: st.columns.map((column) => columnValue(entry.doc!, column)) };
    const multikey = multikeyPaths(coll);
    if (multikey.length > 0) entry.keys = keysOf(entry.doc, multikey);
  }

  /** The documents matching `filter` (at most `max`), found through SQL once the collection's pending writes are written. */
  select(coll: Coll, filter: Filter, max: number): Entry[] {
    this.flush(coll);
    const plan = filterToSql(filter, coll);
    const limit = plan.exact && Number.isFinite(max) ? ` LIMIT ${max}` : '';
    const sql = `SELECT rid, _id, doc FROM ${coll.table}${plan.where ? ` WHERE ${plan.where}` : ''} ORDER BY rid${limit}`;
    const query = plan.exact ? undefined : new Query(filter);
    const entries = this.#entries(coll);
    const out: Entry[] = [];
    for (const [rid, id, text] of this.#conn.stmt(sql).iterate(...plan.params) as Iterable<[number, Id, string]>) {
      let entry = entries.get(id);
      if (!entry) {
        entry = absentEntry(id);
        this.#loaded(coll, entry, rid, text);
        entries.set(id, entry);
      }
      if (!entry.doc || (query && !query.test(entry.doc as Doc))) continue;
      out.push(entry);
      if (out.length >= max) break;
    }
    return out;
  }

  /**
   * Writes the collection's changed documents: deletions, then updates, then insertions; a write refused
   * by a unique index is tried again after the others (an earlier write of the batch may free its key), and
   * fails the transaction when no write gets through any more.
   */
  flush(coll: Coll): void {
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
    if (grown) this.catalog.save(coll);
    const multikey = multikeyPaths(coll).filter((path) => !turnedMultikey.includes(path));

    const st = this.catalog.statements(coll);
    const updates: Entry[] = [];
    const inserts: Entry[] = [];
    for (const entry of dirty) {
      if (entry.doc) (entry.rid === undefined ? inserts : updates).push(entry);
      else if (entry.rid !== undefined) {
        st.delete.run(entry.rid);
        if (entry.keys) this.#conn.stmt(`DELETE FROM ${coll.keysTable} WHERE r = ?`).run(entry.rid);
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
      if (refused.length === todo.length) throw duplicate(coll, refusal);
      todo = refused;
    }
    if (turnedMultikey.length > 0) {
      this.catalog.buildKeys(coll, turnedMultikey);
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
      this.#conn.stmt(`UPDATE ${coll.table} SET doc = ? WHERE rid = ?`).run(text, entry.rid);
    } else {
      const values = columns.map((column) => columnValue(doc, column));
      const stored = entry.cols?.of === st ? entry.cols.values : undefined;
      const changed: number[] = [];
      for (let i = 0; i < values.length; i++) if (stored === undefined || stored[i] !== values[i]) changed.push(i);
      this.#updateStatement(coll, st, changed).run(text, ...changed.map((i) => values[i]!), entry.rid);
      entry.cols = { of: st, values };
    }
    if (multikey.length === 0) return;
    const next = keysOf(entry.doc!, multikey);
    const add = this.#conn.stmt(`INSERT OR IGNORE INTO ${coll.keysTable} (p, k, r) VALUES (?, ?, ?)`);
    const remove = this.#conn.stmt(`DELETE FROM ${coll.keysTable} WHERE p = ? AND k = ? AND r = ?`);
    for (const [pid, keys] of next) {
      const old = entry.keys?.get(pid);
      for (const key of keys) if (!old?.has(key)) add.run(pid, key, entry.rid);
      if (old) for (const key of old) if (!keys.has(key)) remove.run(pid, key, entry.rid);
    }
    entry.keys = next;
  }

  /** The row update writing the document and the index columns at `changed` (positions in `st.columns`). */
  #updateStatement(coll: Coll, st: CollStatements, changed: readonly number[]) {
    let sets = '';
    for (const i of changed) {
      const [path, unique] = st.columns[i]!;
      sets += `, ${unique ? path.uniqueColumn! : path.column} = ?`;
    }
    return this.#conn.stmt(`UPDATE ${coll.table} SET doc = ?${sets} WHERE rid = ?`);
  }
}

function duplicate(coll: Coll, error: unknown): DuplicateKeyError {
  const message = error instanceof Error ? error.message : String(error);
  const sqlName = /index '([^']+)'/.exec(message)?.[1];
  const index = coll.indexes.find((candidate) => candidate.sql === sqlName);
  const what = index ? `index ${index.name}` : message.includes('._id') ? '_id' : 'a unique index';
  return new DuplicateKeyError(coll.name, `Duplicate key in ${coll.name}: ${what}`);
}
