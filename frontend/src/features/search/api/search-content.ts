import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { api } from '@/lib/api-client';
import type { SearchQuery } from '../search-rules';

/** GET /search/ with the SPEC §3 search filters: visible content (at most 50 items) in the chosen order. */
export function searchContent(query: SearchQuery, signal?: AbortSignal): Promise<ContentDto[]> {
  return api.get<ContentDto[]>('/search/', { query, signal });
}
