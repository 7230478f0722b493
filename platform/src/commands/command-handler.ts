import type { Decider, DomainEvent } from '@crossfeed/domain/shared/decider.ts';
import {
  WrongExpectedVersion,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
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
}

// Deciders of every state, command and event type share one cache; each entry is only ever used with its own decider.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDecider = Decider<any, any, any>;

/** A decider's state of one stream, folded up to `revision` (-1n: nothing folded yet). */
interface Folded {
  state: unknown;
  revision: bigint;
}

const NOTHING_FOLDED = -1n;

/**
 * The one generic command handler (DESIGN §3): bring the decider's state of the stream up to date,
 * `decide`, append with the expected revision. What makes its cost independent of the stream's length:
 *
 * - **Folded states are cached** by stream and revision, so a command reads only the events appended since
 *   (`readStream(stream, { fromRevision })`) — none, when this process wrote them. The state is folded
 *   with the decider's own `evolve`, which updates it in place in O(1) per event (see `Decider`); only this
 *   handler ever holds a cached state, and it folds into it only events that are in the log.
 * - **Commands of one stream queue** in the process, one at a time, instead of racing each other into
 *   optimistic-concurrency retries. A race with another process (several API replicas) is still settled
 *   by the expected revision: the loser catches up on the new events and decides again, a bounded number
 *   of times.
 *
 * The queue holds a stream only while deciding and appending; waiting for the read models happens after.
 */
export class CommandHandler {
  readonly #store: EventStore;
  readonly #cacheSize: number;
  /** stream → decider → folded state; Map order is the LRU order (oldest first). */
  readonly #cache = new Map<string, Map<AnyDecider, Folded>>();
  /** stream → the tail of its queue of commands. */
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(store: EventStore, options: CommandHandlerOptions = {}) {
    this.#store = store;
    this.#cacheSize = options.cacheSize ?? 10_000;
  }

  handle<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    stream: string,
    command: Command,
    options: HandleOptions = {},
  ): Promise<CommandResult<Event>> {
    return this.#serialize(stream, () => this.#handle(decider, stream, command, options));
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
    return this.#serialize(stream, async () => {
      const folded = await this.#catchUp(decider as AnyDecider, stream);
      return read(folded.state as State);
    });
  }

  /** Drops every cached state (tests; a process that knows the log was rewritten). */
  clear(): void {
    this.#cache.clear();
  }

  async #handle<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    stream: string,
    command: Command,
    options: HandleOptions,
  ): Promise<CommandResult<Event>> {
    const maxRetries = options.maxRetries ?? 8;
    for (let attempt = 0; ; attempt++) {
      const folded = await this.#catchUp(decider as AnyDecider, stream);
      const events = decider.decide(command, folded.state as State);
      if (events.length === 0) return { events, position: undefined, nextRevision: undefined };

      const expectedRevision: ExpectedRevision = folded.revision === NOTHING_FOLDED ? 'no_stream' : folded.revision;
      try {
        const result = await this.#store.append(
          stream,
          events.map((event) => ({ type: event.type, data: event.data, metadata: options.metadata })),
          { expectedRevision },
        );
        this.#evolve(decider as AnyDecider, stream, folded, events, result.nextRevision);
        return { events, position: result.position, nextRevision: result.nextRevision };
      } catch (error) {
        // Lost a race to another process: catch up on its events and decide again.
        if (!(error instanceof WrongExpectedVersion) || attempt >= maxRetries) throw error;
      }
    }
  }

  /** The cached state brought up to the end of the stream: only the events after its revision are read. */
  async #catchUp(decider: AnyDecider, stream: string): Promise<Folded> {
    const byDecider = this.#touch(stream);
    let folded = byDecider.get(decider);
    if (!folded) {
      folded = { state: decider.initialState(), revision: NOTHING_FOLDED };
      byDecider.set(decider, folded);
    }
    const events = await this.#store.readStream(stream, { fromRevision: folded.revision + 1n });
    if (events.length === 0) return folded;
    try {
      let state = folded.state;
      for (const event of events) state = decider.evolve(state, event);
      folded.state = state;
      folded.revision = events.at(-1)!.revision;
    } catch (error) {
      byDecider.delete(decider); // a half-folded state is never reused
      throw error;
    }
    return folded;
  }

  /** Folds the events this handler just appended (revisions up to `lastRevision`) into the cached state. */
  #evolve(decider: AnyDecider, stream: string, folded: Folded, events: readonly DomainEvent[], lastRevision: bigint): void {
    try {
      let state = folded.state;
      for (const event of events) state = decider.evolve(state, event);
      folded.state = state;
      folded.revision = lastRevision;
    } catch (error) {
      this.#cache.get(stream)?.delete(decider);
      throw error;
    }
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

  #serialize<T>(stream: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(stream);
    const run = previous ? previous.then(work, work) : work();
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.#queues.set(stream, tail);
    void tail.then(() => {
      if (this.#queues.get(stream) === tail) this.#queues.delete(stream);
    });
    return run;
  }
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
