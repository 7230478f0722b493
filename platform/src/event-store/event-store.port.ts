/**
 * The EventStore port (DESIGN §3). Every adapter passes `event-store.contract.ts`.
 *
 * Positions are opaque strings that sort lexicographically in log order, so they can travel through
 * JSON, jobs, sockets and read-model filters. Stream revisions are 0-based bigints as in EventStoreDB.
 */

/** A global log position. Compare with `<` / `>` on the strings; `undefined` means "before the first event". */
export type Position = string;

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface EventMetadata {
  userId?: string;
  correlationId?: string;
  causationId?: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** Optional: supply a deterministic id (uuid); the store generates one otherwise. */
  id?: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  stream: string;
  revision: bigint;
  position: Position;
  data: Data;
  metadata: EventMetadata;
  /** ISO-8601 timestamp of the append. */
  createdAt: string;
}

export interface AppendResult {
  /** Revision of the last event written to the stream. */
  nextRevision: bigint;
  /** Global position of the last event written. */
  position: Position;
}

export interface ReadStreamOptions {
  /**
   * Inclusive: only events whose revision is at least this one (default 0n, the whole stream). A command
   * handler that holds the state folded up to revision R reads from R + 1: only what it has not seen.
   */
  fromRevision?: bigint;
  /**
   * At most this many events (default: to the end of the stream). A reader of a long stream reads it in
   * windows, so that no more than one window of events is ever held in memory at once.
   */
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: only events strictly after this position. Omit to start at the beginning. */
  fromPosition?: Position;
  /** Maximum number of events in the batch (default 1000). */
  limit?: number;
}

export interface SubscribeAllOptions {
  /** Exclusive: deliver events strictly after this position. Omit to start at the beginning. */
  fromPosition?: Position;
  /**
   * Called when the handler throws or the connection drops. The subscription keeps going: it waits
   * (with backoff) and redelivers from the last event the handler completed. Handlers must be idempotent.
   */
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Stops delivering; resolves once the handler in flight (if any) has finished. */
  close(): Promise<void>;
}

export interface LogHead {
  /** Position of the last event in the log, undefined when the log is empty. */
  position: Position | undefined;
  /** Number of events in the log when the engine knows it cheaply, else undefined. */
  count: number | undefined;
}

export interface EventStore {
  /**
   * Appends `events` to `stream` atomically. Fails with `WrongExpectedVersion` (and writes nothing) when
   * `expectedRevision` does not hold. An empty `events` list is rejected.
   */
  append(stream: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  /**
   * The events of a stream in revision order, from `fromRevision` on (inclusive); an empty list for a
   * stream that does not exist or has nothing at or after that revision.
   */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** One batch of the global log in order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catches up from `fromPosition`, then follows live appends, in order, one handler call at a time. */
  subscribeAll(options: SubscribeAllOptions, handler: (event: RecordedEvent) => Promise<void>): Subscription;
  /** Where the log ends now (for progress reporting and read-your-writes). */
  head(): Promise<LogHead>;
  /** Number of events strictly after `position` when cheaply known (SQLite), else undefined. */
  countAfter(position: Position | undefined): Promise<number | undefined>;
  close(): Promise<void>;
}

export class WrongExpectedVersion extends Error {
  override readonly name = 'WrongExpectedVersion';
  readonly stream: string;
  readonly expected: ExpectedRevision;
  /** The stream's actual revision, or 'no_stream' when it does not exist. */
  readonly actual: bigint | 'no_stream';

  constructor(stream: string, expected: ExpectedRevision, actual: bigint | 'no_stream') {
    super(`Wrong expected version on ${stream}: expected ${String(expected)}, actual ${String(actual)}`);
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}

/**
 * An append larger than the engine accepts in one write (EventStoreDB: `MaxAppendSize`, 1,048,576 bytes by
 * default). Nothing is written. Callers split their writes below the limit; the API answers 413.
 */
export class AppendTooLarge extends Error {
  override readonly name = 'AppendTooLarge';
  readonly stream: string;
  /** The engine's limit in bytes, when it says. */
  readonly maxBytes: number | undefined;

  constructor(stream: string, maxBytes: number | undefined) {
    super(`The append to ${stream} is larger than the event store accepts in one write${maxBytes === undefined ? '' : ` (${maxBytes} bytes)`}`);
    this.stream = stream;
    this.maxBytes = maxBytes;
  }
}

/** Positions as fixed-width decimal strings so that string order equals numeric order. */
export const POSITION_WIDTH = 20;

export function formatPosition(value: bigint | number): Position {
  return value.toString().padStart(POSITION_WIDTH, '0');
}

export function parsePosition(position: Position): bigint {
  return BigInt(position);
}
