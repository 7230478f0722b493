import { api } from '@/lib/api-client';
import type { MatchedContentDto, ViewFilter } from '../types';

/** The query of GET /content/match for a view filter (the two Premium filters; standard sends none). */
export function matchQuery(filter: ViewFilter): Record<string, boolean> {
  if (filter === 'rankedContent') return { ranked_content: true };
  if (filter === 'topPerformers') return { top_performers: true };
  return {};
}

/** GET /content/match: up to 4 matched contents from other creators (under a Premium filter, each with its `rank_basis`). */
export function getMatchedContent(filter: ViewFilter, signal?: AbortSignal): Promise<MatchedContentDto[]> {
  return api.get<MatchedContentDto[]>('/content/match', { query: matchQuery(filter), ...(signal ? { signal } : {}) });
}
