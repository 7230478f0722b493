/**
 * The ReadStore port (DESIGN §3): MongoDB-shaped collections. The embedded SQLite adapter keeps each
 * collection as a table of JSON documents and evaluates the same filter, update and pipeline documents with
 * mingo, so projections and queries run unchanged on it and on MongoDB. Every adapter passes
 * `read-store.contract.ts`.
 */

export type Filter = Record<string, unknown>;
/** Update operators: $set, $unset, $inc, $push, $addToSet, $pull, $setOnInsert, $max, $min. */
export type Update = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;
export type Pipeline = Record<string, unknown>[];

export interface Doc {
  _id: string;
  [field: string]: unknown;
}

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  /** Inclusion or exclusion projection, as in MongoDB. */
  projection?: Record<string, 0 | 1>;
}

export interface WriteResult {
  matched: number;
  modified: number;
  /** The `_id` of a document inserted by an upsert. */
  upsertedId?: string;
}

export interface IndexSpec {
  /** Field → direction, e.g. `{ user_id: 1, created_at: -1 }`. */
  key: Record<string, 1 | -1>;
  unique?: boolean;
  name?: string;
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort'>): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
  insertOne(doc: T): Promise<void>;
  /** Updates the first match, or inserts `{...equality fields of filter, ...update}` when none matches. */
  upsert(filter: Filter, update: Update): Promise<WriteResult>;
  updateOne(filter: Filter, update: Update): Promise<WriteResult>;
  updateMany(filter: Filter, update: Update): Promise<WriteResult>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
  aggregate<R = Record<string, unknown>>(pipeline: Pipeline): Promise<R[]>;
}

/** One write of a batch applied by `ReadStore.applyBatch` (what projections produce). */
export type WriteOp =
  | { op: 'upsert'; collection: string; filter: Filter; update: Update }
  | { op: 'updateOne'; collection: string; filter: Filter; update: Update }
  | { op: 'updateMany'; collection: string; filter: Filter; update: Update }
  | { op: 'deleteOne'; collection: string; filter: Filter }
  | { op: 'deleteMany'; collection: string; filter: Filter };

export interface ReadStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** Declares indexes for a collection (idempotent); unique indexes are enforced by both adapters. */
  ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void>;
  /**
   * Applies the writes in order as one unit: all or nothing where the engine allows (MongoDB: one
   * transaction when the deployment supports it; SQLite: one transaction, which also holds the checkpoint
   * the runner puts in the batch). A duplicate-key conflict raised by an upsert whose guard did not match
   * counts as "already applied", not an error.
   */
  applyBatch(ops: readonly WriteOp[]): Promise<void>;
  listCollections(): Promise<string[]>;
  dropCollection(name: string): Promise<void>;
  /** Atomically replaces `to` by `from` (MongoDB renameCollection with dropTarget). */
  renameCollection(from: string, to: string): Promise<void>;
  /** Kept for callers of the former in-memory store: every adapter now writes durably, so it does nothing. */
  flush(): Promise<void>;
  /** Closes the store; the SQLite adapter records a clean shutdown (no integrity check at the next open). */
  close(): Promise<void>;
  /**
   * Registers a listener for the store losing its contents while running (the SQLite adapter recreates a
   * file it finds corrupt): every read model and checkpoint is gone and must be rebuilt from the event log.
   * Returns the unsubscribe function. Adapters that cannot lose their contents leave it out.
   */
  onReset?(listener: (reset: ReadStoreReset) => void): () => void;
}

export interface ReadStoreReset {
  /** Why the contents were lost, for the log. */
  reason: string;
}

/** Raised by the operation during which a store found its contents corrupt and recreated them empty. */
export class ReadStoreResetError extends Error {
  override readonly name = 'ReadStoreResetError';
}

/** Raised for unique-index violations so callers can map them without engine-specific codes. */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  readonly collection: string;

  constructor(collection: string, message?: string) {
    super(message ?? `Duplicate key in ${collection}`);
    this.collection = collection;
  }
}
