import type { DomainEvent } from '../shared/decider.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';

/** Events of `search-quota-{userId}-{day}`: the searches a Free user ran that UTC day (one event each). */
export type SearchCounted = DomainEvent<'SearchCounted', { userId: string; day: string; searchedAt: string }>;
export type SearchQuotaEvent = SearchCounted;

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const searchQuotaEventSchemas = {
  SearchCounted: z.object({ userId: z.string(), day: z.string(), searchedAt: z.string() }),
} satisfies EventSchemas<SearchQuotaEvent>;
