/**
 * MongoDB update operators applied to a document the SQLite read store holds privately (parsed from its
 * JSON, or being built by an upsert): changed in place. The shapes projections write ($set, $setOnInsert,
 * $inc, $max, $min, $unset, $push, $addToSet over plain-object paths) take a lean path; everything else
 * is mingo's own update operators. Values are copied in as JSON would store them, so nothing is shared
 * with the caller.
 */
import { Query, update as mingoUpdate } from 'mingo';
import { isEqual } from 'mingo/util';
import type { Filter, Update } from '../read-store.port.ts';
import { isPlainObject, own, type AnyObject } from './doc-paths.ts';

const SUPPORTED = new Set(['$set', '$unset', '$inc', '$push', '$addToSet', '$pull', '$setOnInsert', '$max', '$min', '$mul', '$pop', '$pullAll', '$rename']);
const LEAN = new Set(['$set', '$setOnInsert', '$inc', '$max', '$min', '$unset', '$push', '$addToSet']);

/** Throws for anything that is not a non-empty document of supported update operators. */
export function validateUpdate(update: Update): void {
  if (!isPlainObject(update)) throw new TypeError('Update must be a document of update operators');
  let count = 0;
  for (const op in update) {
    count++;
    if (!SUPPORTED.has(op)) {
      throw new Error(op.startsWith('$') ? `Unsupported update operator ${op}` : 'Update document must contain only update operators');
    }
    if (!isPlainObject(update[op])) throw new TypeError(`${op} expects a document`);
  }
  if (count === 0) throw new Error('Update document must not be empty');
}

/**
 * Applies `update` to `doc` in place; `inserting` applies `$setOnInsert` too. Returns whether the document
 * changed. `filter` resolves positional (`$`) paths. The update must have passed `validateUpdate`.
 */
export function applyUpdate(doc: AnyObject, update: Update, inserting: boolean, filter?: Filter): boolean {
  const lean = leanUpdate(doc, update, inserting);
  return lean ?? mingoApply(doc, update, inserting, filter);
}

const INSERT_OPS = new Set(['$set', '$setOnInsert', '$inc', '$max', '$min']);

/**
 * A layout of the fields an insert's operators name, with the document for it built by one object literal
 * compiled for that layout: V8 allocates a literal of known shape in one step, and serialises such objects
 * on its fast path (a document assembled field by field, or by spreads, takes about twice as long to
 * stringify). Field names enter the generated code only as JSON string literals; values are arguments.
 */
export interface InsertLayout {
  ops: string[];
  fields: string[][];
  build: (id: string | number, exprs: AnyObject[], copy: (value: unknown) => unknown) => AnyObject;
}

/** Layouts kept per collection: a projection inserts a handful of shapes. */
const MAX_LAYOUTS = 8;

/**
 * The document an upsert inserts for `{ _id }` alone (no other equality in the filter), built in one go when
 * the update is the usual insert shape: `$set`, `$setOnInsert`, `$inc`, `$max`, `$min` of distinct top-level
 * fields. Undefined for any other update. `layouts` is the collection's cache of compiled layouts.
 */
export function insertedDoc(id: string | number, update: Update, layouts: InsertLayout[]): AnyObject | undefined {
  const ops: string[] = [];
  const exprs: AnyObject[] = [];
  for (const op in update) {
    if (!INSERT_OPS.has(op)) return undefined;
    const expr = update[op] as AnyObject;
    for (const field in expr) {
      const value = expr[field];
      if (field === '_id' || field === '__proto__' || field.includes('.') || field.startsWith('$')) return undefined;
      if (op === '$inc' && typeof value !== 'number') return undefined;
      if ((op === '$max' || op === '$min') && typeof value !== 'string' && (typeof value !== 'number' || Number.isNaN(value))) return undefined;
      for (const earlier of exprs) if (Object.hasOwn(earlier, field)) return undefined;
    }
    ops.push(op);
    exprs.push(expr);
  }
  let layout = layouts.find((candidate) => sameLayout(candidate, ops, exprs));
  if (!layout) {
    layout = compileLayout(ops, exprs);
    if (layouts.length < MAX_LAYOUTS) layouts.push(layout);
  }
  return layout.build(id, exprs, jsonClone);
}

function sameLayout(layout: InsertLayout, ops: readonly string[], exprs: readonly AnyObject[]): boolean {
  if (layout.ops.length !== ops.length) return false;
  for (let i = 0; i < ops.length; i++) {
    if (layout.ops[i] !== ops[i]) return false;
    const fields = layout.fields[i]!;
    let n = 0;
    for (const field in exprs[i]) {
      if (fields[n] !== field) return false;
      n++;
    }
    if (n !== fields.length) return false;
  }
  return true;
}

function compileLayout(ops: string[], exprs: readonly AnyObject[]): InsertLayout {
  const fields = exprs.map((expr) => Object.keys(expr));
  const entries = ['"_id": id'];
  fields.forEach((names, i) => {
    for (const name of names) {
      const literal = JSON.stringify(name);
      // Objects and arrays are copied: the stored document shares nothing with the caller.
      entries.push(`${literal}: (v = e[${i}][${literal}], v !== null && typeof v === "object" ? copy(v) : v)`);
    }
  });
  const build = new Function('id', 'e', 'copy', `let v; return { ${entries.join(', ')} };`) as InsertLayout['build'];
  return { ops, fields, build };
}

/** Sets an own property, also for `__proto__` (which plain assignment would take as the prototype). */
export function setOwn(obj: AnyObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** A deep copy as JSON stores it: Dates become their ISO text, undefined fields disappear. */
export function jsonClone(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = jsonClone(value[i]) ?? null;
    return out;
  }
  if (value instanceof Date) return value.toJSON();
  if (!isPlainObject(value)) return JSON.parse(JSON.stringify(value)) as unknown;
  const out: AnyObject = {};
  for (const key of Object.keys(value)) {
    const copy = jsonClone(value[key]);
    if (copy !== undefined && typeof copy !== 'function' && typeof copy !== 'symbol') setOwn(out, key, copy);
  }
  return out;
}

interface Target {
  op: string;
  value: unknown;
  parent: AnyObject | undefined;
  segments: string[];
}

/** The lean path: undefined, having changed nothing, for any shape it leaves to mingo. */
function leanUpdate(doc: AnyObject, update: Update, inserting: boolean): boolean | undefined {
  const targets: Target[] = [];
  const exprs: AnyObject[] = [];
  let dotted = false;
  for (const op in update) {
    if (!LEAN.has(op)) return undefined;
    if (op === '$setOnInsert' && !inserting) continue;
    const expr = update[op] as AnyObject;
    for (const path in expr) {
      const value = expr[path];
      if (path === '' || path.includes('$')) return undefined;
      // Two operators on one path (or on a path and its parent, checked below) is a MongoDB error: mingo reports it.
      for (const earlier of exprs) if (Object.hasOwn(earlier, path)) return undefined;
      const segments = path.includes('.') ? path.split('.') : [path];
      if (segments.length > 1) {
        dotted = true;
        if (segments.includes('')) return undefined;
      }
      if (segments[0] === '_id') return undefined;
      // The parent object (undefined when it is missing and would be created).
      let parent: AnyObject | undefined = doc;
      for (let i = 0; i < segments.length - 1; i++) {
        const next: unknown = own(parent, segments[i]!);
        if (next === undefined) {
          parent = undefined;
          break;
        }
        if (!isPlainObject(next)) return undefined;
        parent = next;
      }
      const current = parent === undefined ? undefined : own(parent, segments.at(-1)!);
      if (!leanAccepts(op, value, current)) return undefined;
      targets.push({ op, value, parent, segments });
    }
    exprs.push(expr);
  }
  if (dotted && hasPrefixConflict(targets)) return undefined;

  let changed = false;
  for (const { op, value, segments } of targets) {
    const last = segments.at(-1)!;
    if (op === '$unset') {
      const parent = resolveParent(doc, segments, false);
      if (parent && Object.hasOwn(parent, last)) {
        delete parent[last];
        changed = true;
      }
      continue;
    }
    if (op === '$set' || op === '$setOnInsert') {
      if (value === undefined) continue;
    }
    const parent = resolveParent(doc, segments, true)!;
    const current = own(parent, last);
    switch (op) {
      case '$set':
      case '$setOnInsert':
        if (current === value || (current !== undefined && typeof value === 'object' && isEqual(current, value))) break;
        setOwn(parent, last, jsonClone(value));
        changed = true;
        break;
      case '$inc':
        setOwn(parent, last, ((current as number | undefined) ?? 0) + (value as number));
        if (current === undefined || value !== 0) changed = true;
        break;
      case '$max':
      case '$min':
        if (
          current === undefined ||
          (op === '$max' ? (value as number | string) > (current as number | string) : (value as number | string) < (current as number | string))
        ) {
          setOwn(parent, last, value);
          changed = true;
        }
        break;
      case '$push':
      case '$addToSet': {
        let list = current as unknown[] | undefined;
        if (list === undefined) {
          list = [];
          setOwn(parent, last, list);
          changed = true;
        }
        const items = isPlainObject(value) && '$each' in value ? (value.$each as unknown[]) : [value];
        for (const item of items) {
          if (op === '$addToSet' && list.some((existing) => isEqual(existing, item))) continue;
          list.push(jsonClone(item) ?? null);
          changed = true;
        }
        break;
      }
    }
  }
  return changed;
}

/** Whether one path of the update is a parent of another (`a` and `a.b`). */
function hasPrefixConflict(targets: readonly Target[]): boolean {
  const paths = new Set(targets.map((target) => target.segments.join('.')));
  for (const { segments } of targets) {
    let prefix = segments[0]!;
    for (let i = 1; i < segments.length; i++) {
      if (paths.has(prefix)) return true;
      prefix += `.${segments[i]}`;
    }
  }
  return false;
}

function leanAccepts(op: string, value: unknown, current: unknown): boolean {
  switch (op) {
    case '$set':
    case '$setOnInsert':
    case '$unset':
      return true;
    case '$inc':
      return typeof value === 'number' && (current === undefined || typeof current === 'number');
    case '$max':
    case '$min':
      return (
        ((typeof value === 'number' && !Number.isNaN(value)) || typeof value === 'string') &&
        (current === undefined || (typeof current === typeof value && !Number.isNaN(current)))
      );
    case '$push':
    case '$addToSet': {
      if (current !== undefined && !Array.isArray(current)) return false;
      if (!isPlainObject(value)) return true;
      const keys = Object.keys(value);
      if (!keys.some((key) => key.startsWith('$'))) return true;
      return keys.length === 1 && keys[0] === '$each' && Array.isArray(value.$each);
    }
    default:
      return false;
  }
}

/** The object holding the last segment, created along the way when `create` (checked plain by leanUpdate). */
function resolveParent(doc: AnyObject, segments: readonly string[], create: boolean): AnyObject | undefined {
  let node = doc;
  for (let i = 0; i < segments.length - 1; i++) {
    let next = own(node, segments[i]!) as AnyObject | undefined;
    if (next === undefined) {
      if (!create) return undefined;
      next = {};
      setOwn(node, segments[i]!, next);
    }
    node = next;
  }
  return node;
}

function mingoApply(doc: AnyObject, update: Update, inserting: boolean, filter: Filter | undefined): boolean {
  const modifier: AnyObject = {};
  let positional = false;
  for (const op in update) {
    if (op === '$setOnInsert' && !inserting) continue;
    const target = op === '$setOnInsert' ? '$set' : op;
    const expr = jsonClone(update[op]) as AnyObject;
    if (Object.keys(expr).length === 0) continue;
    for (const path in expr) if (path.includes('$')) positional = true;
    modifier[target] = modifier[target] ? { ...(modifier[target] as AnyObject), ...expr } : expr;
  }
  if (Object.keys(modifier).length === 0) return false;
  const changed = mingoUpdate(doc, modifier, undefined, positional ? filter : undefined, { cloneMode: 'deep' });
  return changed.length > 0;
}

/** Equality conditions of a filter, as MongoDB copies them into a document inserted by an upsert. */
export function equalityFields(filter: Filter): AnyObject {
  const out: AnyObject = {};
  const visit = (f: Filter): void => {
    for (const key in f) {
      const value = f[key];
      if (key === '$and' && Array.isArray(value)) {
        for (const sub of value) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (key.startsWith('$') || value instanceof RegExp) continue;
      if (isOperatorObject(value)) {
        if ('$eq' in value) setPath(out, key, jsonClone(value.$eq));
        continue;
      }
      setPath(out, key, jsonClone(value));
    }
  };
  visit(filter);
  return out;
}

function setPath(target: AnyObject, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const child = own(node, parts[i]!);
    if (!isPlainObject(child)) setOwn(node, parts[i]!, {});
    node = own(node, parts[i]!) as AnyObject;
  }
  setOwn(node, parts.at(-1)!, value);
}

export function isOperatorObject(value: unknown): value is AnyObject {
  if (!isPlainObject(value)) return false;
  let count = 0;
  for (const key in value) {
    if (!key.startsWith('$')) return false;
    count++;
  }
  return count > 0;
}

const COMPARISONS = new Set(['$lt', '$lte', '$gt', '$gte']);

/**
 * A predicate for the conditions of `filter` other than `_id` (the caller found the document by it). The
 * position guard of projection writes (`{ _pos: { $lt: position } }`) and top-level scalar equalities are
 * tested directly; anything else goes to mingo.
 */
export function compileRest(filter: Filter): (doc: AnyObject) => boolean {
  const fast: ((doc: AnyObject) => boolean)[] = [];
  let rest: Filter | undefined;
  for (const field in filter) {
    if (field === '_id') continue;
    const cond = filter[field];
    const test = field.includes('.') || field.startsWith('$') ? undefined : fastCondition(field, cond);
    if (test) fast.push(test);
    else (rest ??= {})[field] = cond;
  }
  const query = rest ? compiledQuery(rest) : undefined;
  if (fast.length === 0) return query ? (doc) => query.test(doc) : () => true;
  return (doc) => {
    for (const test of fast) if (!test(doc)) return false;
    return query ? query.test(doc) : true;
  };
}

/**
 * Compiled mingo queries by the filter's JSON text: projections send the same conditions over and over
 * (the contents projection's `$expr` comparing share_count with required_shares, on every share), and
 * compiling one costs far more than writing its key. Only filters made of JSON values are kept (a RegExp
 * or a Date would write the same text as another filter); the oldest go first past the cap.
 */
const QUERY_CACHE_SIZE = 256;
const queries = new Map<string, Query>();

function compiledQuery(filter: Filter): Query {
  const key = jsonOnly(filter) ? JSON.stringify(filter) : undefined;
  if (key === undefined) return new Query(filter);
  let query = queries.get(key);
  if (!query) {
    query = new Query(filter);
    if (queries.size >= QUERY_CACHE_SIZE) queries.delete(queries.keys().next().value!);
    queries.set(key, query);
  }
  return query;
}

/** True when the value holds only strings, finite numbers, booleans, null, arrays and plain objects. */
function jsonOnly(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      if (value === null) return true;
      if (Array.isArray(value)) return value.every(jsonOnly);
      if (!isPlainObject(value)) return false;
      for (const key in value) if (!jsonOnly(value[key])) return false;
      return true;
    default:
      return false;
  }
}

function fastCondition(field: string, cond: unknown): ((doc: AnyObject) => boolean) | undefined {
  if (typeof cond === 'string' || typeof cond === 'boolean' || (typeof cond === 'number' && !Number.isNaN(cond))) {
    return (doc) => {
      const value = own(doc, field);
      return Array.isArray(value) ? value.some((element) => element === cond) : value === cond;
    };
  }
  if (!isPlainObject(cond)) return undefined;
  const operators = Object.keys(cond);
  if (operators.length !== 1 || !COMPARISONS.has(operators[0]!)) return undefined;
  const operator = operators[0]!;
  const bound = cond[operator];
  if (typeof bound !== 'string' && (typeof bound !== 'number' || Number.isNaN(bound))) return undefined;
  return (doc) => {
    const value = own(doc, field);
    if (Array.isArray(value)) return value.some((element) => compareScalar(element, operator, bound));
    return compareScalar(value, operator, bound);
  };
}

/** MongoDB comparison of a stored value with a string or number: no match across types or when missing. */
function compareScalar(stored: unknown, operator: string, bound: string | number): boolean {
  if (typeof stored !== typeof bound) return false;
  const value = stored as string | number;
  if (typeof value === 'number' && Number.isNaN(value)) return false;
  switch (operator) {
    case '$lt':
      return value < bound;
    case '$lte':
      return value <= bound;
    case '$gt':
      return value > bound;
    default:
      return value >= bound;
  }
}
