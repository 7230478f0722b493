import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Decider, DomainEvent } from '@crossfeed/domain/shared/decider.ts';
import {
  WrongExpectedVersion,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
} from '../event-store/event-store.port.ts';

export interface CommandResult<Event extends DomainEvent> {
  events: Event[];
  /** Global position of the last appended event; undefined when the decider decided nothing. */
  position: Position | undefined;
  nextRevision: bigint | undefined;
}

export interface HandleOptions {
  metadata?: EventMetadata;
  /** Tries after losing an optimistic-concurrency race to another process (default 8). */
  maxRetries?: number;
}

export interface CommandHandlerOptions {
  /** Streams whose folded states are kept, least recently used dropped first (default 10,000). */
  cacheSize?: number;
  /** Most commands of one stream decided together and appended in one append (default 64). */
  maxBatch?: number;
}

/** Events read and folded at a time when a stream is caught up. */
const FOLD_WINDOW = 1000;

// Deciders of every state, command and event type share one cache; each entry is only ever used with its own decider.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDecider = Decider<any, any, DomainEvent>;

/** A decider's state of one stream, folded up to `revision` (-1n: nothing folded yet). */
interface Folded {
  state: unknown;
  revision: bigint;
}

/** A command waiting in its stream's queue, or a read of the state (`query`). */
type Queued =
  | {
      kind: 'command';
      decider: AnyDecider;
      command: unknown;
      options: HandleOptions;
      resolve: (result: CommandResult<DomainEvent>) => void;
      reject: (error: unknown) => void;
    }
  | { kind: 'query'; decider: AnyDecider; read: (state: unknown) => unknown; resolve: (result: unknown) => void; reject: (error: unknown) => void };
type QueuedCommand = Extract<Queued, { kind: 'command' }>;

type Outcome = { ok: true; events: DomainEvent[] } | { ok: false; error: unknown };

const NOTHING_FOLDED = -1n;
const DEFAULT_MAX_RETRIES = 8;

/**
 * The one generic command handler (DESIGN §3): bring the decider's state of the stream up to date,
 * `decide`, append with the expected revision. What makes its cost independent of the stream's length:
 *
 * - **Folded states are cached** by stream and revision, so a command reads only the events appended since
 *   (`readStream(stream, { fromRevision })`) — none, when this process wrote them. The state is folded
 *   with the decider's own `evolve`, which updates it in place in O(1) per event (see `Decider`); only this
 *   handler ever holds a cached state.
 * - **Commands of one stream queue** in the process instead of racing each other into optimistic-
 *   concurrency retries. The commands waiting together are decided one after the other, each on the state
 *   the ones before it leave, and their events go to the store in ONE append under one expected revision
 *   (so one fsync for all of them): all are appended, or none. Every caller learns its outcome only once
 *   that append is durable, including a refusal or a "nothing to do", since both were decided on a state
 *   that holds the batch's earlier events.
 * - A race with another process (several API replicas) is settled by the expected revision: the batch is
 *   decided again on the state caught up from the store, a bounded number of times.
 *
 * The queue holds a stream only while deciding and appending; waiting for the read models happens after.
 */
export class CommandHandler {
  readonly #store: EventStore;
  readonly #cacheSize: number;
  readonly #maxBatch: number;
  /** stream → decider → folded state; Map order is the LRU order (oldest first). */
  readonly #cache = new Map<string, Map<AnyDecider, Folded>>();
  /** stream → commands and queries waiting; present while the stream's drain loop runs. */
  readonly #queues = new Map<string, Queued[]>();

  constructor(store: EventStore, options: CommandHandlerOptions = {}) {
    this.#store = store;
    this.#cacheSize = options.cacheSize ?? 10_000;
    this.#maxBatch = options.maxBatch ?? 64;
  }

  handle<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    stream: string,
    command: Command,
    options: HandleOptions = {},
  ): Promise<CommandResult<Event>> {
    return new Promise<CommandResult<DomainEvent>>((resolve, reject) => {
      this.#enqueue(stream, { kind: 'command', decider: decider as unknown as AnyDecider, command, options, resolve, reject });
    }) as Promise<CommandResult<Event>>;
  }

  /**
   * Reads the decider's current state of a stream (the state commands are decided on) through `read`, which
   * runs in the stream's queue and must not keep the state: it is updated in place by later commands.
   */
  query<State, Command, Event extends DomainEvent, Result>(
    decider: Decider<State, Command, Event>,
    stream: string,
    read: (state: State) => Result,
  ): Promise<Result> {
    return new Promise<unknown>((resolve, reject) => {
      this.#enqueue(stream, {
        kind: 'query',
        decider: decider as unknown as AnyDecider,
        read: read as (state: unknown) => unknown,
        resolve,
        reject,
      });
    }) as Promise<Result>;
  }

  /** Drops every cached state (tests; a process that knows the log was rewritten). */
  clear(): void {
    this.#cache.clear();
  }

  #enqueue(stream: string, item: Queued): void {
    const queue = this.#queues.get(stream);
    if (queue) {
      queue.push(item);
      return;
    }
    this.#queues.set(stream, [item]);
    void this.#drain(stream);
  }

  /** Works through the stream's queue: a query alone, commands of one decider in batches. */
  async #drain(stream: string): Promise<void> {
    const queue = this.#queues.get(stream)!;
    while (queue.length > 0) {
      const head = queue[0]!;
      if (head.kind === 'query') {
        queue.shift();
        try {
          const folded = await this.#catchUp(head.decider, stream);
          head.resolve(head.read(folded.state));
        } catch (error) {
          head.reject(error);
        }
        continue;
      }
      let count = 1;
      while (count < queue.length && count < this.#maxBatch) {
        const next = queue[count]!;
        if (next.kind !== 'command' || next.decider !== head.decider) break;
        count += 1;
      }
      await this.#runBatch(head.decider, stream, queue.splice(0, count) as QueuedCommand[]);
    }
    this.#queues.delete(stream);
  }

  async #runBatch(decider: AnyDecider, stream: string, batch: readonly QueuedCommand[]): Promise<void> {
    const maxRetries = Math.max(...batch.map((item) => item.options.maxRetries ?? DEFAULT_MAX_RETRIES));
    for (let attempt = 0; ; attempt++) {
      let folded: Folded;
      try {
        folded = await this.#catchUp(decider, stream);
      } catch (error) {
        for (const item of batch) item.reject(error);
        return;
      }
      const decided = this.#decideInTurn(decider, stream, folded, batch);
      if (!decided) return; // an evolve failed: every command was told
      const { state, outcomes } = decided;
      const toAppend: NewEvent[] = [];
      batch.forEach((item, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) for (const event of outcome.events) toAppend.push({ type: event.type, data: event.data, metadata: item.options.metadata });
      });
      if (toAppend.length === 0) {
        settleAll(batch, outcomes, undefined, undefined);
        return;
      }

      const expectedRevision: ExpectedRevision = folded.revision === NOTHING_FOLDED ? 'no_stream' : folded.revision;
      try {
        const result = await this.#store.append(stream, toAppend, { expectedRevision });
        folded.state = state;
        folded.revision = result.nextRevision;
        settleAll(batch, outcomes, result.position, result.nextRevision);
        return;
      } catch (error) {
        // The state was evolved with events that are not in the log: it is never reused.
        this.#forget(stream, decider);
        if (!(error instanceof WrongExpectedVersion) || attempt >= maxRetries) {
          for (const item of batch) item.reject(error);
          return;
        }
        // Lost a race to another process: decide the batch again on the state caught up from the store.
      }
    }
  }

  /**
   * Decides each command on the state the ones before it leave (evolving the cached state in place with
   * their events). Returns undefined when an evolve throws: the state is dropped and every caller told.
   */
  #decideInTurn(
    decider: AnyDecider,
    stream: string,
    folded: Folded,
    batch: readonly QueuedCommand[],
  ): { state: unknown; outcomes: Outcome[] } | undefined {
    let state = folded.state;
    const outcomes: Outcome[] = [];
    for (const item of batch) {
      let events: DomainEvent[];
      try {
        events = decider.decide(item.command, state);
      } catch (error) {
        outcomes.push({ ok: false, error });
        continue;
      }
      try {
        for (const event of events) state = decider.evolve(state, event);
      } catch (error) {
        this.#forget(stream, decider);
        for (const other of batch) other.reject(error);
        return undefined;
      }
      outcomes.push({ ok: true, events });
    }
    return { state, outcomes };
  }

  /** The cached state brought up to the end of the stream: only the events after its revision are read. */
  async #catchUp(decider: AnyDecider, stream: string): Promise<Folded> {
    const byDecider = this.#touch(stream);
    let folded = byDecider.get(decider);
    if (!folded) {
      folded = { state: decider.initialState(), revision: NOTHING_FOLDED };
      byDecider.set(decider, folded);
    }
    // In windows: a long stream's first fold never holds more than one window of events, so it allocates
    // little that survives (no long scavenges), and it gives the event loop back between windows: an
    // embedded store reads synchronously, so awaiting its read alone would fold 100,000 events in one turn.
    for (let window = 0; ; window++) {
      if (window > 0) await nextTurn();
      const events = await this.#store.readStream(stream, { fromRevision: folded.revision + 1n, maxCount: FOLD_WINDOW });
      if (events.length === 0) return folded;
      try {
        let state = folded.state;
        for (const event of events) state = decider.evolve(state, event);
        folded.state = state;
        folded.revision = events.at(-1)!.revision;
      } catch (error) {
        this.#forget(stream, decider); // a half-folded state is never reused
        throw error;
      }
      if (events.length < FOLD_WINDOW) return folded;
    }
  }

  #forget(stream: string, decider: AnyDecider): void {
    this.#cache.get(stream)?.delete(decider);
  }

  /** The stream's cache entry, marked most recently used; the least recently used streams are dropped. */
  #touch(stream: string): Map<AnyDecider, Folded> {
    let byDecider = this.#cache.get(stream);
    if (byDecider) {
      this.#cache.delete(stream);
    } else {
      byDecider = new Map();
    }
    this.#cache.set(stream, byDecider);
    while (this.#cache.size > this.#cacheSize) {
      const oldest = this.#cache.keys().next().value as string;
      this.#cache.delete(oldest);
    }
    return byDecider;
  }
}

/**
 * Tells every caller of a batch its outcome once the batch is durable: the events it decided (with the
 * position of the batch's last event, which the read models must pass before it answers, and the
 * stream revision of its own last event), or its refusal.
 */
function settleAll(batch: readonly QueuedCommand[], outcomes: readonly Outcome[], position: Position | undefined, lastRevision: bigint | undefined): void {
  // Revisions: the batch's events are consecutive and end at `lastRevision`.
  let eventsAfter = outcomes.reduce((sum, outcome) => sum + (outcome.ok ? outcome.events.length : 0), 0);
  batch.forEach((item, i) => {
    const outcome = outcomes[i]!;
    if (!outcome.ok) {
      item.reject(outcome.error);
      return;
    }
    if (outcome.events.length === 0 || lastRevision === undefined) {
      item.resolve({ events: outcome.events, position: undefined, nextRevision: undefined });
      return;
    }
    eventsAfter -= outcome.events.length;
    item.resolve({ events: outcome.events, position, nextRevision: lastRevision - BigInt(eventsAfter) });
  });
}

/** One handler (and so one cache and one set of queues) per event store: every caller in the process shares it. */
const handlers = new WeakMap<EventStore, CommandHandler>();

export function commandHandlerFor(store: EventStore): CommandHandler {
  let handler = handlers.get(store);
  if (!handler) {
    handler = new CommandHandler(store);
    handlers.set(store, handler);
  }
  return handler;
}

/** Runs one command through the store's shared `CommandHandler`. */
export function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  stream: string,
  command: Command,
  options: HandleOptions = {},
): Promise<CommandResult<Event>> {
  return commandHandlerFor(store).handle(decider, stream, command, options);
}
