/**
 * Messages between `ThreadedSqliteReadStore` and its writer thread (writer-thread.ts), and how errors
 * cross: a structured clone keeps neither an error's class nor its extra fields, so the port's typed errors
 * are sent as their name, message and collection, and made again on the other side.
 */
import { DuplicateKeyError, ReadStoreResetError } from '../read-store.port.ts';

export interface WriterData {
  file: string;
  busyTimeoutMs?: number;
  /** The counters of `CollectionVersions` to bump after each commit (a reader of this process caches by them). */
  versions?: Int32Array;
}

export type WriterMethod =
  | 'applyBatch'
  | 'ensureIndexes'
  | 'dropCollection'
  | 'renameCollection'
  | 'insertOne'
  | 'upsert'
  | 'updateOne'
  | 'updateMany'
  | 'deleteOne'
  | 'deleteMany'
  | 'reportCorruption'
  | 'close';

export interface WriterRequest {
  id: number;
  method: WriterMethod;
  args: unknown[];
}

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  collection?: string;
}

export type WriterResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

export type WriterEvent =
  | { kind: 'ready'; openedFresh: string | undefined }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'reset'; reason: string }
  | { kind: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; fields: Record<string, unknown>; message: string };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const serialized: SerializedError = { name: error.name, message: error.message };
  if (error.stack !== undefined) serialized.stack = error.stack;
  if (error instanceof DuplicateKeyError) serialized.collection = error.collection;
  return serialized;
}

export function deserializeError(serialized: SerializedError): Error {
  let error: Error;
  if (serialized.name === 'DuplicateKeyError') error = new DuplicateKeyError(serialized.collection ?? '', serialized.message);
  else if (serialized.name === 'ReadStoreResetError') error = new ReadStoreResetError(serialized.message);
  else {
    error = new Error(serialized.message);
    if (serialized.name !== 'Error') Object.defineProperty(error, 'name', { value: serialized.name, configurable: true });
  }
  // The writer thread's stack says where it failed; this side's would only name the message port.
  if (serialized.stack !== undefined) error.stack = serialized.stack;
  return error;
}
