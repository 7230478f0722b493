/**
 * The writing side of `ThreadedSqliteReadStore`, run in a worker thread: opens the read-model file as its
 * owner and serves the write protocol (writer-protocol.ts) on a message port. The default thread
 * (writer-thread.ts) does only this; the projection thread (projections/src/runner/projection-thread.ts)
 * does it beside the projection runner, which then writes to the same store without crossing threads.
 */
import type { MessagePort } from 'node:worker_threads';
import type { Logger } from '../../logger.ts';
import type { Doc, Filter, IndexSpec, Update, WriteOp } from '../read-store.port.ts';
import { SqliteReadStore } from '../sqlite-read-store.ts';
import { CollectionVersions } from './collection-versions.ts';
import { serializeError, type WriterData, type WriterEvent, type WriterRequest, type WriterResponse } from './writer-protocol.ts';

type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * A logger whose lines are posted to the parent thread, which writes them with its own logger (an Error in
 * the fields is sent as its name, message and stack: not every Error survives a structured clone).
 */
export function forwardingLogger(port: MessagePort): Logger {
  const level = (name: LogLevel) => (first: unknown, message?: unknown) => {
    const fields = typeof first === 'object' && first !== null ? { ...(first as Record<string, unknown>) } : {};
    if (fields.err !== undefined) fields.err = serializeError(fields.err);
    const text = typeof first === 'string' ? first : typeof message === 'string' ? message : '';
    port.postMessage({ kind: 'log', level: name, fields, message: text } satisfies WriterEvent);
  };
  // The store and the runner write with these four levels only.
  return { debug: level('debug'), info: level('info'), warn: level('warn'), error: level('error') } as unknown as Logger;
}

/**
 * Opens the file as its owner (integrity check after an unclean shutdown, a corrupt file moved aside) and
 * posts `ready` with why it was created, if it was, or `failed`. Undefined when it could not be opened.
 */
export function openWriterStore(port: MessagePort, data: WriterData, logger: Logger = forwardingLogger(port)): SqliteReadStore | undefined {
  let store: SqliteReadStore;
  try {
    store = new SqliteReadStore({
      file: data.file,
      logger,
      ...(data.busyTimeoutMs !== undefined && { busyTimeoutMs: data.busyTimeoutMs }),
      ...(data.versions && { versions: new CollectionVersions(data.versions) }),
    });
  } catch (error) {
    port.postMessage({ kind: 'failed', error: serializeError(error) } satisfies WriterEvent);
    return undefined;
  }
  store.onReset(({ reason }) => port.postMessage({ kind: 'reset', reason } satisfies WriterEvent));
  port.postMessage({ kind: 'ready', openedFresh: store.openedFresh } satisfies WriterEvent);
  return store;
}

function run(store: SqliteReadStore, request: WriterRequest): Promise<unknown> {
  const { method, args } = request;
  switch (method) {
    case 'applyBatch':
      return store.applyBatch(args[0] as WriteOp[]);
    case 'ensureIndexes':
      return store.ensureIndexes(args[0] as string, args[1] as IndexSpec[]);
    case 'dropCollection':
      return store.dropCollection(args[0] as string);
    case 'renameCollection':
      return store.renameCollection(args[0] as string, args[1] as string);
    case 'insertOne':
      return store.collection(args[0] as string).insertOne(args[1] as Doc);
    case 'upsert':
    case 'updateOne':
    case 'updateMany':
      return store.collection(args[0] as string)[method](args[1] as Filter, args[2] as Update);
    case 'deleteOne':
    case 'deleteMany':
      return store.collection(args[0] as string)[method](args[1] as Filter);
    case 'reportCorruption':
      return Promise.resolve(store.reportCorruption(args[0] as string));
    case 'close':
      return store.close();
  }
}

/**
 * Answers write requests in the order they arrive, each once committed. `onClosed` runs after the store has
 * closed on request (the thread then ends what else it runs).
 */
export function serveWrites(port: MessagePort, store: SqliteReadStore, onClosed: () => void = () => port.close()): void {
  port.on('message', (message: WriterRequest | { kind: string }) => {
    if (!('method' in message)) return;
    const request = message;
    run(store, request).then(
      (value) => {
        port.postMessage({ id: request.id, ok: true, value } satisfies WriterResponse);
        if (request.method === 'close') onClosed();
      },
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: serializeError(error) } satisfies WriterResponse),
    );
  });
}
