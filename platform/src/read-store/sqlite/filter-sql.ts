/**
 * Narrowing a MongoDB filter into SQL for the SQLite read store. The SQL always selects a SUPERSET of the
 * documents the filter matches (mingo then tests each one), and says when it selects EXACTLY those, so
 * that counts, sorts, skips and limits can run in SQL too.
 *
 * Each indexed path has a column holding `json_extract(doc, '$.path')` (see catalog.ts). What
 * SQL can answer depends on what a collection has held at each indexed path (the path's type mask, kept by
 * the store):
 * - `json_extract` turns `true`/`false` into 1/0 and objects or arrays into their JSON text, so a
 *   comparison is exact only when the path never held a type it could be confused with (a number with a
 *   boolean, a string with an object);
 * - MongoDB's equality also matches arrays holding the value, which a scalar index cannot answer: once a
 *   path has held an array anywhere along it ("multikey"), equality and `$in` are narrowed through the
 *   collection's side table of keys instead, and nothing else on that path is translated;
 * - negations (`$ne`, `$nin`) are translated only when exact, since a loose negation could drop a match;
 * - conditions on paths no index names are left to mingo: nothing is known of what they hold.
 */
import type { SQLInputValue } from 'node:sqlite';
import type { Filter, Sort } from '../read-store.port.ts';
import { ARR, BOOL, NUM, OBJ, STR, isPlainObject, scalarKey } from './doc-paths.ts';

/** What the store knows of one indexed path of a collection. */
export interface TrackedPath {
  /** Position in the collection's list of paths: the side table's path number. */
  readonly pid: number;
  readonly path: string;
  readonly segments: readonly string[];
  /** Type bits (doc-paths.ts) of every value the collection has held there. Only ever grows. */
  mask: number;
  /** The JSON path as an SQL string literal. */
  readonly literal: string;
  /**
   * The column holding `json_extract(doc, '$.path')` of each row when a (non-unique) index is over it,
   * else that expression itself: the same values, computed from the document.
   */
  column: string;
  /** Whether `column` is a stored column. */
  stored: boolean;
  /**
   * The column holding `ifnull(doc -> '$.path', 'null')` (the JSON text of the value, `null` when missing)
   * when a unique index names the path; undefined otherwise.
   */
  uniqueColumn: string | undefined;
}

export interface FilterTarget {
  readonly paths: ReadonlyMap<string, TrackedPath>;
  /** The side table of multikey keys. */
  readonly keysTable: string;
}

export interface SqlFilter {
  /** SQL condition, or undefined for "every document". */
  where: string | undefined;
  params: SQLInputValue[];
  /** True when `where` selects exactly the matching documents. */
  exact: boolean;
}

interface Part {
  sql: string | undefined;
  params: SQLInputValue[];
  exact: boolean;
}

const NONE: Part = { sql: undefined, params: [], exact: false };
const ALL: Part = { sql: undefined, params: [], exact: true };

export function filterToSql(filter: Filter, target: FilterTarget): SqlFilter {
  const parts: string[] = [];
  const params: SQLInputValue[] = [];
  let exact = true;
  const add = (part: Part): void => {
    if (part.sql !== undefined) {
      parts.push(part.sql);
      params.push(...part.params);
    }
    if (!part.exact) exact = false;
  };
  for (const key in filter) {
    const cond = filter[key];
    if (key === '$and' || key === '$or') {
      add(logical(key, cond, target));
    } else if (key.startsWith('$')) {
      exact = false;
    } else if (key === '_id') {
      add(idCondition(cond));
    } else {
      const tracked = target.paths.get(key);
      add(tracked ? pathCondition(tracked, cond, target) : NONE);
    }
  }
  return { where: parts.length === 0 ? undefined : parts.join(' AND '), params, exact };
}

function logical(key: '$and' | '$or', cond: unknown, target: FilterTarget): Part {
  if (!Array.isArray(cond) || cond.length === 0 || !cond.every(isPlainObject)) return NONE;
  const subs = cond.map((sub) => filterToSql(sub as Filter, target));
  const exact = subs.every((sub) => sub.exact);
  if (key === '$and') {
    const wheres = subs.filter((sub) => sub.where !== undefined);
    if (wheres.length === 0) return { sql: undefined, params: [], exact };
    return { sql: wheres.map((sub) => `(${sub.where})`).join(' AND '), params: wheres.flatMap((sub) => sub.params), exact };
  }
  // A branch that selects everything makes the whole $or select everything.
  if (subs.some((sub) => sub.where === undefined)) return { sql: undefined, params: [], exact };
  return { sql: `(${subs.map((sub) => `(${sub.where})`).join(' OR ')})`, params: subs.flatMap((sub) => sub.params), exact };
}

// ---------------------------------------------------------------------------------------------------------
// _id: a column of its own, holding strings (or numbers): exact for scalar strings and numbers.

const isIdValue = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

function idCondition(cond: unknown): Part {
  if (isIdValue(cond)) return { sql: '_id = ?', params: [cond], exact: true };
  if (!isPlainObject(cond) || isRegExp(cond)) return NONE;
  const sql: string[] = [];
  const params: SQLInputValue[] = [];
  let exact = true;
  for (const op in cond) {
    const arg = cond[op];
    switch (op) {
      case '$eq':
        if (!isIdValue(arg)) {
          exact = false;
          break;
        }
        sql.push('_id = ?');
        params.push(arg);
        break;
      case '$ne':
        if (!isIdValue(arg)) {
          exact = false;
          break;
        }
        sql.push('_id IS NOT ?');
        params.push(arg);
        break;
      case '$in':
      case '$nin':
        if (!Array.isArray(arg) || !arg.every(isIdValue)) {
          exact = false;
          break;
        }
        if (op === '$in' && arg.length > 0 && arg.length <= ID_LIST_MAX) {
          const list = idList(arg);
          sql.push(`_id IN (${list.map(() => '?').join(', ')})`);
          params.push(...list);
          break;
        }
        sql.push(`_id ${op === '$in' ? 'IN' : 'NOT IN'} (SELECT value FROM json_each(?))`);
        params.push(JSON.stringify(arg));
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        if (!isIdValue(arg)) {
          exact = false;
          break;
        }
        sql.push(range('_id', op, arg));
        params.push(arg);
        break;
      case '$exists':
        if (!arg) sql.push('0');
        break;
      default:
        exact = false;
    }
  }
  return { sql: sql.length === 0 ? undefined : sql.join(' AND '), params, exact };
}

/**
 * Up to this many ids, `$in` is written as a list of parameters: SQLite's planner then knows how few rows
 * it names and searches the unique `_id` index. (It cannot see into `json_each`, and prefers any other
 * index of the filter instead: a user's 100,000 contacts scanned to check two ids.)
 */
const ID_LIST_MAX = 256;

/** The ids padded (with the last one, harmless in `IN`) to a power of two: few distinct statements. */
function idList(ids: readonly (string | number)[]): (string | number)[] {
  let size = 1;
  while (size < ids.length) size *= 2;
  const list = [...ids];
  while (list.length < size) list.push(ids[ids.length - 1]!);
  return list;
}

/**
 * A range with MongoDB's type bracketing: SQLite orders NULL < numbers < text, so a number bound is capped
 * below the texts, and a text bound is kept above the numbers.
 */
function range(expr: string, op: string, arg: string | number): string {
  const cmp = op === '$gt' ? '>' : op === '$gte' ? '>=' : op === '$lt' ? '<' : '<=';
  const upward = op === '$gt' || op === '$gte';
  if (typeof arg === 'number') return upward ? `${expr} ${cmp} ? AND ${expr} < ''` : `${expr} ${cmp} ?`;
  return upward ? `${expr} ${cmp} ?` : `${expr} ${cmp} ? AND ${expr} >= ''`;
}

// ---------------------------------------------------------------------------------------------------------
// Indexed paths.

type Scalar = string | number | boolean | null;

const isScalar = (value: unknown): value is Scalar =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** The SQL value json_extract gives for a scalar. */
const sqlValue = (value: string | number | boolean): SQLInputValue => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** Whether comparing json_extract's value with `value` cannot confuse it with another type the path held. */
function exactFor(value: Scalar, mask: number): boolean {
  if (value === null) return true;
  if (typeof value === 'string') return (mask & OBJ) === 0;
  if (typeof value === 'number') return (mask & BOOL) === 0;
  return (mask & NUM) === 0;
}

function pathCondition(tracked: TrackedPath, cond: unknown, target: FilterTarget): Part {
  if ((tracked.mask & ARR) !== 0) return multikeyCondition(tracked, cond, target);
  if (isScalar(cond)) return equality(tracked, cond);
  if (!isPlainObject(cond) || isRegExp(cond)) return NONE;
  const sql: string[] = [];
  const params: SQLInputValue[] = [];
  let exact = true;
  const add = (part: Part): void => {
    if (part.sql !== undefined) {
      sql.push(part.sql);
      params.push(...part.params);
    }
    if (!part.exact) exact = false;
  };
  for (const op in cond) {
    const arg = cond[op];
    switch (op) {
      case '$eq':
        add(isScalar(arg) ? equality(tracked, arg) : NONE);
        break;
      case '$ne':
        add(isScalar(arg) ? notEqual(tracked, arg) : NONE);
        break;
      case '$in':
        add(Array.isArray(arg) && arg.every(isScalar) ? inList(tracked, arg) : NONE);
        break;
      case '$nin':
        add(Array.isArray(arg) && arg.every(isScalar) ? notInList(tracked, arg) : NONE);
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        if (typeof arg === 'string' || (typeof arg === 'number' && Number.isFinite(arg))) {
          add({
            sql: range(tracked.column, op, arg),
            params: [arg],
            exact: typeof arg === 'string' ? (tracked.mask & OBJ) === 0 : (tracked.mask & BOOL) === 0,
          });
        } else {
          add(NONE);
        }
        break;
      case '$exists':
        add({ sql: `json_type(doc, ${tracked.literal}) IS ${arg ? 'NOT ' : ''}NULL`, params: [], exact: true });
        break;
      default:
        add(NONE);
    }
  }
  return { sql: sql.length === 0 ? undefined : sql.join(' AND '), params, exact };
}

function equality(tracked: TrackedPath, value: Scalar): Part {
  // The unique index's column keeps JSON types apart (and null equal to missing, as MongoDB does).
  if (tracked.uniqueColumn !== undefined && typeof value !== 'number') {
    return { sql: `${tracked.uniqueColumn} = ?`, params: [JSON.stringify(value)], exact: true };
  }
  if (value === null) return { sql: `${tracked.column} IS NULL`, params: [], exact: true };
  return { sql: `${tracked.column} = ?`, params: [sqlValue(value)], exact: exactFor(value, tracked.mask) };
}

function notEqual(tracked: TrackedPath, value: Scalar): Part {
  if (!exactFor(value, tracked.mask)) return NONE;
  if (value === null) return { sql: `${tracked.column} IS NOT NULL`, params: [], exact: true };
  return { sql: `${tracked.column} IS NOT ?`, params: [sqlValue(value)], exact: true };
}

function inList(tracked: TrackedPath, values: Scalar[]): Part {
  if (values.length === 0) return { sql: '0', params: [], exact: true };
  if (tracked.uniqueColumn !== undefined && values.every((value) => typeof value !== 'number')) {
    return { sql: `${tracked.uniqueColumn} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(values.map((v) => JSON.stringify(v)))], exact: true };
  }
  const present = values.filter((value): value is string | number | boolean => value !== null);
  const exact = values.every((value) => exactFor(value, tracked.mask));
  const list = `${tracked.column} IN (SELECT value FROM json_each(?))`;
  const sql = present.length === values.length ? list : present.length === 0 ? `${tracked.column} IS NULL` : `(${list} OR ${tracked.column} IS NULL)`;
  return { sql, params: present.length === 0 ? [] : [JSON.stringify(present)], exact };
}

function notInList(tracked: TrackedPath, values: Scalar[]): Part {
  if (!values.every((value) => exactFor(value, tracked.mask))) return NONE;
  if (values.length === 0) return ALL;
  const present = values.filter((value) => value !== null);
  const hasNull = present.length !== values.length;
  const x = tracked.column;
  if (present.length === 0) return { sql: `${x} IS NOT NULL`, params: [], exact: true };
  const list = `${x} NOT IN (SELECT value FROM json_each(?))`;
  return { sql: hasNull ? `(${x} IS NOT NULL AND ${list})` : `(${x} IS NULL OR ${list})`, params: [JSON.stringify(present)], exact: true };
}

/** Equality and `$in` on a multikey path, through the side table (a superset: mingo decides). */
function multikeyCondition(tracked: TrackedPath, cond: unknown, target: FilterTarget): Part {
  let values: unknown[] | undefined;
  if (isScalar(cond)) values = [cond];
  else if (isPlainObject(cond) && !isRegExp(cond)) {
    if ('$eq' in cond && isScalar(cond.$eq)) values = [cond.$eq];
    else if (Array.isArray(cond.$in) && cond.$in.every(isScalar)) values = cond.$in;
  }
  if (!values) return NONE;
  const keys: string[] = [];
  for (const value of values) {
    const key = scalarKey(value);
    // Null also matches a missing field, which has no key.
    if (key === undefined) return NONE;
    keys.push(key);
  }
  return {
    sql: `rid IN (SELECT r FROM ${target.keysTable} WHERE p = ${tracked.pid} AND k IN (SELECT value FROM json_each(?)))`,
    params: [JSON.stringify(keys)],
    exact: false,
  };
}

function isRegExp(value: unknown): boolean {
  return value instanceof RegExp;
}

/**
 * `ORDER BY` terms giving MongoDB's order, or undefined when SQL cannot: every key must be `_id` or an
 * indexed path that never held an array or an object, nor booleans beside numbers or strings (MongoDB
 * sorts booleans after strings, json_extract makes them 1 and 0). Missing and null sort first ascending,
 * as NULL does.
 */
export function sortToSql(sort: Sort, target: FilterTarget): string | undefined {
  const terms: string[] = [];
  for (const field in sort) {
    const direction = sort[field];
    if (direction !== 1 && direction !== -1) return undefined;
    const order = direction === 1 ? 'ASC' : 'DESC';
    if (field === '_id') {
      terms.push(`_id ${order}`);
      continue;
    }
    const tracked = target.paths.get(field);
    if (!tracked) return undefined;
    const { mask } = tracked;
    if ((mask & (ARR | OBJ)) !== 0 || ((mask & BOOL) !== 0 && (mask & (NUM | STR)) !== 0)) return undefined;
    terms.push(`${tracked.column} ${order}`);
  }
  return terms.length === 0 ? undefined : terms.join(', ');
}
