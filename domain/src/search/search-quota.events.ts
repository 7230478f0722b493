import type { DomainEvent } from '../shared/decider.ts';

/** Events of `search-quota-{userId}-{day}`: the searches a Free user ran that UTC day (one event each). */
export type SearchCounted = DomainEvent<'SearchCounted', { userId: string; day: string; searchedAt: string }>;
export type SearchQuotaEvent = SearchCounted;
