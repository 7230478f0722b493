/**
 * In-memory ReadStore (DESIGN §3): collections map `_id` to documents (a hash table built for millions of
 * entries, see KeyTable), filters/sorts/projections and pipelines are evaluated by mingo, updates use mingo's
 * MongoDB update operators (the common projection writes take a lean path). Optional NDJSON snapshot file.
 *
 * Invariant: a stored document is never mutated in place. Every write builds a new object (copy-on-write of
 * the top-level fields it touches) and swaps it into the map, so the previous object is the undo record of a
 * batch, and `flush()` can capture a consistent view by copying references only.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { Aggregator, Query, update as mingoUpdate } from 'mingo';
import { isEqual } from 'mingo/util';
import { $addToSet, $inc, $max, $min, $mul, $pop, $pull, $pullAll, $push, $rename, $set, $unset } from 'mingo/operators/update';
import type {
  Collection,
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  Pipeline,
  ReadStore,
  Sort,
  Update,
  WriteOp,
  WriteResult,
} from './read-store.port.ts';
import { DuplicateKeyError } from './read-store.port.ts';
import { KeyTable } from './key-table.ts';

export interface MemoryReadStoreOptions {
  /** NDJSON snapshot written by `flush()` and loaded at start when it exists. */
  snapshotFile?: string;
}

type Id = string | number;
type AnyObject = Record<string, unknown>;
type OperatorFn = (expr: AnyObject) => (obj: AnyObject) => string[];

interface UniqueIndex {
  name: string;
  fields: string[];
  /** Only field when the index has one top-level field: its values are the keys themselves. */
  single: string | undefined;
  /** Index key (see `indexKey`) → `_id` of the document holding it. */
  entries: KeyTable<IndexKey, Id>;
}

/** A secondary index on one top-level field: each scalar value (each element of an array) → the ids. */
interface LookupIndex {
  field: string;
  entries: Map<Scalar, Set<Id>>;
}

interface CollectionState {
  docs: KeyTable<Id, Doc>;
  specs: IndexSpec[];
  uniques: UniqueIndex[];
  lookups: LookupIndex[];
  /** The layouts of the lean writes seen (see Layout). */
  layouts: Layout[];
}

type UndoEntry = { kind: 'doc'; coll: CollectionState; id: Id; prev: Doc | undefined } | { kind: 'create'; name: string };

/** MongoDB update operators evaluated by mingo. `$setOnInsert` is handled here (mingo has no upsert). */
const UPDATE_OPERATORS = {
  $set,
  $unset,
  $inc,
  $push,
  $addToSet,
  $pull,
  $max,
  $min,
  $mul,
  $pop,
  $pullAll,
  $rename,
} as unknown as Record<string, OperatorFn | undefined>;

const SNAPSHOT_FORMAT = 'crossfeed-read-store';
const SNAPSHOT_VERSION = 1;
const WRITE_CHUNK_CHARS = 1 << 20;

export async function createMemoryReadStore(options: MemoryReadStoreOptions = {}): Promise<ReadStore> {
  const { snapshotFile } = options;
  const collections: Map<string, CollectionState> = (snapshotFile ? await readSnapshot(snapshotFile) : null) ?? new Map();
  const handles = new Map<string, Collection>();
  let closed = false;
  let flushChain: Promise<void> = Promise.resolve();

  const assertOpen = (): void => {
    if (closed) throw new Error('ReadStore is closed');
  };

  const getOrCreate = (name: string, undo: UndoEntry[]): CollectionState => {
    let coll = collections.get(name);
    if (!coll) {
      if (!name) throw new Error('Collection name must not be empty');
      coll = { docs: new KeyTable(), specs: [], uniques: [], lookups: [], layouts: [] };
      collections.set(name, coll);
      undo.push({ kind: 'create', name });
    }
    return coll;
  };

  /** Runs synchronous writes as one unit: on error, every change already made is undone, then it rethrows. */
  const atomic = <R>(fn: (undo: UndoEntry[]) => R): R => {
    assertOpen();
    const undo: UndoEntry[] = [];
    try {
      return fn(undo);
    } catch (error) {
      for (let i = undo.length - 1; i >= 0; i--) {
        const entry = undo[i]!;
        if (entry.kind === 'doc') commit(entry.coll, entry.id, entry.coll.docs.get(entry.id), entry.prev, null, true);
        else collections.delete(entry.name);
      }
      throw error;
    }
  };

  const insertDoc = (name: string, doc: Doc, undo: UndoEntry[]): void => {
    const coll = getOrCreate(name, undo);
    const id = checkId(doc._id);
    if (coll.docs.has(id)) throw new DuplicateKeyError(name, `Duplicate key in ${name}: _id ${JSON.stringify(id)}`);
    commit(coll, id, undefined, doc, undo, false, name);
  };

  const updateDocs = (name: string, filter: Filter, update: Update, many: boolean, undo: UndoEntry[]): WriteResult => {
    const coll = collections.get(name);
    const plan = planUpdate(update, false);
    if (!coll) return { matched: 0, modified: 0 };
    const matches = select(coll, filter, many ? Infinity : 1);
    let modified = 0;
    for (const doc of matches) {
      const next = applyPlan(plan, doc, filter);
      if (next) {
        commit(coll, doc._id, doc, next, undo, false, name);
        modified++;
      }
    }
    return { matched: matches.length, modified };
  };

  const upsertDoc = (name: string, filter: Filter, update: Update, undo: UndoEntry[], inBatch: boolean): WriteResult => {
    const existing = collections.get(name);
    if (existing) {
      const [doc] = select(existing, filter, 1);
      if (doc) {
        const next = applyPlan(planUpdate(update, false), doc, filter);
        if (next) commit(existing, doc._id, doc, next, undo, false, name);
        return { matched: 1, modified: next ? 1 : 0 };
      }
    }
    const base = equalityFields(filter);
    const plan = base._id === undefined ? planUpdate(update, true) : null;
    const id = checkId(base._id ?? plan?.insertId ?? randomUUID());
    if (existing?.docs.has(id)) {
      // The filter missed only because of its extra conditions (a position guard): already applied.
      if (inBatch) return { matched: 0, modified: 0 };
      throw new DuplicateKeyError(name, `Duplicate key in ${name}: _id ${JSON.stringify(id)}`);
    }
    const fresh = { ...base, _id: id } as Doc;
    const doc = applyPlan(plan ?? planUpdate(update, true), fresh, filter, true) ?? fresh;
    insertDoc(name, doc, undo);
    return { matched: 0, modified: 0, upsertedId: String(id) };
  };

  const deleteDocs = (name: string, filter: Filter, many: boolean, undo: UndoEntry[]): number => {
    const coll = collections.get(name);
    if (!coll) return 0;
    const matches = select(coll, filter, many ? Infinity : 1);
    for (const doc of matches) commit(coll, doc._id, doc, undefined, undo, false, name);
    return matches.length;
  };

  /**
   * The shape of nearly every projection write, done without the general machinery: by `_id`, guarded by
   * top-level comparisons (`{ _pos: { $lt: position } }`), changing top-level fields with `$set`, `$inc`
   * and `$setOnInsert`. Returns false, having changed nothing, for any other shape.
   */
  const leanWrite = (kind: 'upsert' | 'updateOne', name: string, filter: Filter, update: Update, undo: UndoEntry[]): boolean => {
    const id = filter._id;
    if (typeof id !== 'string') return false;
    let guarded = false;
    for (const field in filter) {
      if (field === '_id') continue;
      const cond = filter[field];
      if (!isPlainObject(cond) || field.includes('.') || field.startsWith('$')) return false;
      let count = 0;
      for (const operator in cond) {
        const value = cond[operator];
        if (++count > 1 || !COMPARISONS.has(operator) || (typeof value !== 'string' && typeof value !== 'number')) return false;
      }
      if (count === 0) return false;
      guarded = true;
    }
    let set: AnyObject | undefined;
    let inc: AnyObject | undefined;
    let setOnInsert: AnyObject | undefined;
    let max: AnyObject | undefined;
    for (const operator in update) {
      const expr = update[operator];
      if (!isPlainObject(expr)) return false;
      if (operator === '$set') set = expr;
      else if (operator === '$inc') inc = expr;
      else if (operator === '$setOnInsert') setOnInsert = expr;
      else if (operator === '$max') max = expr;
      else return false;
    }
    const coll = collections.get(name);
    // The field names: known good when this layout was seen before, checked (and the layout kept) otherwise.
    let layout = coll ? findLayout(coll, setOnInsert, set, inc, max) : undefined;
    if (!layout) {
      if (!isLeanLayout(setOnInsert, set, inc, max)) return false;
      if (coll) layout = addLayout(coll, setOnInsert, set, inc, max);
    }
    // The values: numbers for $inc, strings or numbers for $max.
    if (inc) for (const field in inc) if (typeof inc[field] !== 'number') return false;
    if (max) for (const field in max) if (!isComparable(max[field])) return false;

    const doc = coll?.docs.get(id);
    if (coll && doc) {
      // A failed guard means this event was already applied to the document: nothing to do.
      if (guarded) {
        for (const field in filter) {
          if (field === '_id') continue;
          const cond = filter[field] as AnyObject;
          for (const operator in cond) if (!compareScalar(doc[field], operator, cond[operator] as string | number)) return true;
        }
      }
      if (inc) for (const field in inc) if (doc[field] !== undefined && typeof doc[field] !== 'number') return false;
      if (max) for (const field in max) if (doc[field] !== undefined && typeof doc[field] !== typeof max[field]) return false;
      // Built by spreads: V8 keeps such objects in fast mode, where assigning field by field can turn a
      // wide document into a dictionary (twice the memory, and slower to read and to collect).
      const next: AnyObject = set ? copyObjectValues({ ...doc, ...set }, set) : { ...doc };
      if (inc) for (const field in inc) next[field] = ((doc[field] as number | undefined) ?? 0) + (inc[field] as number);
      if (max) {
        for (const field in max) {
          const value = max[field] as string | number;
          if (doc[field] === undefined || (doc[field] as string | number) < value) next[field] = value;
        }
      }
      commit(coll, id, doc, next as Doc, undo, false, name);
      return true;
    }
    if (kind === 'updateOne') return true;
    const target = coll ?? getOrCreate(name, undo);
    if (!coll) layout = addLayout(target, setOnInsert, set, inc, max);
    let fresh: AnyObject;
    if (layout) {
      fresh = layout.build(id, setOnInsert, set, inc, max);
    } else {
      fresh = { _id: id, ...setOnInsert, ...set, ...inc, ...max };
      if (setOnInsert) copyObjectValues(fresh, setOnInsert);
      if (set) copyObjectValues(fresh, set);
    }
    commit(target, id, undefined, fresh as Doc, undo, false, name);
    return true;
  };

  const applyOp = (op: WriteOp, undo: UndoEntry[]): void => {
    if ((op.op === 'upsert' || op.op === 'updateOne') && leanWrite(op.op, op.collection, op.filter, op.update, undo)) return;
    switch (op.op) {
      case 'upsert':
        upsertDoc(op.collection, op.filter, op.update, undo, true);
        return;
      case 'updateOne':
      case 'updateMany':
        updateDocs(op.collection, op.filter, op.update, op.op === 'updateMany', undo);
        return;
      case 'deleteOne':
      case 'deleteMany':
        deleteDocs(op.collection, op.filter, op.op === 'deleteMany', undo);
        return;
      default:
        throw new Error(`Unknown write op ${JSON.stringify((op as { op: unknown }).op)}`);
    }
  };

  const allDocs = (name: string): Doc[] => {
    const coll = collections.get(name);
    return coll ? Array.from(coll.docs.values(), (d) => clone(d)) : [];
  };

  const makeCollection = (name: string): Collection => ({
    name,
    async find(filter = {}, opts = {}) {
      assertOpen();
      return findDocs(collections.get(name), filter, opts);
    },
    async findOne(filter, opts = {}) {
      assertOpen();
      return findDocs(collections.get(name), filter, { ...opts, limit: 1 })[0] ?? null;
    },
    async count(filter = {}) {
      assertOpen();
      const coll = collections.get(name);
      if (!coll) return 0;
      if (Object.keys(filter).length === 0) return coll.docs.size;
      return select(coll, filter, Infinity).length;
    },
    async insertOne(doc) {
      const copy = clone(doc) as Doc;
      if (copy._id === undefined) copy._id = randomUUID();
      atomic((undo) => insertDoc(name, copy, undo));
    },
    async upsert(filter, update) {
      return atomic((undo) => upsertDoc(name, filter, update, undo, false));
    },
    async updateOne(filter, update) {
      return atomic((undo) => updateDocs(name, filter, update, false, undo));
    },
    async updateMany(filter, update) {
      return atomic((undo) => updateDocs(name, filter, update, true, undo));
    },
    async deleteOne(filter) {
      return atomic((undo) => deleteDocs(name, filter, false, undo));
    },
    async deleteMany(filter) {
      return atomic((undo) => deleteDocs(name, filter, true, undo));
    },
    async aggregate<R>(pipeline: Pipeline): Promise<R[]> {
      assertOpen();
      const coll = collections.get(name);
      let stages = pipeline;
      let source: Doc[];
      const first = pipeline[0];
      // Stages may modify their input in place: they only ever see copies.
      if (first && isMatchStage(first)) {
        source = coll ? select(coll, first.$match, Infinity).map((d) => clone(d)) : [];
        stages = pipeline.slice(1);
      } else {
        source = allDocs(name);
      }
      if (stages.length === 0) return source as R[];
      return new Aggregator(stages, { collectionResolver: allDocs }).run(source) as R[];
    },
  });

  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let handle = handles.get(name);
      if (!handle) {
        handle = makeCollection(name);
        handles.set(name, handle);
      }
      return handle as unknown as Collection<T>;
    },
    async ensureIndexes(name, indexes) {
      atomic((undo) => {
        const coll = getOrCreate(name, undo);
        const specs = coll.specs.slice();
        const uniques = coll.uniques.slice();
        const lookups = coll.lookups.slice();
        try {
          for (const raw of indexes) addIndex(name, coll, raw);
        } catch (error) {
          coll.specs = specs;
          coll.uniques = uniques;
          coll.lookups = lookups;
          throw error;
        }
      });
    },
    async applyBatch(ops) {
      atomic((undo) => {
        for (const op of ops) applyOp(op, undo);
      });
    },
    async listCollections() {
      assertOpen();
      return [...collections.keys()].sort();
    },
    async dropCollection(name) {
      assertOpen();
      collections.delete(name);
    },
    async renameCollection(from, to) {
      assertOpen();
      if (from === to) throw new Error(`renameCollection: cannot rename ${from} to itself`);
      const source = collections.get(from);
      if (!source) throw new Error(`renameCollection: source collection ${from} does not exist`);
      collections.delete(from);
      collections.set(to, source);
    },
    async flush() {
      assertOpen();
      if (!snapshotFile) return;
      // The state at the call: documents are never mutated in place, so copying references is enough.
      const view = Array.from(collections, ([name, coll]) => ({
        name,
        indexes: coll.specs.map((s) => ({ ...s })),
        docs: Array.from(coll.docs.values()),
      }));
      const write = (): Promise<void> => writeSnapshot(snapshotFile, view);
      const run = flushChain.then(write, write);
      flushChain = run.catch(() => undefined);
      return run;
    },
    async close() {
      closed = true;
      await flushChain;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writes and unique indexes

/**
 * Swaps `next` in for the document `id` (undefined deletes it), keeping the indexes in step. `prev` is the
 * document stored under `id` now (the caller has it at hand). Unless `force`, a unique key held by another
 * document raises DuplicateKeyError and leaves everything as it was.
 */
function commit(
  coll: CollectionState,
  id: Id,
  prev: Doc | undefined,
  next: Doc | undefined,
  undo: UndoEntry[] | null,
  force: boolean,
  name = '',
): void {
  const uniques = coll.uniques;
  for (let i = 0; i < uniques.length; i++) {
    const index = uniques[i]!;
    const oldKey = prev ? indexKey(index, prev) : NO_KEY;
    const newKey = next ? indexKey(index, next) : NO_KEY;
    if (oldKey === newKey || newKey === NO_KEY) continue;
    if (force) {
      index.entries.set(newKey, id);
      continue;
    }
    // One probe: claims the key, or finds who holds it.
    const owner = index.entries.getOrInsert(newKey, id);
    if (owner !== id) {
      // Release the keys claimed by the indexes before this one, then report the conflict.
      for (let j = 0; j < i; j++) {
        const claimed = uniques[j]!;
        const key = indexKey(claimed, next!);
        if (key !== (prev ? indexKey(claimed, prev) : NO_KEY)) claimed.entries.delete(key);
      }
      throw new DuplicateKeyError(name, `Duplicate key in ${name}: index ${index.name}`);
    }
  }
  // Every new key is held: release the old ones.
  if (prev) {
    for (const index of uniques) {
      const oldKey = indexKey(index, prev);
      if (next && indexKey(index, next) === oldKey) continue;
      if (index.entries.get(oldKey) === id) index.entries.delete(oldKey);
    }
  }
  for (const lookup of coll.lookups) {
    const before = prev?.[lookup.field];
    const after = next?.[lookup.field];
    if (prev && next && before === after) continue;
    if (prev) for (const key of lookupKeys(before)) removeFromLookup(lookup, key, id);
    if (next) for (const key of lookupKeys(after)) addToLookup(lookup, key, id);
  }
  if (next) coll.docs.set(id, next);
  else coll.docs.delete(id);
  undo?.push({ kind: 'doc', coll, id, prev });
}

type Scalar = string | number | boolean | null;

const NO_LOOKUP_KEYS: readonly Scalar[] = [];

/**
 * The keys a document's value is found under in a lookup index: a scalar itself, each scalar of an array.
 * Null and missing values are not indexed (a field most documents leave null would otherwise hold every
 * id under one key): a condition that can match null is evaluated by a scan instead.
 */
function lookupKeys(value: unknown): readonly Scalar[] {
  if (value === undefined || value === null) return NO_LOOKUP_KEYS;
  if (Array.isArray(value)) return value.filter((v) => v !== null && isScalar(v));
  return isScalar(value) ? [value] : NO_LOOKUP_KEYS;
}

function addToLookup(lookup: LookupIndex, key: Scalar, id: Id): void {
  let ids = lookup.entries.get(key);
  if (!ids) lookup.entries.set(key, (ids = new Set()));
  ids.add(id);
}

function removeFromLookup(lookup: LookupIndex, key: Scalar, id: Id): void {
  const ids = lookup.entries.get(key);
  if (!ids) return;
  ids.delete(id);
  if (ids.size === 0) lookup.entries.delete(key);
}

function addIndex(name: string, coll: CollectionState, raw: IndexSpec): void {
  const fields = Object.keys(raw.key);
  if (fields.length === 0) throw new Error(`Index on ${name} has no key`);
  const spec: IndexSpec = { key: { ...raw.key }, name: raw.name ?? defaultIndexName(raw.key) };
  if (raw.unique) spec.unique = true;
  const sameName = coll.specs.find((s) => s.name === spec.name);
  if (sameName) {
    if (sameKey(sameName.key, spec.key) && !!sameName.unique === !!spec.unique) return;
    throw new Error(`Index ${spec.name} on ${name} already exists with a different definition`);
  }
  if (coll.specs.some((s) => sameKey(s.key, spec.key))) {
    throw new Error(`An index with key ${JSON.stringify(spec.key)} already exists on ${name} under another name`);
  }
  if (spec.unique) {
    const single = fields.length === 1 && !fields[0]!.includes('.') ? fields[0] : undefined;
    const index: UniqueIndex = { name: spec.name!, fields, single, entries: new KeyTable() };
    // Built in one pass over the loaded documents (see KeyTable.load): a rebuild adds its unique indexes last.
    const keys: IndexKey[] = [];
    const ids: Id[] = [];
    for (const doc of coll.docs.values()) {
      keys.push(indexKey(index, doc));
      ids.push(doc._id);
    }
    if (!index.entries.load(keys, ids)) {
      throw new DuplicateKeyError(name, `Cannot build unique index ${spec.name} on ${name}: duplicate key`);
    }
    coll.uniques.push(index);
  }
  // Equality and $in lookups on the first field, unless a single-field unique index already serves them.
  const first = fields[0]!;
  const servedByUnique = coll.uniques.some((unique) => unique.single === first);
  if (!first.includes('.') && first !== '_id' && !servedByUnique && !coll.lookups.some((l) => l.field === first)) {
    const lookup: LookupIndex = { field: first, entries: new Map() };
    for (const doc of coll.docs.values()) for (const key of lookupKeys(doc[first])) addToLookup(lookup, key, doc._id);
    coll.lookups.push(lookup);
  }
  coll.specs.push(spec);
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

type IndexKey = string | number | boolean | null;
const NO_KEY = Symbol('no key');

/**
 * The key of `doc` in a unique index; a missing field indexes as null, as in MongoDB. A single top-level
 * field holding a scalar is its own key (no string is built on the hot path); anything else is encoded
 * into a string starting with NUL, which a scalar string key is never allowed to start with.
 */
function indexKey(index: UniqueIndex, doc: Doc): IndexKey {
  if (index.single !== undefined) {
    const value = doc[index.single];
    if (value === undefined || value === null) return null;
    const type = typeof value;
    if ((type === 'string' && (value as string).charCodeAt(0) !== 0) || type === 'boolean') return value as string | boolean;
    if (type === 'number' && !Number.isNaN(value)) return value as number;
  }
  let key = '\u0000';
  for (const field of index.fields) key += encodeKeyPart(resolvePath(doc, field)) + '\u0001';
  return key;
}

function encodeKeyPart(value: unknown): string {
  if (value === undefined || value === null) return 'z';
  switch (typeof value) {
    case 'string':
      return 's' + JSON.stringify(value);
    case 'number':
      return 'n' + String(value);
    case 'boolean':
      return value ? 'b1' : 'b0';
    default:
      return value instanceof Date ? 'd' + value.getTime() : 'j' + JSON.stringify(value);
  }
}

function resolvePath(doc: unknown, path: string): unknown {
  if (!path.includes('.')) return (doc as AnyObject)[path];
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as AnyObject)[part];
  }
  return value;
}

function checkId(id: unknown): Id {
  if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return id;
  throw new TypeError(`Unsupported _id ${JSON.stringify(id)}: use a string`);
}

// ---------------------------------------------------------------------------------------------------------
// Updates

interface UpdatePlan {
  /** Operator functions, built once per update document and reused for every matched document. */
  fns: ((obj: AnyObject) => string[])[];
  /** Top-level fields the update may change: only these are copied before mingo mutates the document. */
  roots: Set<string>;
  /** Positional (`$`, `$[]`, `$[x]`) paths need the filter: evaluated by mingo's full `update`. */
  positional: AnyObject | null;
  /** `_id` given by `$setOnInsert`/`$set` on the insert path. */
  insertId: unknown;
}

function planUpdate(update: Update, inserting: boolean): UpdatePlan {
  if (update === null || typeof update !== 'object' || Array.isArray(update)) {
    throw new TypeError('Update must be a document of update operators');
  }
  const ops = Object.keys(update);
  if (ops.length === 0) throw new Error('Update document must not be empty');
  const modifier: AnyObject = {};
  let insertId: unknown;
  for (const op of ops) {
    const expr = update[op];
    if (op !== '$setOnInsert' && !UPDATE_OPERATORS[op]) {
      throw new Error(op.startsWith('$') ? `Unsupported update operator ${op}` : 'Update document must contain only update operators');
    }
    if (expr === null || typeof expr !== 'object' || Array.isArray(expr)) throw new TypeError(`${op} expects a document`);
    if (op === '$setOnInsert' && !inserting) continue;
    // Values are copied once here so stored documents never share objects with the caller.
    const copy = clone(expr) as AnyObject;
    const target = op === '$setOnInsert' ? '$set' : op;
    if (inserting && target === '$set' && '_id' in copy) {
      insertId ??= copy._id;
      delete copy._id;
    }
    if (Object.keys(copy).length === 0) continue;
    modifier[target] = modifier[target] ? { ...(modifier[target] as AnyObject), ...copy } : copy;
  }
  const roots = new Set<string>();
  let positional = false;
  for (const [op, expr] of Object.entries(modifier)) {
    for (const [path, value] of Object.entries(expr as AnyObject)) {
      roots.add(rootOf(path));
      if (op === '$rename' && typeof value === 'string') roots.add(rootOf(value));
      if (path.includes('$')) positional = true;
    }
  }
  const fns = positional ? [] : Object.entries(modifier).map(([op, expr]) => operatorFn(op, expr as AnyObject));
  return { fns, roots, positional: positional ? modifier : null, insertId };
}

/**
 * `$set` and `$inc` of top-level fields (the bulk of projection writes) skip mingo's per-call path parsing;
 * they behave exactly like mingo's operators. Everything else is mingo's own operator.
 */
function operatorFn(op: string, expr: AnyObject): (obj: AnyObject) => string[] {
  const fields = Object.keys(expr);
  const simple = fields.every((f) => f !== '' && f !== '_id' && !f.includes('.') && !f.startsWith('$'));
  if (simple && op === '$set') {
    return (obj) => {
      const changed: string[] = [];
      for (const field of fields) {
        const value = expr[field];
        if (!isEqual(obj[field], value)) {
          obj[field] = value;
          changed.push(field);
        }
      }
      return changed;
    };
  }
  if (simple && op === '$inc' && fields.every((f) => typeof expr[f] === 'number')) {
    return (obj) => {
      const changed: string[] = [];
      for (const field of fields) {
        const previous = obj[field];
        if (previous === undefined || typeof previous === 'number') {
          const next = (previous ?? 0) + (expr[field] as number);
          obj[field] = next;
          if (next !== previous) changed.push(field);
        }
      }
      return changed;
    };
  }
  return UPDATE_OPERATORS[op]!(expr);
}

function rootOf(path: string): string {
  const dot = path.indexOf('.');
  return dot === -1 ? path : path.slice(0, dot);
}

/** Returns the updated copy of `doc`, or null when the update changes nothing. `doc` is left untouched. */
function applyPlan(plan: UpdatePlan, doc: Doc, filter: Filter, forceResult = false): Doc | null {
  const next: AnyObject = { ...doc };
  for (const root of plan.roots) {
    const value = next[root];
    if (value !== null && typeof value === 'object') next[root] = clone(value);
  }
  let changed = false;
  if (plan.positional) {
    changed = mingoUpdate(next, plan.positional, undefined, filter, { cloneMode: 'copy' }).length > 0;
  } else {
    for (const fn of plan.fns) if (fn(next).length > 0) changed = true;
  }
  return changed || forceResult ? (next as Doc) : null;
}

/** Equality conditions of a filter, as MongoDB copies them into a document inserted by an upsert. */
function equalityFields(filter: Filter): AnyObject {
  const out: AnyObject = {};
  const visit = (f: Filter): void => {
    for (const [key, value] of Object.entries(f)) {
      if (key === '$and' && Array.isArray(value)) {
        for (const sub of value) if (sub && typeof sub === 'object') visit(sub as Filter);
        continue;
      }
      if (key.startsWith('$') || value instanceof RegExp) continue;
      if (isOperatorObject(value)) {
        if ('$eq' in value) setPath(out, key, clone(value.$eq));
        continue;
      }
      setPath(out, key, clone(value));
    }
  };
  visit(filter);
  return out;
}

function setPath(target: AnyObject, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    const child = node[part];
    if (child === null || typeof child !== 'object') node[part] = {};
    node = node[part] as AnyObject;
  }
  node[parts[parts.length - 1]!] = value;
}

const COMPARISONS = new Set(['$lt', '$lte', '$gt', '$gte']);

/**
 * A layout of the fields a lean write's operators name ($setOnInsert, $set, $inc, $max, in that order), with
 * the document a lean upsert inserts for it, `{ _id, ...$setOnInsert, ...$set, ...$inc, ...$max }`, built
 * by one object literal compiled for that layout: V8 allocates a literal of known shape in one step, where
 * spreading defines the fields one by one. A layout is kept once its names are checked (top-level, disjoint),
 * so a write with a known layout skips those checks. Field names enter the generated code only as JSON
 * string literals; values are arguments. A collection keeps a few layouts (a projection writes a handful);
 * past that, or for a `__proto__` field (which a literal would take as the prototype), writes check their
 * names every time and documents are built by spreads.
 */
interface Layout {
  fields: string[];
  /** How many of `fields` each of the four operators holds. */
  counts: [number, number, number, number];
  build: (id: string, setOnInsert?: AnyObject, set?: AnyObject, inc?: AnyObject, max?: AnyObject) => AnyObject;
}

const MAX_LAYOUTS = 8;
const LAYOUT_ARGS = ['setOnInsert', 'set', 'inc', 'max'] as const;

function findLayout(coll: CollectionState, setOnInsert?: AnyObject, set?: AnyObject, inc?: AnyObject, max?: AnyObject): Layout | undefined {
  for (const layout of coll.layouts) {
    const { fields, counts } = layout;
    if (
      sameFields(fields, 0, counts[0], setOnInsert) &&
      sameFields(fields, counts[0], counts[1], set) &&
      sameFields(fields, counts[0] + counts[1], counts[2], inc) &&
      sameFields(fields, counts[0] + counts[1] + counts[2], counts[3], max)
    ) {
      return layout;
    }
  }
  return undefined;
}

/** Whether `source` has exactly the fields `fields[offset, offset + count)`, in that order. */
function sameFields(fields: string[], offset: number, count: number, source: AnyObject | undefined): boolean {
  if (!source) return count === 0;
  let n = 0;
  for (const field in source) {
    if (n >= count || fields[offset + n] !== field) return false;
    n++;
  }
  return n === count;
}

/** Keeps the layout of these operators (whose names `isLeanLayout` accepted) for `coll`, when there is room. */
function addLayout(coll: CollectionState, ...sources: (AnyObject | undefined)[]): Layout | undefined {
  if (coll.layouts.length >= MAX_LAYOUTS) return undefined;
  const fields: string[] = [];
  const counts: number[] = [];
  const entries = ['"_id": id'];
  for (let s = 0; s < LAYOUT_ARGS.length; s++) {
    let count = 0;
    for (const field in sources[s]) {
      if (field === '__proto__') return undefined;
      const literal = JSON.stringify(field);
      fields.push(field);
      const value = `${LAYOUT_ARGS[s]}[${literal}]`;
      // $setOnInsert and $set values may be objects, stored as copies; $inc and $max values are scalars.
      entries.push(s < 2 ? `${literal}: (v = ${value}, typeof v === "object" && v !== null ? copy(v) : v)` : `${literal}: ${value}`);
      count++;
    }
    counts.push(count);
  }
  const compile = new Function('copy', `return (id, ${LAYOUT_ARGS.join(', ')}) => { let v; return { ${entries.join(', ')} }; };`);
  const layout: Layout = { fields, counts: counts as Layout['counts'], build: compile(copyValue) as Layout['build'] };
  coll.layouts.push(layout);
  return layout;
}

/** Top-level, non-`_id` field names, no field under two operators (a MongoDB error, left to the general path). */
function isLeanLayout(setOnInsert?: AnyObject, set?: AnyObject, inc?: AnyObject, max?: AnyObject): boolean {
  for (const expr of [setOnInsert, set, inc, max]) {
    if (!expr) continue;
    for (const field in expr) {
      if (field === '' || field === '_id' || field.charCodeAt(0) === 36 /* $ */ || field.includes('.')) return false;
    }
  }
  if (inc && (overlaps(inc, set) || overlaps(inc, setOnInsert) || overlaps(inc, max))) return false;
  if (setOnInsert && (overlaps(setOnInsert, set) || overlaps(setOnInsert, max))) return false;
  return !(max && overlaps(max, set));
}

function isComparable(value: unknown): boolean {
  return typeof value === 'string' || (typeof value === 'number' && !Number.isNaN(value));
}

function overlaps(a: AnyObject, b: AnyObject | undefined): boolean {
  if (b) for (const field in a) if (field in b) return true;
  return false;
}

/**
 * One empty array shared by the stored documents that hold `[]` (read models hold many): stored documents
 * are never changed in place and reads return copies, so it is never seen nor changed by a caller. Frozen,
 * so that a write path breaking that rule fails loudly.
 */
const EMPTY_ARRAY: readonly unknown[] = Object.freeze([]);

/** A value as a document stores it: objects and arrays copied, so that nothing is shared with the caller. */
function copyValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Array.isArray(value) && value.length === 0 ? EMPTY_ARRAY : clone(value);
}

/** Replaces the object values `target` took from `source` by copies (see copyValue). */
function copyObjectValues(target: AnyObject, source: AnyObject): AnyObject {
  for (const field in source) {
    const value = source[field];
    if (value !== null && typeof value === 'object') target[field] = copyValue(value);
  }
  return target;
}

/** MongoDB comparison of a stored scalar with a string or number: no match across types or when missing. */
function compareScalar(stored: unknown, operator: string, value: string | number): boolean {
  if (typeof stored !== typeof value) return false;
  const v = stored as string | number;
  if (typeof v === 'number' && Number.isNaN(v)) return false;
  switch (operator) {
    case '$lt':
      return v < value;
    case '$lte':
      return v <= value;
    case '$gt':
      return v > value;
    default:
      return v >= value;
  }
}

function isOperatorObject(value: unknown): value is AnyObject {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

function isPlainObject(value: unknown): value is AnyObject {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

// ---------------------------------------------------------------------------------------------------------
// Reads

function findDocs(coll: CollectionState | undefined, filter: Filter, opts: FindOptions): Doc[] {
  if (!coll) return [];
  const skip = Math.max(0, opts.skip ?? 0);
  const limit = opts.limit && opts.limit > 0 ? opts.limit : Infinity;
  let matches: Doc[];
  if (opts.sort && Object.keys(opts.sort).length > 0) {
    matches = sortDocs(select(coll, filter, Infinity), opts.sort).slice(skip, skip + limit);
  } else {
    matches = select(coll, filter, skip + limit).slice(skip);
  }
  const copies = matches.map((d) => clone(d));
  if (opts.projection && Object.keys(opts.projection).length > 0) {
    return new Aggregator([{ $project: opts.projection }], {}).run<Doc>(copies);
  }
  return copies;
}

/**
 * Sorts as MongoDB does. When every sort field is top-level and holds, in every document, a missing value,
 * null, or one type of number or string, a native sort with the same order (missing/null first) is used;
 * anything else (dotted paths, arrays, mixed types, dates...) goes to mingo.
 */
function sortDocs(docs: Doc[], sort: Sort): Doc[] {
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
  if (!simple) return new Aggregator([{ $sort: sort }], {}).run<Doc>(docs);
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

/** The stored documents matching `filter` (not copies), in natural order, at most `max` of them. */
function select(coll: CollectionState, filter: Filter, max: number): Doc[] {
  const out: Doc[] = [];
  if (max <= 0) return out;
  const idCond = filter._id;
  let candidates: Iterable<Doc> | undefined;
  if (typeof idCond === 'string' || typeof idCond === 'number') {
    const doc = coll.docs.get(idCond);
    candidates = doc ? [doc] : [];
  } else if (isOperatorObject(idCond) && Object.keys(idCond).length === 1 && isPrimitiveList(idCond.$in)) {
    const found: Doc[] = [];
    for (const id of new Set(idCond.$in)) {
      const doc = coll.docs.get(id as Id);
      if (doc) found.push(doc);
    }
    candidates = found;
  }
  const byId = candidates !== undefined;
  candidates ??= indexedCandidates(coll, filter) ?? coll.docs.values();
  // With the candidates found by `_id`, only the other conditions remain to be tested.
  const test = compileFilter(filter, byId);
  for (const doc of candidates) {
    if (test(doc)) {
      out.push(doc);
      if (out.length >= max) break;
    }
  }
  return out;
}

/** The values an equality or `$in` condition can match, or undefined for any other condition. */
function conditionKeys(cond: unknown): Scalar[] | undefined {
  if (isScalar(cond)) return [cond];
  if (!isOperatorObject(cond)) return undefined;
  const operators = Object.keys(cond);
  if (operators.length !== 1) return undefined;
  if (operators[0] === '$eq' && isScalar(cond.$eq)) return [cond.$eq];
  if (operators[0] === '$in' && Array.isArray(cond.$in) && cond.$in.every(isScalar)) return cond.$in as Scalar[];
  return undefined;
}

/**
 * A superset of the matching documents found through an index on one of the filter's equality or `$in`
 * fields (the whole filter is still tested on each), or undefined when no index applies.
 */
function indexedCandidates(coll: CollectionState, filter: Filter): Doc[] | undefined {
  if (coll.lookups.length === 0 && coll.uniques.length === 0) return undefined;
  for (const field in filter) {
    if (field.startsWith('$')) continue;
    const keys = conditionKeys(filter[field]);
    if (!keys) continue;
    const lookup = coll.lookups.find((l) => l.field === field);
    const unique = lookup ? undefined : coll.uniques.find((u) => u.single === field);
    if (!lookup && !unique) continue;
    // Lookup indexes leave null and missing values out (see lookupKeys).
    if (lookup && keys.includes(null)) continue;
    // Unique keys of strings starting with NUL are encoded (see indexKey): scan for those instead.
    if (unique && keys.some((key) => typeof key === 'string' && key.charCodeAt(0) === 0)) continue;
    const ids = new Set<Id>();
    for (const key of keys) {
      if (lookup) for (const id of lookup.entries.get(key) ?? []) ids.add(id);
      else {
        const id = unique!.entries.get(key);
        if (id !== undefined) ids.add(id);
      }
    }
    const docs: Doc[] = [];
    for (const id of ids) {
      const doc = coll.docs.get(id);
      if (doc) docs.push(doc);
    }
    return docs;
  }
  return undefined;
}

function isMatchStage(stage: Record<string, unknown>): stage is { $match: Filter } {
  const keys = Object.keys(stage);
  return keys.length === 1 && keys[0] === '$match' && isPlainObject(stage.$match);
}

function isPrimitiveList(value: unknown): value is (string | number)[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string' || (typeof v === 'number' && !Number.isNaN(v)));
}

// ---------------------------------------------------------------------------------------------------------
// Filters: a fast evaluator for the common shapes, mingo for everything else.

type Primitive = string | number | boolean | null;
/** true/false when decided; undefined when the document holds a value the fast path does not handle. */
type FastTest = (doc: Doc) => boolean | undefined;
const UNKNOWN = Symbol('unknown');

/**
 * Compiles a filter into a predicate. Top-level or dotted fields compared with scalars (`=`, `$eq`, `$ne`,
 * `$lt`, `$lte`, `$gt`, `$gte`, `$in`, `$nin`, `$exists`) are evaluated directly when the document holds a
 * scalar there; arrays, embedded documents and every other operator are evaluated by mingo.
 */
function compileFilter(filter: Filter, ignoreId = false): (doc: Doc) => boolean {
  const keys = Object.keys(filter);
  if (keys.length === (ignoreId ? 1 : 0)) return () => true;
  const rest = (): Filter => {
    if (!ignoreId) return filter;
    const copy = { ...filter };
    delete copy._id;
    return copy;
  };
  const fast = compileFast(filter, keys, ignoreId);
  if (!fast) {
    const query = new Query(rest());
    return (doc) => query.test(doc);
  }
  let query: Query | undefined;
  return (doc) => fast(doc) ?? (query ??= new Query(rest())).test(doc);
}

function compileFast(filter: Filter, keys: string[], ignoreId: boolean): FastTest | null {
  const tests: { path: string[]; test: ScalarTest; onArray: (values: Primitive[]) => boolean }[] = [];
  for (const key of keys) {
    if (ignoreId && key === '_id') continue;
    const cond = filter[key];
    if (key.startsWith('$') || key === '') return null;
    const compiled = compileCondition(cond);
    if (!compiled) return null;
    tests.push({ path: key.split('.'), ...compiled });
  }
  return (doc) => {
    for (const { path, test, onArray } of tests) {
      const value = resolveScalar(doc, path);
      if (value === UNKNOWN) return undefined;
      if (Array.isArray(value) ? !onArray(value) : !test(value)) return false;
    }
    return true;
  };
}

/** The scalar at `path`, or the array of scalars there; UNKNOWN for anything the fast path leaves to mingo. */
function resolveScalar(doc: Doc, path: string[]): Primitive | Primitive[] | undefined | typeof UNKNOWN {
  let value: unknown = doc;
  for (const part of path) {
    if (value === null || value === undefined || typeof value !== 'object') return undefined;
    if (Array.isArray(value)) return UNKNOWN;
    value = (value as AnyObject)[part];
  }
  if (Array.isArray(value)) return value.every(isScalar) ? value : UNKNOWN;
  if (value !== null && typeof value === 'object') return UNKNOWN;
  if (typeof value === 'number' && Number.isNaN(value)) return UNKNOWN;
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') return UNKNOWN;
  return value as Primitive | undefined;
}

function isScalar(value: unknown): value is Primitive {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && !Number.isNaN(value))
  );
}

function equals(expected: Primitive): (value: Primitive | undefined) => boolean {
  return expected === null ? (value) => value === null || value === undefined : (value) => value === expected;
}

type ScalarTest = (value: Primitive | undefined) => boolean;

/**
 * A condition on one field, for a scalar value and for an array of scalars. On arrays MongoDB applies each
 * operator to the elements: a positive one matches when some element does, `$ne`/`$nin` only when none
 * equals, `$exists` to the field itself.
 */
function compileCondition(cond: unknown): { test: ScalarTest; onArray: (values: Primitive[]) => boolean } | null {
  if (isScalar(cond)) {
    const eq = equals(cond);
    return { test: eq, onArray: (values) => values.some(eq) };
  }
  if (!isOperatorObject(cond)) return null;
  const tests: { test: ScalarTest; array: 'some' | 'every' | 'present' }[] = [];
  for (const [op, arg] of Object.entries(cond)) {
    switch (op) {
      case '$eq':
      case '$ne': {
        if (!isScalar(arg)) return null;
        const eq = equals(arg);
        tests.push(op === '$eq' ? { test: eq, array: 'some' } : { test: (v) => !eq(v), array: 'every' });
        break;
      }
      case '$lt':
      case '$lte':
      case '$gt':
      case '$gte': {
        if (typeof arg !== 'string' && (typeof arg !== 'number' || Number.isNaN(arg))) return null;
        const type = typeof arg;
        let test: ScalarTest;
        if (op === '$lt') test = (v) => typeof v === type && (v as typeof arg) < arg;
        else if (op === '$lte') test = (v) => typeof v === type && (v as typeof arg) <= arg;
        else if (op === '$gt') test = (v) => typeof v === type && (v as typeof arg) > arg;
        else test = (v) => typeof v === type && (v as typeof arg) >= arg;
        tests.push({ test, array: 'some' });
        break;
      }
      case '$in':
      case '$nin': {
        if (!Array.isArray(arg) || !arg.every(isScalar)) return null;
        const set = new Set<Primitive>(arg);
        const hasNull = set.has(null);
        const has = (v: Primitive | undefined): boolean => (v === null || v === undefined ? hasNull : set.has(v));
        tests.push(op === '$in' ? { test: has, array: 'some' } : { test: (v) => !has(v), array: 'every' });
        break;
      }
      case '$exists': {
        const wanted = Boolean(arg);
        tests.push({ test: (v) => (v !== undefined) === wanted, array: 'present' });
        break;
      }
      default:
        return null;
    }
  }
  return {
    test: (value) => tests.every((t) => t.test(value)),
    onArray: (values) =>
      tests.every(({ test, array }) =>
        array === 'present' ? test(values as unknown as Primitive) : array === 'some' ? values.some(test) : values.every(test),
      ),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Cloning

/** Deep copy for JSON-like documents (plus Date); anything exotic goes through structuredClone. */
function clone<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = clone(value[i] as unknown);
    return out as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: AnyObject = {};
  for (const key of Object.keys(value)) out[key] = clone((value as AnyObject)[key]);
  return out as T;
}

// ---------------------------------------------------------------------------------------------------------
// Snapshot (NDJSON): a header line, then per collection a line `{collection, indexes, count}` followed by
// `count` document lines, then a trailer. Dates are written as `{"$date": <ms>}`.

interface SnapshotCollection {
  name: string;
  indexes: IndexSpec[];
  docs: Doc[];
}

async function writeSnapshot(file: string, view: SnapshotCollection[]): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true });
  const tmp = `${file}.tmp`;
  const handle = await open(tmp, 'w');
  let position = 0;
  let pending = '';
  const drain = async (): Promise<void> => {
    if (!pending) return;
    const bytes = Buffer.from(pending, 'utf8');
    pending = '';
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset, position);
      offset += bytesWritten;
      position += bytesWritten;
    }
  };
  try {
    let total = 0;
    pending += JSON.stringify({ format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION }) + '\n';
    for (const coll of view) {
      pending += JSON.stringify({ collection: coll.name, indexes: coll.indexes, count: coll.docs.length }) + '\n';
      for (const doc of coll.docs) {
        pending += JSON.stringify(doc, dateReplacer) + '\n';
        if (pending.length >= WRITE_CHUNK_CHARS) await drain();
      }
      total += coll.docs.length;
    }
    pending += JSON.stringify({ end: true, collections: view.length, docs: total }) + '\n';
    await drain();
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(tmp, file);
  const dirHandle = await open(dir, 'r');
  try {
    await dirHandle.sync();
  } finally {
    await dirHandle.close();
  }
}

async function readSnapshot(file: string): Promise<Map<string, CollectionState> | null> {
  try {
    await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const corrupt = (why: string): Error => new Error(`Read-store snapshot ${file} is not valid: ${why}`);
  const collections = new Map<string, CollectionState>();
  const input = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let header = false;
  let ended = false;
  let current: { name: string; coll: CollectionState; remaining: number } | null = null;
  try {
    for await (const line of lines) {
      if (line === '') continue;
      if (ended) throw corrupt('data after the end marker');
      const record = (line.includes('"$date"') ? JSON.parse(line, dateReviver) : JSON.parse(line)) as AnyObject;
      if (!header) {
        if (record.format !== SNAPSHOT_FORMAT || record.version !== SNAPSHOT_VERSION) throw corrupt('unknown header');
        header = true;
      } else if (current && current.remaining > 0) {
        const id = checkId(record._id);
        commit(current.coll, id, current.coll.docs.get(id), record as Doc, null, true);
        current.remaining--;
      } else if (typeof record.collection === 'string') {
        const coll: CollectionState = { docs: new KeyTable(), specs: [], uniques: [], lookups: [], layouts: [] };
        const name = record.collection;
        current = { name, coll, remaining: Number(record.count) };
        collections.set(name, coll);
        for (const spec of (record.indexes ?? []) as IndexSpec[]) addIndex(name, coll, spec);
      } else if (record.end === true) {
        if (record.collections !== collections.size) throw corrupt('collection count mismatch');
        ended = true;
      } else {
        throw corrupt('unexpected line');
      }
    }
  } finally {
    lines.close();
    input.destroy();
  }
  if (!ended) throw corrupt('truncated (no end marker)');
  return collections;
}

function dateReplacer(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as AnyObject)[key];
  return raw instanceof Date ? { $date: raw.getTime() } : value;
}

function dateReviver(_key: string, value: unknown): unknown {
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '$date' && typeof value.$date === 'number') return new Date(value.$date);
  }
  return value;
}
