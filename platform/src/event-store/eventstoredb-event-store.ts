/**
 * Production EventStore adapter: EventStoreDB via `@eventstore/db-client` (DESIGN §3).
 *
 * Every engine-specific call lives in this file. Notes on the mapping:
 * - Positions: a position is the commit AND prepare positions, each zero-padded
 *   (`formatPosition(commit) + formatPosition(prepare)`, 40 characters), so string order is $all order and
 *   `decodePosition` is the inverse. The events of one append are written as self-committed prepares, and
 *   the server reads each at its own log position (commit = prepare, distinct per event); only the legacy
 *   explicit transactions give several events one commit position, which the prepare part still orders.
 * - `readAll` / `subscribeToAll` take a position the server reads forward from inclusively; our port is
 *   exclusive, so any event at or before the requested position is skipped here.
 * - System events (types starting with `$`) are never returned by `readAll`, `subscribeAll` nor `head`.
 *   `readStream` returns every event of the stream, so that revisions stay gapless for the command handler.
 * - The client does not resubscribe after a dropped subscription: `subscribeAll` does, with backoff, from the
 *   last event the handler completed.
 * - A failed expectation surfaces as `WrongExpectedVersion` whether the client throws it or (with
 *   `throwOnAppendFailure=false` in the connection string) resolves `{ success: false }`; an append over the
 *   server's `MaxAppendSize` as `AppendTooLarge`.
 */
import { newId } from '../ids.ts';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  MaxAppendSizeExceededError,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import type {
  AllStreamRecordedEvent,
  AllStreamSubscription,
  AppendExpectedRevision,
  JSONType,
  Position as EsdbPosition,
  RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { AppendTooLarge, POSITION_WIDTH, WrongExpectedVersion, formatPosition } from './event-store.port.ts';
import { assertValidEvents, type EventValidation } from './event-validation.ts';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  LogHead,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeAllOptions,
  Subscription,
} from './event-store.port.ts';

/** The part of the client this adapter uses (a test can hand in a stand-in that behaves like it). */
export type EventStoreDbClientApi = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

export interface EventStoreDbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false` */
  connectionString: string;
  /** Used instead of a client built from `connectionString` (tests). */
  client?: EventStoreDbClientApi;
  /** Which events an append accepts (default `known`, see event-validation.ts). */
  validation?: EventValidation;
}

const DEFAULT_READ_LIMIT = 1000;
const HEAD_PAGE = 32;
const BACKOFF_START_MS = 100;
const BACKOFF_CAP_MS = 5000;
/** Positions at or above this are "no position" placeholders (e.g. 2^64 - 1 from stream reads on old servers). */
const MAX_REAL_POSITION = 2n ** 63n;

export function encodePosition(position: EsdbPosition): Position {
  return formatPosition(position.commit) + formatPosition(position.prepare);
}

export function decodePosition(position: Position): EsdbPosition {
  if (position.length !== POSITION_WIDTH * 2 || !/^\d+$/.test(position)) {
    throw new TypeError(`Invalid EventStoreDB position: ${JSON.stringify(position)}`);
  }
  return { commit: BigInt(position.slice(0, POSITION_WIDTH)), prepare: BigInt(position.slice(POSITION_WIDTH)) };
}

function isRealPosition(position: EsdbPosition | undefined): position is EsdbPosition {
  return position !== undefined && position.commit >= 0n && position.commit < MAX_REAL_POSITION && position.prepare >= 0n;
}

function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (typeof expected !== 'bigint') throw new TypeError(`Invalid expectedRevision: ${String(expected)}`);
      return expected;
  }
}

function toActualRevision(actual: unknown): bigint | 'no_stream' {
  if (typeof actual === 'bigint') return actual < 0n ? 'no_stream' : actual;
  return 'no_stream';
}

function isSystemEvent(event: { type: string }): boolean {
  return event.type.startsWith('$');
}

function toMetadata(metadata: unknown): EventMetadata {
  const result: EventMetadata = {};
  if (metadata === null || typeof metadata !== 'object' || metadata instanceof Uint8Array) return result;
  const m = metadata as Record<string, unknown>;
  if (typeof m.userId === 'string') result.userId = m.userId;
  if (typeof m.correlationId === 'string') result.correlationId = m.correlationId;
  if (typeof m.causationId === 'string') result.causationId = m.causationId;
  return result;
}

function toData(event: EsdbRecordedEvent): unknown {
  if (event.isJson) return event.data;
  // Written by someone else as binary: try JSON, else hand the bytes over.
  const bytes = event.data;
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
  } catch {
    return bytes;
  }
}

function toRecorded(event: EsdbRecordedEvent, position: Position): RecordedEvent {
  return {
    id: event.id,
    type: event.type,
    stream: event.streamId,
    revision: event.revision,
    position,
    data: toData(event),
    metadata: toMetadata(event.metadata),
    createdAt: event.created.toISOString(),
  };
}

function cleanMetadata(metadata: EventMetadata | undefined): JSONType {
  const result: Record<string, string> = {};
  if (metadata?.userId !== undefined) result.userId = metadata.userId;
  if (metadata?.correlationId !== undefined) result.correlationId = metadata.correlationId;
  if (metadata?.causationId !== undefined) result.causationId = metadata.causationId;
  return result;
}

function sleep(ms: number, signal: { wake?: () => void }): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.wake = undefined;
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.wake = done;
  });
}

export class EventStoreDbEventStore implements EventStore {
  readonly #client: EventStoreDbClientApi;
  readonly #subscriptions = new Set<EventStoreDbSubscription>();
  #closed = false;
  #closing: Promise<void> | undefined;
  readonly #validation: EventValidation;

  constructor(options: EventStoreDbEventStoreOptions) {
    this.#client = options.client ?? EventStoreDBClient.connectionString(options.connectionString);
    this.#validation = options.validation ?? 'known';
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('The event store is closed');
  }

  async append(
    stream: string,
    events: readonly NewEvent[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
    this.#assertOpen();
    if (events.length === 0) throw new Error(`Cannot append an empty list of events to ${stream}`);
    assertValidEvents(stream, events, this.#validation);
    const expected = options?.expectedRevision ?? 'any';
    const expectedRevision = toExpectedRevision(expected);
    const eventData = events.map((event) => {
      const data = (event.data ?? null) as JSONType;
      // Fail before anything is sent when a value cannot be serialized (e.g. a bigint), so nothing is written.
      JSON.stringify(data);
      return jsonEvent({ id: event.id ?? newId(), type: event.type, data, metadata: cleanMetadata(event.metadata) });
    });
    let result;
    try {
      result = await this.#client.appendToStream(stream, eventData, { expectedRevision });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedVersion(stream, expected, toActualRevision(error.actualVersion));
      }
      if (error instanceof MaxAppendSizeExceededError) {
        throw new AppendTooLarge(stream, Number.isSafeInteger(error.maxAppendSize) ? error.maxAppendSize : undefined);
      }
      throw error;
    }
    // With `throwOnAppendFailure=false` the client resolves a failed expectation instead of throwing. Its
    // `nextExpectedRevision` is then not the stream's revision on every path (batchAppend reports
    // `BigInt(hasCurrentStreamRevision())`, a boolean), so the actual revision is read from the stream.
    if (!result.success) throw new WrongExpectedVersion(stream, expected, await this.#lastRevision(stream));
    const nextRevision = result.nextExpectedRevision;
    return { nextRevision, position: await this.#positionOf(stream, nextRevision, result.position) };
  }

  /** The revision of the stream's last event, or 'no_stream'. */
  async #lastRevision(stream: string): Promise<bigint | 'no_stream'> {
    try {
      for await (const resolved of this.#client.readStream(stream, { fromRevision: END, maxCount: 1, direction: BACKWARDS })) {
        if (resolved.event !== undefined) return resolved.event.revision;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return 'no_stream';
      throw error;
    }
    return 'no_stream';
  }

  /**
   * Position of the last event written. The append result carries one position for the whole write, which
   * is not documented to be the last event's $all position, so read the event back (servers ≥ 22.6 return
   * positions on stream reads) and fall back to the append result, then to the log head (at or after the
   * event: a waiter for it may wait longer, never less). A failing read is not a missing position: it is
   * thrown, so that nobody is told the read models hold a write they may not hold yet.
   */
  async #positionOf(stream: string, revision: bigint, fromAppend: EsdbPosition | undefined): Promise<Position> {
    try {
      for await (const resolved of this.#client.readStream(stream, { fromRevision: revision, maxCount: 1, direction: FORWARDS })) {
        if (resolved.event !== undefined && isRealPosition(resolved.event.position)) return encodePosition(resolved.event.position);
      }
    } catch (error) {
      // Deleted since the append: the append result still says where the write went.
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    if (isRealPosition(fromAppend)) return encodePosition(fromAppend);
    const head = await this.head();
    if (head.position === undefined) throw new Error(`No position known for ${stream}@${revision}`);
    return head.position;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.#assertOpen();
    const from = options.fromRevision ?? 0n;
    if (typeof from !== 'bigint' || from < 0n) throw new RangeError(`Invalid fromRevision: ${String(from)}`);
    const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (!(maxCount > 0) || (Number.isFinite(maxCount) && !Number.isSafeInteger(maxCount))) throw new RangeError(`Invalid maxCount: ${String(options.maxCount)}`);
    const result: RecordedEvent[] = [];
    try {
      // EventStoreDB reads from a revision natively (inclusive), so a cached state costs only the new events.
      // Every event is kept, `$`-typed ones too: a command handler folds from revision R + 1 and must find
      // R + 1 there, and deciders ignore the types they do not know.
      const fromRevision = from === 0n ? START : from;
      const read = this.#client.readStream(stream, {
        fromRevision,
        direction: FORWARDS,
        ...(Number.isFinite(maxCount) && { maxCount: BigInt(maxCount) }),
      });
      for await (const resolved of read) {
        const event = resolved.event;
        if (event === undefined) continue;
        const position = isRealPosition(event.position) ? encodePosition(event.position) : '';
        result.push(toRecorded(event, position));
        if (result.length >= maxCount) break;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return result;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.#assertOpen();
    const limit = options.limit ?? DEFAULT_READ_LIMIT;
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Invalid limit: ${limit}`);
    let after = options.fromPosition;
    const result: RecordedEvent[] = [];
    // Page until `limit` non-system events are collected or the log ends. Each page starts AT `after`
    // (the client's start is inclusive), hence one extra event per page.
    for (;;) {
      const pageSize = limit - result.length + 1;
      let seen = 0;
      for await (const resolved of this.#client.readAll({
        fromPosition: after === undefined ? START : decodePosition(after),
        maxCount: pageSize,
        direction: FORWARDS,
      })) {
        seen += 1;
        const event = resolved.event;
        if (event === undefined) continue;
        const position = encodePosition(event.position);
        if (after !== undefined && position <= after) continue;
        after = position;
        if (isSystemEvent(event)) continue;
        if (result.length < limit) result.push(toRecorded(event, position));
      }
      if (result.length >= limit || seen < pageSize) return result;
    }
  }

  subscribeAll(options: SubscribeAllOptions, handler: (event: RecordedEvent) => Promise<void>): Subscription {
    this.#assertOpen();
    if (this.#closing !== undefined) throw new Error('The event store is closing');
    if (options.fromPosition !== undefined) decodePosition(options.fromPosition); // validate now
    const subscription = new EventStoreDbSubscription(this.#client, options, handler, (s) => this.#subscriptions.delete(s));
    this.#subscriptions.add(subscription);
    return subscription;
  }

  /** The last non-system event of $all: read backwards, a page at a time, past trailing system events. */
  async head(): Promise<LogHead> {
    this.#assertOpen();
    let from: EsdbPosition | typeof END = END;
    for (;;) {
      let seen = 0;
      let last: AllStreamRecordedEvent | undefined;
      for await (const resolved of this.#client.readAll({ fromPosition: from, maxCount: HEAD_PAGE, direction: BACKWARDS })) {
        seen += 1;
        const event = resolved.event;
        if (event === undefined) continue;
        last = event;
        if (!isSystemEvent(event)) return { position: encodePosition(event.position), count: undefined };
      }
      // The server reads backwards from a post-position (IReadIndex.ReadAllEventsBackward: "pointer after
      // the end of record"): from an event's position, the page starts with the event before it.
      if (seen < HEAD_PAGE || last === undefined) return { position: undefined, count: undefined };
      from = last.position;
    }
  }

  async countAfter(_position: Position | undefined): Promise<number | undefined> {
    this.#assertOpen();
    return undefined;
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      await Promise.all([...this.#subscriptions].map((s) => s.close()));
      this.#closed = true;
      await this.#client.dispose();
    })();
    return this.#closing;
  }
}

/**
 * A catch-up subscription to $all that survives drops: when the client's stream errors or ends, it waits
 * (backoff 100 ms doubling to 5 s) and subscribes again from the last event the handler completed.
 */
class EventStoreDbSubscription implements Subscription {
  readonly #client: EventStoreDbClientApi;
  readonly #handler: (event: RecordedEvent) => Promise<void>;
  readonly #onError: (error: unknown) => void;
  readonly #onClosed: (subscription: EventStoreDbSubscription) => void;
  #lastPosition: Position | undefined;
  #closed = false;
  #current: AllStreamSubscription | undefined;
  readonly #sleeper: { wake?: () => void } = {};
  readonly #done: Promise<void>;

  constructor(
    client: EventStoreDbClientApi,
    options: SubscribeAllOptions,
    handler: (event: RecordedEvent) => Promise<void>,
    onClosed: (subscription: EventStoreDbSubscription) => void,
  ) {
    this.#client = client;
    this.#handler = handler;
    this.#onError = options.onError ?? (() => {});
    this.#onClosed = onClosed;
    this.#lastPosition = options.fromPosition;
    this.#done = this.#run();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#sleeper.wake?.();
    const current = this.#current;
    if (current !== undefined) await current.unsubscribe().catch(() => {});
    await this.#done;
    this.#onClosed(this);
  }

  #reportError(error: unknown): void {
    try {
      this.#onError(error);
    } catch {
      // an onError that throws must not stop the subscription
    }
  }

  async #run(): Promise<void> {
    await Promise.resolve(); // start after subscribeAll has returned
    let backoff = BACKOFF_START_MS;
    while (!this.#closed) {
      const subscription = this.#client.subscribeToAll({
        fromPosition: this.#lastPosition === undefined ? START : decodePosition(this.#lastPosition),
        filter: excludeSystemEvents(),
      });
      this.#current = subscription;
      try {
        for await (const resolved of subscription) {
          if (this.#closed) break;
          const event = resolved.event;
          if (event === undefined || isSystemEvent(event)) continue;
          const position = encodePosition(event.position);
          if (this.#lastPosition !== undefined && position <= this.#lastPosition) continue;
          if (!(await this.#deliver(toRecorded(event, position)))) break;
          this.#lastPosition = position;
          backoff = BACKOFF_START_MS;
        }
        if (!this.#closed) this.#reportError(new Error('EventStoreDB subscription to $all ended; resubscribing'));
      } catch (error) {
        if (!this.#closed) this.#reportError(error);
      } finally {
        this.#current = undefined;
        await subscription.unsubscribe().catch(() => {});
      }
      if (this.#closed) return;
      await sleep(backoff, this.#sleeper);
      backoff = Math.min(backoff * 2, BACKOFF_CAP_MS);
    }
  }

  /** Calls the handler until it succeeds; false when the subscription closed first. */
  async #deliver(event: RecordedEvent): Promise<boolean> {
    let backoff = BACKOFF_START_MS;
    for (;;) {
      if (this.#closed) return false;
      try {
        await this.#handler(event);
        return true;
      } catch (error) {
        this.#reportError(error);
        if (this.#closed) return false;
        await sleep(backoff, this.#sleeper);
        backoff = Math.min(backoff * 2, BACKOFF_CAP_MS);
      }
    }
  }
}

export function createEventStoreDbEventStore(options: EventStoreDbEventStoreOptions): EventStoreDbEventStore {
  return new EventStoreDbEventStore(options);
}
