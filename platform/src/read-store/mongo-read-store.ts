/**
 * MongoDB ReadStore (DESIGN §3) on the official `mongodb` driver. Every driver-specific call lives here.
 *
 * `applyBatch` runs in one transaction when the deployment supports them (replica set or mongos), else
 * sequentially. A position-guarded upsert (`{ _id, ...guard }`) whose guard does not match must be skipped,
 * not inserted: MongoDB would raise E11000 on `_id`, and inside a transaction any E11000 aborts the whole
 * transaction. So the batch first looks up which guarded `_id`s exist and sends `upsert: true` only for the
 * ones that do not; without a transaction an E11000 on such an upsert (a race) is still skipped.
 */
import { randomUUID } from 'node:crypto';
import { MongoBulkWriteError, MongoClient, MongoServerError } from 'mongodb';
import type {
  AnyBulkWriteOperation,
  ClientSession,
  Filter as MongoFilter,
  IndexDescription,
  UpdateFilter,
  UpdateResult,
} from 'mongodb';
import type { Collection, Doc, Filter, IndexSpec, ReadStore, Update, WriteOp, WriteResult } from './read-store.port.ts';
import { DuplicateKeyError } from './read-store.port.ts';

export interface MongoReadStoreOptions {
  url: string;
  /** Defaults to the database named in the connection string. */
  dbName?: string;
  /** Used instead of a client built from `url` (tests). */
  client?: MongoClient;
}

const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;
const NAMESPACE_EXISTS = 48;

export async function createMongoReadStore(options: MongoReadStoreOptions): Promise<ReadStore> {
  const client = options.client ?? new MongoClient(options.url, { ignoreUndefined: true });
  await client.connect();
  const db = client.db(options.dbName);
  const hello = await db.command({ hello: 1 });
  const transactions = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
  const handles = new Map<string, Collection>();

  const raw = (name: string) => db.collection<Doc>(name);

  const makeCollection = (name: string): Collection => ({
    name,
    async find(filter = {}, opts = {}) {
      const cursor = raw(name).find(filter as MongoFilter<Doc>, {
        ...(opts.sort ? { sort: opts.sort } : {}),
        ...(opts.skip ? { skip: opts.skip } : {}),
        ...(opts.limit ? { limit: opts.limit } : {}),
        ...(opts.projection ? { projection: opts.projection } : {}),
      });
      return cursor.toArray();
    },
    async findOne(filter, opts = {}) {
      const doc = await raw(name).findOne(filter as MongoFilter<Doc>, {
        ...(opts.sort ? { sort: opts.sort } : {}),
        ...(opts.projection ? { projection: opts.projection } : {}),
      });
      return doc;
    },
    async count(filter = {}) {
      return raw(name).countDocuments(filter as MongoFilter<Doc>);
    },
    async insertOne(doc) {
      await mapDuplicate(name, () => raw(name).insertOne({ ...doc, _id: doc._id ?? randomUUID() }));
    },
    async upsert(filter, update) {
      const result = await mapDuplicate(name, () =>
        raw(name).updateOne(filter as MongoFilter<Doc>, withInsertId(filter, update), { upsert: true }),
      );
      return toWriteResult(result);
    },
    async updateOne(filter, update) {
      return toWriteResult(await mapDuplicate(name, () => raw(name).updateOne(filter as MongoFilter<Doc>, update as UpdateFilter<Doc>)));
    },
    async updateMany(filter, update) {
      return toWriteResult(await mapDuplicate(name, () => raw(name).updateMany(filter as MongoFilter<Doc>, update as UpdateFilter<Doc>)));
    },
    async deleteOne(filter) {
      return (await raw(name).deleteOne(filter as MongoFilter<Doc>)).deletedCount;
    },
    async deleteMany(filter) {
      return (await raw(name).deleteMany(filter as MongoFilter<Doc>)).deletedCount;
    },
    async aggregate<R>(pipeline: Record<string, unknown>[]): Promise<R[]> {
      return (await raw(name).aggregate(pipeline).toArray()) as R[];
    },
  });

  /** Runs the batch's writes in order: consecutive writes to one collection go out as one ordered bulkWrite. */
  const runOps = async (ops: readonly WriteOp[], session: ClientSession | undefined, state: { collection: string }): Promise<void> => {
    // Which `_id`s of guarded upserts already exist, so that no upsert can collide on `_id`.
    const guardedIds = new Map<string, Set<string | number>>();
    for (const op of ops) {
      const id = op.op === 'upsert' ? guardedId(op.filter) : undefined;
      if (id === undefined) continue;
      let ids = guardedIds.get(op.collection);
      if (!ids) guardedIds.set(op.collection, (ids = new Set()));
      ids.add(id);
    }
    const existing = new Map<string, Set<unknown>>();
    for (const [name, ids] of guardedIds) {
      state.collection = name;
      const found = await raw(name)
        .find({ _id: { $in: [...ids] } } as MongoFilter<Doc>, { projection: { _id: 1 }, session })
        .toArray();
      existing.set(name, new Set(found.map((d) => d._id as unknown)));
    }
    // After a delete, whether an `_id` exists is no longer known from the lookup: go one write at a time.
    const deletedFrom = new Set<string>();

    let run: { name: string; models: AnyBulkWriteOperation<Doc>[]; skippable: boolean[] } | null = null;
    const send = async (): Promise<void> => {
      if (!run) return;
      const { name, models, skippable } = run;
      run = null;
      state.collection = name;
      await bulkWrite(name, models, skippable, session);
    };

    for (const op of ops) {
      let model: AnyBulkWriteOperation<Doc>;
      let skippable = false;
      switch (op.op) {
        case 'upsert': {
          const id = guardedId(op.filter);
          if (id === undefined) {
            model = { updateOne: { filter: op.filter as MongoFilter<Doc>, update: withInsertId(op.filter, op.update), upsert: true } };
            break;
          }
          if (deletedFrom.has(op.collection)) {
            await send();
            state.collection = op.collection;
            await guardedUpsertStepwise(op.collection, op.filter, op.update, id, session);
            continue;
          }
          const ids = existing.get(op.collection)!;
          const upsert = !ids.has(id);
          ids.add(id);
          skippable = upsert;
          model = { updateOne: { filter: op.filter as MongoFilter<Doc>, update: op.update as UpdateFilter<Doc>, upsert } };
          break;
        }
        case 'updateOne':
          model = { updateOne: { filter: op.filter as MongoFilter<Doc>, update: op.update as UpdateFilter<Doc> } };
          break;
        case 'updateMany':
          model = { updateMany: { filter: op.filter as MongoFilter<Doc>, update: op.update as UpdateFilter<Doc> } };
          break;
        case 'deleteOne':
          model = { deleteOne: { filter: op.filter as MongoFilter<Doc> } };
          deletedFrom.add(op.collection);
          break;
        case 'deleteMany':
          model = { deleteMany: { filter: op.filter as MongoFilter<Doc> } };
          deletedFrom.add(op.collection);
          break;
        default:
          throw new Error(`Unknown write op ${JSON.stringify((op as { op: unknown }).op)}`);
      }
      if (run && run.name !== op.collection) await send();
      run ??= { name: op.collection, models: [], skippable: [] };
      run.models.push(model);
      run.skippable.push(skippable);
    }
    await send();
  };

  /**
   * One ordered bulkWrite. Outside a transaction, an E11000 on `_id` raised by a guarded upsert means another
   * writer inserted it first: that write counts as already applied and the rest of the run is resent.
   */
  const bulkWrite = async (
    name: string,
    models: AnyBulkWriteOperation<Doc>[],
    skippable: boolean[],
    session: ClientSession | undefined,
  ): Promise<void> => {
    let start = 0;
    while (start < models.length) {
      try {
        await raw(name).bulkWrite(start === 0 ? models : models.slice(start), { ordered: true, session });
        return;
      } catch (error) {
        const failed = firstWriteError(error);
        if (!session && failed && failed.code === DUPLICATE_KEY && skippable[start + failed.index] && duplicatesId(failed)) {
          start += failed.index + 1;
          continue;
        }
        throw error;
      }
    }
  };

  const guardedUpsertStepwise = async (
    name: string,
    filter: Filter,
    update: Update,
    id: string | number,
    session: ClientSession | undefined,
  ): Promise<void> => {
    const coll = raw(name);
    const updated = await coll.updateOne(filter as MongoFilter<Doc>, update as UpdateFilter<Doc>, { session });
    if (updated.matchedCount > 0) return;
    if ((await coll.countDocuments({ _id: id } as MongoFilter<Doc>, { session, limit: 1 })) > 0) return;
    await coll.updateOne(filter as MongoFilter<Doc>, update as UpdateFilter<Doc>, { upsert: true, session });
  };

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
      // The collection is created even without indexes (MongoDB creates one on its first write only): a
      // rebuild renames every shadow collection, and renaming one that does not exist fails (26).
      try {
        await db.createCollection(name);
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === NAMESPACE_EXISTS)) throw error;
      }
      if (indexes.length === 0) return;
      await mapDuplicate(name, () => raw(name).createIndexes(indexes.map(toIndexDescription)));
    },
    async applyBatch(ops) {
      if (ops.length === 0) return;
      const state = { collection: ops[0]!.collection };
      try {
        if (transactions) {
          const session = client.startSession();
          try {
            await session.withTransaction(() => runOps(ops, session, state));
          } finally {
            await session.endSession();
          }
        } else {
          await runOps(ops, undefined, state);
        }
      } catch (error) {
        if (isDuplicateKey(error)) throw new DuplicateKeyError(state.collection, (error as Error).message);
        throw error;
      }
    },
    async listCollections() {
      const infos = await db.listCollections({}, { nameOnly: true }).toArray();
      return infos
        .filter((c) => !c.name.startsWith('system.') && (c.type === undefined || c.type === 'collection'))
        .map((c) => c.name)
        .sort();
    },
    async dropCollection(name) {
      try {
        await db.dropCollection(name);
      } catch (error) {
        if (error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND) return;
        throw error;
      }
    },
    async renameCollection(from, to) {
      await db.renameCollection(from, to, { dropTarget: true });
    },
    async flush() {
      // Durable by MongoDB's write concern: nothing to do.
    },
    async close() {
      await client.close();
    },
  };
}

/** The `_id` of a position-guarded upsert: a scalar `_id` plus other conditions. */
function guardedId(filter: Filter): string | number | undefined {
  const id = filter._id;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return Object.keys(filter).length > 1 ? id : undefined;
}

/** Ids are strings (DESIGN §3): an upsert whose filter names no `_id` gets a uuid instead of an ObjectId. */
function withInsertId(filter: Filter, update: Update): UpdateFilter<Doc> {
  const onInsert = (update.$setOnInsert ?? {}) as Record<string, unknown>;
  const set = (update.$set ?? {}) as Record<string, unknown>;
  if ('_id' in filter || '_id' in onInsert || '_id' in set) return update as UpdateFilter<Doc>;
  return { ...update, $setOnInsert: { ...onInsert, _id: randomUUID() } } as UpdateFilter<Doc>;
}

function toWriteResult(result: UpdateResult<Doc>): WriteResult {
  const out: WriteResult = { matched: result.matchedCount, modified: result.modifiedCount };
  if (result.upsertedId !== null && result.upsertedId !== undefined) out.upsertedId = String(result.upsertedId);
  return out;
}

function toIndexDescription(spec: IndexSpec): IndexDescription {
  const description: IndexDescription = { key: spec.key };
  if (spec.unique) description.unique = true;
  if (spec.name) description.name = spec.name;
  return description;
}

function isDuplicateKey(error: unknown): boolean {
  if (error instanceof MongoBulkWriteError) return firstWriteError(error)?.code === DUPLICATE_KEY || error.code === DUPLICATE_KEY;
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}

async function mapDuplicate<T>(collection: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateKey(error)) throw new DuplicateKeyError(collection, (error as Error).message);
    throw error;
  }
}

interface FailedWrite {
  index: number;
  code: number;
  errmsg: string;
  keyPattern?: unknown;
}

function firstWriteError(error: unknown): FailedWrite | undefined {
  if (!(error instanceof MongoBulkWriteError)) return undefined;
  const errors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  const first = errors[0];
  if (!first) return undefined;
  const details = first.err as unknown as Record<string, unknown>;
  return { index: first.index, code: first.code, errmsg: first.errmsg ?? '', keyPattern: details.keyPattern };
}

/** Whether an E11000 is about `_id` (servers report `keyPattern`; older ones only the index name). */
function duplicatesId(failed: FailedWrite): boolean {
  const pattern = failed.keyPattern;
  if (pattern && typeof pattern === 'object') {
    const keys = Object.keys(pattern);
    return keys.length === 1 && keys[0] === '_id';
  }
  return /index: _id_ /.test(failed.errmsg);
}
