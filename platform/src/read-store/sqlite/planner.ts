/**
 * How the store's reads run: the filter is narrowed in SQL by `_id` or an indexed path (filter-sql.ts),
 * always to a superset that mingo then filters; when SQL answers the filter exactly, counts, sorts, skips
 * and limits run in SQL as well. Then `find`, `count` and `aggregate` by those plans, and `explain`.
 */
import type { SQLInputValue } from 'node:sqlite';
import { Aggregator, Query } from 'mingo';
import type { Doc, Filter, FindOptions, Pipeline } from '../read-store.port.ts';
import type { Catalog, Coll } from './catalog.ts';
import type { Connection } from './connection.ts';
import { isPlainObject } from './doc-paths.ts';
import { filterToSql, sortToSql } from './filter-sql.ts';
import { projectDocs, sortDocs } from './shape.ts';

function parse(text: string): Doc {
  return JSON.parse(text) as Doc;
}

export class Planner {
  readonly #conn: Connection;
  readonly #catalog: Catalog;

  constructor(conn: Connection, catalog: Catalog) {
    this.#conn = conn;
    this.#catalog = catalog;
  }

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

  /** How a count runs: `exact` when SQL counts, else `scan` (mingo tests each candidate). */
  #countPlan(coll: Coll, filter: Filter): { mode: 'exact' | 'scan'; sql: string; params: SQLInputValue[] } {
    const plan = filterToSql(filter, coll);
    const where = plan.where ? ` WHERE ${plan.where}` : '';
    return plan.exact
      ? { mode: 'exact', sql: `SELECT count(*) FROM ${coll.table}${where}`, params: plan.params }
      : { mode: 'scan', sql: `SELECT doc FROM ${coll.table}${where}`, params: plan.params };
  }

  findOne(name: string, filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'>): Doc | null {
    return this.find(name, filter, { ...options, limit: 1 })[0] ?? null;
  }

  find(name: string, filter: Filter, options: FindOptions): Doc[] {
    const coll = this.#catalog.get(name);
    if (!coll) return [];
    const skip = Math.max(0, options.skip ?? 0);
    const limit = options.limit && options.limit > 0 ? options.limit : Infinity;
    const { mode, sql, params } = this.#findPlan(coll, filter, options);
    let docs: Doc[];
    if (mode === 'exact') {
      // SQL answers it all.
      docs = (this.#conn.stmt(sql).all(...params) as unknown as [string][]).map((row) => parse(row[0]));
    } else if (mode === 'ordered') {
      // SQL gives the order; mingo filters, up to the page's end.
      const query = new Query(filter);
      docs = [];
      let skipped = 0;
      for (const [text] of this.#conn.stmt(sql).iterate(...params) as Iterable<[string]>) {
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
      const matches = (this.#conn.stmt(sql).all(...params) as unknown as [string][]).map((row) => parse(row[0])).filter((doc) => query.test(doc));
      docs = sortDocs(matches, options.sort).slice(skip, skip + limit);
    }
    return options.projection ? projectDocs(docs, options.projection) : docs;
  }

  count(name: string, filter: Filter): number {
    const coll = this.#catalog.get(name);
    if (!coll) return 0;
    const { mode, sql, params } = this.#countPlan(coll, filter);
    if (mode === 'exact') return (this.#conn.stmt(sql).get(...params) as unknown as [number])[0];
    const query = new Query(filter);
    let count = 0;
    for (const [text] of this.#conn.stmt(sql).iterate(...params) as Iterable<[string]>) {
      if (query.test(parse(text))) count++;
    }
    return count;
  }

  aggregate<R>(name: string, pipeline: Pipeline): R[] {
    const first = pipeline[0];
    let stages = pipeline;
    let source: Doc[];
    if (first && Object.keys(first).length === 1 && isPlainObject(first.$match)) {
      source = this.find(name, first.$match, {});
      stages = pipeline.slice(1);
    } else {
      source = this.#all(name);
    }
    if (stages.length === 0) return source as R[];
    return new Aggregator(stages, { collectionResolver: (other: string) => this.#all(other) }).run(source) as R[];
  }

  /** Every document of a collection, in insertion order. */
  #all(name: string): Doc[] {
    const coll = this.#catalog.get(name);
    if (!coll) return [];
    const rows = this.#conn.stmt(`SELECT doc FROM ${coll.table} ORDER BY rid`).all() as unknown as [string][];
    return rows.map((row) => parse(row[0]));
  }

  /** How `find(filter, options)` (or `count(filter)` when `count`) would run, with SQLite's query plan. */
  explain(name: string, filter: Filter, options: FindOptions & { count?: boolean }): { mode: string; sql: string; plan: string[] } {
    const coll = this.#catalog.get(name);
    if (!coll) return { mode: 'none', sql: '', plan: [] };
    const { mode, sql, params } = options.count ? this.#countPlan(coll, filter) : this.#findPlan(coll, filter, options);
    const rows = this.#conn.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
    return { mode, sql, plan: rows.map((row) => row.detail) };
  }

  /** A document's stored JSON text by `_id` (null when absent). */
  docText(name: string, id: string): string | null {
    const coll = this.#catalog.get(name);
    if (!coll) return null;
    const row = this.#conn.stmt(`SELECT doc FROM ${coll.table} WHERE _id = ?`).get(id) as unknown as [string] | undefined;
    return row ? row[0] : null;
  }
}
