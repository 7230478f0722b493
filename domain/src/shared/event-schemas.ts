import type { z } from 'zod';
import type { DomainEvent } from './decider.ts';

/**
 * A zod schema of each event type's data, keyed by type. An aggregate's events file declares its map
 * `satisfies EventSchemas<ItsEvent>`; domain/src/event-schemas.ts joins them and checks each schema is
 * exactly its type, so the event store can refuse an append whose data is not what its type says.
 */
export type EventSchemas<Event extends DomainEvent> = { readonly [Type in Event['type']]: z.ZodType<Extract<Event, { type: Type }>['data']> };
