import { fold, type Decider, type DomainEvent } from '@crossfeed/domain/shared/decider.ts';
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
  /** Tries after losing an optimistic-concurrency race (default 8). */
  maxRetries?: number;
}

/**
 * The one generic command handler: read the stream, fold it with `evolve`, `decide`, append with the
 * expected revision. A command that loses the race to a concurrent writer is retried on the new state a
 * bounded number of times, so invariants decided on one stream hold under concurrency.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  stream: string,
  command: Command,
  options: HandleOptions = {},
): Promise<CommandResult<Event>> {
  const maxRetries = options.maxRetries ?? 8;
  for (let attempt = 0; ; attempt++) {
    const recorded = await store.readStream(stream);
    const state = fold(decider, recorded as unknown as Event[]);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, position: undefined, nextRevision: undefined };

    const last = recorded.at(-1);
    const expectedRevision: ExpectedRevision = last ? last.revision : 'no_stream';
    try {
      const result = await store.append(
        stream,
        events.map((event) => ({ type: event.type, data: event.data, metadata: options.metadata })),
        { expectedRevision },
      );
      return { events, position: result.position, nextRevision: result.nextRevision };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt >= maxRetries) throw error;
      // Lost the race: back off a little (jittered) and decide again on the new state.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
    }
  }
}
