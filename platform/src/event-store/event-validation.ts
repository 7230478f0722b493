import { z } from 'zod';
import { eventSchemas, isDomainEventType } from '@crossfeed/domain/event-schemas.ts';
import type { NewEvent } from './event-store.port.ts';

/**
 * What an append accepts (domain/src/event-schemas.ts):
 * - `strict`: domain events only, each one's data matching its type's schema (what every entry point opens,
 *   platform/src/config/adapters.ts);
 * - `known` (the adapters' default): the data of a domain event type is checked; a type the domain does not
 *   know is stored as it is (tests of the runner and the dispatcher store made-up events);
 * - `off`: nothing is checked (the port's contract suite stores made-up data under real type names).
 *
 * Only appends are checked: events read back may have an older shape, which their readers accept.
 */
export type EventValidation = 'strict' | 'known' | 'off';

/**
 * An append refused because an event is not what its type says: a programming error (a decider or a worker
 * built the wrong data), never the user's, so nothing maps it to a 4xx. Nothing of the append is written.
 */
export class InvalidEvent extends Error {
  override readonly name = 'InvalidEvent';
  readonly stream: string;
  readonly type: string;

  constructor(stream: string, type: string, reason: string) {
    super(`Refused to append ${type} to ${stream}: ${reason}`);
    this.stream = stream;
    this.type = type;
  }
}

/** Throws `InvalidEvent` for the first event of `events` that `validation` refuses. */
export function assertValidEvents(stream: string, events: readonly NewEvent[], validation: EventValidation): void {
  if (validation === 'off') return;
  for (const event of events) {
    if (!isDomainEventType(event.type)) {
      if (validation === 'strict') throw new InvalidEvent(stream, event.type, 'not an event type of the domain (domain/src/events.ts)');
      continue;
    }
    const result = eventSchemas[event.type].safeParse(event.data);
    if (!result.success) throw new InvalidEvent(stream, event.type, z.prettifyError(result.error).replaceAll('\n', ' '));
  }
}
