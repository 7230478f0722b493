/** GET /search/: visible content matching the SPEC §3 search filters. */
import { SEARCH_FILTER } from '@crossfeed/projections/contents/content-visibility.ts';
import type { Filter, Sort } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { PAGE_SIZE_DEFAULT } from '@crossfeed/domain/rules/limits.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { findPage, type Page } from '../../http/paging.ts';
import type { SearchFilters } from './content.schemas.ts';

/** Relevance is ranked over at most this many of the newest matches. */
export const RELEVANCE_SCAN_MAX = 500;

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function searchFilter(filters: SearchFilters): Filter {
  // Indexed `$in` fields first (the memory store uses the first one it can), scalar bounds next.
  const filter: Filter = {};
  if (filters.categories?.length) filter.categories = { $in: filters.categories };
  if (filters.content_type?.length) filter.content_type = { $in: filters.content_type };
  if (filters.date_from || filters.date_to) {
    filter.created_at = { ...(filters.date_from && { $gte: filters.date_from }), ...(filters.date_to && { $lt: filters.date_to }) };
  }
  if (filters.min_views !== undefined && filters.min_views > 0) filter.short_link_clicks = { $gte: filters.min_views };
  Object.assign(filter, SEARCH_FILTER);
  if (filters.query) {
    const pattern = { $regex: escapeRegex(filters.query), $options: 'i' };
    filter.$or = [{ title: pattern }, { description: pattern }, { categories: pattern }];
  }
  return filter;
}

/** Title hits weigh most, then a category, then the description. */
export function relevance(doc: ContentDoc, query: string | undefined): number {
  if (!query) return 0;
  const needle = query.toLowerCase();
  const title = doc.title.toLowerCase();
  let score = 0;
  if (title === needle) score += 6;
  else if (title.startsWith(needle)) score += 4;
  else if (title.includes(needle)) score += 3;
  if (doc.categories.some((category) => category === needle)) score += 2;
  else if (doc.categories.some((category) => category.includes(needle))) score += 1;
  if (doc.description.toLowerCase().includes(needle)) score += 1;
  return score;
}

/** One page of the matches and their total (what the `X-Total-Count` header says). */
export async function searchContents(
  ctx: ApiContext,
  filters: SearchFilters,
  page: Page = { limit: PAGE_SIZE_DEFAULT, offset: 0 },
): Promise<{ items: ContentDoc[]; total: number }> {
  const contents = ctx.readStore.collection<ContentDoc>(CONTENTS);
  const filter = searchFilter(filters);
  if (filters.sort_by === 'relevance' && filters.query) {
    // A text score the store cannot sort by: the bounded scan (the newest RELEVANCE_SCAN_MAX matches) is
    // ranked here and the pages are cut from that ranking, so the total is that of the ranked set.
    const newest = await contents.find(filter, { sort: { created_at: -1, _id: -1 }, limit: RELEVANCE_SCAN_MAX });
    const ranked = newest
      .map((doc, index) => ({ doc, index, score: relevance(doc, filters.query) }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
    return { items: ranked.slice(page.offset, page.offset + page.limit).map(({ doc }) => doc), total: ranked.length };
  }
  // Newest first, or most viewed first; the id breaks ties so pages never overlap.
  const sort: Sort = filters.sort_by === 'views' ? { short_link_clicks: -1, created_at: -1, _id: -1 } : { created_at: -1, _id: -1 };
  return findPage(contents, filter, sort, page);
}
