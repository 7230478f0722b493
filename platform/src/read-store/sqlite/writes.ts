/**
 * The port's write operations (insert, upsert, update, delete and a batch's ops) as MongoDB runs them, on
 * the documents of the unit of work's write-back map, inside its transaction.
 */
import { newId } from '../../ids.ts';
import type { Doc, Filter, Update, WriteOp, WriteResult } from '../read-store.port.ts';
import { DuplicateKeyError } from '../read-store.port.ts';
import type { AnyObject } from './doc-paths.ts';
import { applyUpdate, compileRest, equalityFields, insertedDoc, isOperatorObject, jsonClone, setOwn, validateUpdate } from './doc-update.ts';
import type { Coll } from './catalog.ts';
import { idOf, type Entry, type Id, type UnitOfWork } from './unit-of-work.ts';

function checkId(id: unknown): Id {
  if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return id;
  throw new TypeError(`Unsupported _id ${JSON.stringify(id)}: use a string`);
}

/** Applies an update to a document of the write-back map; `_id` cannot change. */
function apply(entry: Entry, update: Update, inserting: boolean, filter: Filter): boolean {
  const doc = entry.doc!;
  const changed = applyUpdate(doc, update, inserting, filter);
  if (doc._id !== entry.id) throw new Error(`Performing an update on the path '_id' would modify the immutable field '_id'`);
  if (changed) entry.dirty = true;
  return changed;
}

/** The document an upsert inserts: `_id` first, then the filter's equality fields. */
function newDoc(filter: Filter, id: Id): AnyObject {
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

/** `doc` with `_id` first, as MongoDB stores an inserted document. */
function idFirst(id: Id, fields: AnyObject): AnyObject {
  const doc: AnyObject = { _id: id };
  for (const key of Object.keys(fields)) if (key !== '_id') setOwn(doc, key, fields[key]);
  return doc;
}

export function upsert(uow: UnitOfWork, name: string, filter: Filter, update: Update, inBatch: boolean): WriteResult {
  validateUpdate(update);
  const coll = uow.catalog.get(name);
  const id = idOf(filter);
  if (id !== undefined) {
    const existing = coll ? uow.entry(coll, id) : undefined;
    if (existing?.doc) {
      if (!compileRest(filter)(existing.doc)) {
        // The filter missed only because of its other conditions (a position guard): already applied.
        if (inBatch) return { matched: 0, modified: 0 };
        throw new DuplicateKeyError(name, `Duplicate key in ${name}: _id ${JSON.stringify(id)}`);
      }
      return { matched: 1, modified: apply(existing, update, false, filter) ? 1 : 0 };
    }
    const target = coll ?? uow.catalog.create(name);
    const entry = existing ?? uow.entry(target, id);
    const plain = newDoc(filter, id);
    const built = Object.keys(plain).length === 1 ? insertedDoc(id, update, target.layouts) : undefined;
    if (built) entry.doc = built;
    else {
      entry.doc = plain;
      apply(entry, update, true, filter);
    }
    entry.dirty = true;
    return { matched: 0, modified: 0, upsertedId: String(id) };
  }
  if (coll) {
    const [match] = uow.select(coll, filter, 1);
    if (match) return { matched: 1, modified: apply(match, update, false, filter) ? 1 : 0 };
  }
  const fresh = equalityFields(filter);
  applyUpdate(fresh, update, true, filter);
  const insertedId = checkId(fresh._id ?? newId());
  const target = coll ?? uow.catalog.create(name);
  const entry = uow.entry(target, insertedId);
  if (entry.doc) {
    if (inBatch) return { matched: 0, modified: 0 };
    throw new DuplicateKeyError(name, `Duplicate key in ${name}: _id ${JSON.stringify(insertedId)}`);
  }
  entry.doc = idFirst(insertedId, fresh);
  entry.dirty = true;
  return { matched: 0, modified: 0, upsertedId: String(insertedId) };
}

function matching(uow: UnitOfWork, coll: Coll, filter: Filter, many: boolean): Entry[] {
  const id = idOf(filter);
  if (id === undefined) return uow.select(coll, filter, many ? Infinity : 1);
  const entry = uow.entry(coll, id);
  return entry.doc && compileRest(filter)(entry.doc) ? [entry] : [];
}

export function update(uow: UnitOfWork, name: string, filter: Filter, change: Update, many: boolean): WriteResult {
  validateUpdate(change);
  const coll = uow.catalog.get(name);
  if (!coll) return { matched: 0, modified: 0 };
  const matches = matching(uow, coll, filter, many);
  let modified = 0;
  for (const entry of matches) if (apply(entry, change, false, filter)) modified++;
  return { matched: matches.length, modified };
}

export function remove(uow: UnitOfWork, name: string, filter: Filter, many: boolean): number {
  const coll = uow.catalog.get(name);
  if (!coll) return 0;
  const matches = matching(uow, coll, filter, many);
  for (const entry of matches) {
    entry.doc = undefined;
    entry.dirty = true;
  }
  return matches.length;
}

export function insert(uow: UnitOfWork, name: string, input: Doc): void {
  const copy = jsonClone(input) as AnyObject;
  const id = checkId(copy._id ?? newId());
  const coll = uow.catalog.get(name) ?? uow.catalog.create(name);
  const entry = uow.entry(coll, id);
  if (entry.doc) throw new DuplicateKeyError(name, `Duplicate key in ${name}: _id ${JSON.stringify(id)}`);
  entry.doc = idFirst(id, copy);
  entry.dirty = true;
}

export function applyOp(uow: UnitOfWork, op: WriteOp): void {
  switch (op.op) {
    case 'upsert':
      upsert(uow, op.collection, op.filter, op.update, true);
      return;
    case 'updateOne':
    case 'updateMany':
      update(uow, op.collection, op.filter, op.update, op.op === 'updateMany');
      return;
    case 'deleteOne':
    case 'deleteMany':
      remove(uow, op.collection, op.filter, op.op === 'deleteMany');
      return;
    default:
      throw new Error(`Unknown write op ${JSON.stringify((op as { op: unknown }).op)}`);
  }
}
