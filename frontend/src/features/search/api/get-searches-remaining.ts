import { api } from '@/lib/api-client';

/** A Free user's searches left this UTC day and the daily limit; Premium answers 'Unlimited'. */
export type SearchesRemaining = { remaining_searches: number | 'Unlimited'; daily_limit: number | null };

/** GET /search/remaining/. */
export function getSearchesRemaining(signal?: AbortSignal): Promise<SearchesRemaining> {
  return api.get<SearchesRemaining>('/search/remaining/', { signal });
}
