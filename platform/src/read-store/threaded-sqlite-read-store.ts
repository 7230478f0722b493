/**
 * The embedded ReadStore of `npm start` and the `projections` service: the SQLite read store
 * (sqlite-read-store.ts) with its writes moved to a worker thread (sqlite/writer-thread.ts) that owns the
 * file, while reads run on the caller's thread through a connection of their own.
 *
 * Why: node:sqlite is synchronous, and applying the projections' batches (serialising documents, SQLite's
 * page writes and commits) was most of the event loop's time under a write load. Here the loop only hands
 * a batch over and goes on serving requests; the runner's next batch holds whatever arrived meanwhile.
 *
 * Semantics are the SQLite store's: each write resolves once committed, so a read made after it sees it;
 * writes run in the order they were made; `applyBatch` is one transaction. The reads of one turn of the
 * event loop share one snapshot (one read transaction: one WAL read lock and one metadata check instead of
 * one per read), which ends at the end of the turn, when a write of this store is answered, and when the
 * caller says another thread committed something its next reads must see (`endSnapshot`). The owner's upkeep (integrity check after an unclean
 * shutdown, moving a corrupt file aside) runs in the writer thread; corruption found by a read is reported
 * to it, and after it has recreated the file the reading connection is opened again and the `onReset`
 * listeners are told.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger.ts';
import type { Collection, Doc, Filter, FindOptions, IndexSpec, Pipeline, ReadStore, ReadStoreReset, Update, WriteOp, WriteResult } from './read-store.port.ts';
import { ReadStoreResetError } from './read-store.port.ts';
import { SqliteReadStore, isCorruptError } from './sqlite-read-store.ts';
import type { CollectionVersions } from './sqlite/collection-versions.ts';
import { KeptAnswers, type KeptQuery } from './sqlite/kept-answers.ts';
import {
  deserializeError,
  type WriterData,
  type WriterEvent,
  type WriterMethod,
  type WriterRequest,
  type WriterResponse,
} from './sqlite/writer-protocol.ts';

export interface ThreadedSqliteReadStoreOptions {
  /** Path of the database file (created when missing). */
  file: string;
  logger?: Logger;
  busyTimeoutMs?: number;
  /**
   * The writer thread, when the caller starts its own (one that also runs other work beside the writes,
   * such as the projection runner): its entry must open the file and serve the writes on its parent port
   * with writer-service.ts, given `{ file, busyTimeoutMs }` as `WriterData`. By default the store starts
   * writer-thread.ts.
   */
  worker?: Worker;
  /**
   * Only when this process is the file's sole writer (npm start holds the data directory's lock): the
   * writer bumps these versions after each commit (its `WriterData.versions`, set by the caller of a custom
   * worker), and documents read by `_id` alone are kept and served again while their collection's version
   * has not moved (every request reads its user so), as are the answers of other queries of collections
   * read more often than written (sqlite/kept-answers.ts). Another process's writes would not move them.
   */
  versions?: CollectionVersions;
  /**
   * With `versions`: how long a collection's version must have stood before answers of its queries are
   * kept (default sqlite/kept-answers.ts `STABLE_MS`; 0 in the contract suite, to keep every answer).
   */
  answersStableMs?: number;
}

/** Documents kept by id at most (the oldest go first). */
const KEPT_DOCS = 20_000;

interface Call {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export async function createThreadedSqliteReadStore(options: ThreadedSqliteReadStoreOptions): Promise<ThreadedSqliteReadStore> {
  const worker =
    options.worker ??
    new Worker(new URL('./sqlite/writer-thread.ts', import.meta.url), {
      workerData: { file: options.file, busyTimeoutMs: options.busyTimeoutMs, versions: options.versions?.counters } satisfies WriterData,
    });
  const openedFresh = await new Promise<string | undefined>((resolve, reject) => {
    const onMessage = (message: WriterEvent | WriterResponse): void => {
      if (!('kind' in message)) return;
      if (message.kind === 'log') logTo(options.logger, message);
      else if (message.kind === 'ready') done(() => resolve(message.openedFresh));
      else if (message.kind === 'failed') done(() => reject(deserializeError(message.error)));
    };
    const onError = (error: Error): void => done(() => reject(error));
    const onExit = (code: number): void => done(() => reject(new Error(`The read store's writer thread exited (${code}) while opening ${options.file}`)));
    const done = (settle: () => void): void => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      settle();
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
  // The writer has opened (and, if need be, checked or recreated) the file: the reader joins it as a guest.
  let reader: SqliteReadStore;
  try {
    reader = new SqliteReadStore({
      file: options.file,
      guest: true,
      snapshotPerTurn: true,
      ...(options.versions && { versions: options.versions }),
      ...(options.busyTimeoutMs !== undefined && { busyTimeoutMs: options.busyTimeoutMs }),
    });
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return new ThreadedSqliteReadStore(worker, reader, options.logger, openedFresh, options.versions, options.answersStableMs);
}

/** The `_id` of a filter that names nothing else, by a string equality. */
function idAlone(filter: Filter): string | undefined {
  const id = filter._id;
  if (typeof id !== 'string') return undefined;
  for (const key in filter) if (key !== '_id') return undefined;
  return id;
}

function logTo(logger: Logger | undefined, message: Extract<WriterEvent, { kind: 'log' }>): void {
  logger?.[message.level](message.fields, message.message);
}

export class ThreadedSqliteReadStore implements ReadStore {
  readonly #worker: Worker;
  readonly #reader: SqliteReadStore;
  readonly #logger: Logger | undefined;
  readonly #calls = new Map<number, Call>();
  readonly #handles = new Map<string, Collection>();
  readonly #listeners = new Set<(reset: ReadStoreReset) => void>();
  #nextId = 0;
  readonly #versions: CollectionVersions | undefined;
  /** Documents by collection and id (JSON text, null when absent), with their collection's version then. */
  readonly #docs = new Map<string, { version: number; text: string | null }>();
  /** Answers of other queries, kept the same way. */
  readonly #answers: KeptAnswers;
  #closed = false;
  #closing: Promise<void> | undefined;
  /** Set when the writer thread is gone: every write fails with it. */
  #broken: Error | undefined;
  /** Why the file was created or recreated when the store opened; undefined when it opened as it was. */
  readonly openedFresh: string | undefined;

  constructor(worker: Worker, reader: SqliteReadStore, logger: Logger | undefined, openedFresh: string | undefined, versions?: CollectionVersions, answersStableMs?: number) {
    this.#worker = worker;
    this.#versions = versions;
    this.#answers = new KeptAnswers(answersStableMs);
    this.#reader = reader;
    this.#logger = logger;
    this.openedFresh = openedFresh;
    worker.on('message', (message: WriterEvent | WriterResponse) => this.#onMessage(message));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(new Error(`The read store's writer thread exited (${code})`)));
    // Held only while a write is in flight: an idle store does not keep the process alive.
    worker.unref();
  }

  #onMessage(message: WriterEvent | WriterResponse): void {
    if ('kind' in message) {
      if (message.kind === 'log') logTo(this.#logger, message);
      else if (message.kind === 'reset') this.#onReset(message.reason);
      return;
    }
    const call = this.#calls.get(message.id);
    if (!call) return;
    this.#calls.delete(message.id);
    if (this.#calls.size === 0) this.#worker.unref();
    // Committed: the reads that follow the write see it.
    this.#reader.endSnapshot();
    if (message.ok) call.resolve(message.value);
    else call.reject(deserializeError(message.error));
  }

  /**
   * Another thread of this process has committed to the file (the projection thread): the reads that follow
   * must see it, so the current snapshot ends (reads share one per turn of the event loop otherwise).
   */
  endSnapshot(): void {
    this.#reader.endSnapshot();
  }

  /** The writer recreated a corrupt file: read the new one, then tell the listeners. */
  #onReset(reason: string): void {
    this.#docs.clear();
    this.#answers.clear();
    try {
      this.#reader.reconnect();
    } catch (error) {
      this.#logger?.error({ err: error }, 'read store: reopening the reading connection after a reset failed');
    }
    for (const listener of this.#listeners) {
      try {
        listener({ reason });
      } catch (error) {
        this.#logger?.error({ err: error }, 'read-store reset listener failed');
      }
    }
  }

  #fail(error: Error): void {
    if (this.#broken) return;
    this.#broken = this.#closed ? new Error('ReadStore is closed') : error;
    if (!this.#closed) this.#logger?.error({ err: error }, 'read store: the writer thread stopped');
    for (const call of this.#calls.values()) call.reject(this.#broken);
    this.#calls.clear();
  }

  #call<T>(method: WriterMethod, args: unknown[]): Promise<T> {
    if (this.#closed && method !== 'close') return Promise.reject(new Error('ReadStore is closed'));
    if (this.#broken) return Promise.reject(this.#broken);
    const id = ++this.#nextId;
    return new Promise<T>((resolve, reject) => {
      if (this.#calls.size === 0) this.#worker.ref();
      this.#calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, method, args } satisfies WriterRequest);
    });
  }

  /** A read on this thread's connection; corruption it finds is the writer's to repair. */
  async #read<T>(work: () => Promise<T>): Promise<T> {
    if (this.#closed) throw new Error('ReadStore is closed');
    try {
      return await work();
    } catch (error) {
      if (!isCorruptError(error)) throw error;
      await this.#call('reportCorruption', [(error as Error).message]);
      throw new ReadStoreResetError(`The read-model file was corrupt and has been recreated empty: ${(error as Error).message}`, { cause: error });
    }
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    let handle = this.#handles.get(name);
    if (!handle) {
      handle = this.#makeHandle(name);
      this.#handles.set(name, handle);
    }
    return handle as unknown as Collection<T>;
  }

  #makeHandle(name: string): Collection {
    const local = this.#reader.collection(name);
    return {
      name,
      find: (filter: Filter = {}, options: FindOptions = {}) =>
        this.#versions ? this.#answer(name, { method: 'find', filter, options }) : this.#read(() => local.find(filter, options)),
      findOne: (filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}) => {
        if (!this.#versions) return this.#read(() => local.findOne(filter, options));
        const id = !options.projection && !options.sort ? idAlone(filter) : undefined;
        return id === undefined ? this.#answer(name, { method: 'findOne', filter, options }) : this.#findById(name, id);
      },
      count: (filter: Filter = {}) => (this.#versions ? this.#answer(name, { method: 'count', filter }) : this.#read(() => local.count(filter))),
      aggregate: <R>(pipeline: Pipeline) => this.#read(() => local.aggregate<R>(pipeline)),
      insertOne: (doc: Doc) => this.#call<void>('insertOne', [name, doc]),
      upsert: (filter: Filter, update: Update) => this.#call<WriteResult>('upsert', [name, filter, update]),
      updateOne: (filter: Filter, update: Update) => this.#call<WriteResult>('updateOne', [name, filter, update]),
      updateMany: (filter: Filter, update: Update) => this.#call<WriteResult>('updateMany', [name, filter, update]),
      deleteOne: (filter: Filter) => this.#call<number>('deleteOne', [name, filter]),
      deleteMany: (filter: Filter) => this.#call<number>('deleteMany', [name, filter]),
    };
  }

  /**
   * `findOne({ _id })`, kept while the collection's version stays (see `versions`). A copy read in a
   * snapshot is tagged with the version as that snapshot began: a commit the snapshot does not hold moves
   * the version past the tag, and the copy is read again.
   */
  async #findById(name: string, id: string): Promise<Doc | null> {
    if (this.#closed) throw new Error('ReadStore is closed');
    const key = `${name}\u0000${id}`;
    let kept = this.#docs.get(key);
    if (kept?.version !== this.#versions!.of(name)) {
      kept = await this.#read(async () => ({ text: this.#reader.docTextById(name, id), version: this.#reader.snapshotVersion(name) }));
      if (this.#docs.size >= KEPT_DOCS) this.#docs.delete(this.#docs.keys().next().value!);
      this.#docs.set(key, kept);
    }
    return kept.text === null ? null : (JSON.parse(kept.text) as Doc);
  }

  /** A query's answer, kept while its collection's version stays (see sqlite/kept-answers.ts). */
  async #answer<T>(name: string, query: KeptQuery): Promise<T> {
    if (this.#closed) throw new Error('ReadStore is closed');
    const key = KeptAnswers.key(name, query);
    const kept = key === undefined ? undefined : this.#answers.get(key, this.#versions!.of(name));
    if (kept) return kept.value as T;
    const { value, version } = await this.#read(async () => this.#reader.answerWithVersion(name, query));
    if (key !== undefined) this.#answers.offer(key, name, version, value);
    return value as T;
  }

  ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    return this.#call('ensureIndexes', [collection, indexes]);
  }

  applyBatch(ops: readonly WriteOp[]): Promise<void> {
    return this.#call('applyBatch', [ops]);
  }

  listCollections(): Promise<string[]> {
    return this.#read(() => this.#reader.listCollections());
  }

  dropCollection(name: string): Promise<void> {
    return this.#call('dropCollection', [name]);
  }

  renameCollection(from: string, to: string): Promise<void> {
    return this.#call('renameCollection', [from, to]);
  }

  async flush(): Promise<void> {
    if (this.#closed) throw new Error('ReadStore is closed');
  }

  onReset(listener: (reset: ReadStoreReset) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Waits for the writes in flight, records the clean shutdown (in the writer), and stops the thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#closed = true;
      try {
        if (!this.#broken) await this.#call('close', []);
      } finally {
        await this.#reader.close();
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }
}
