import type { SEARCH_CATEGORIES, SEARCH_SORTS } from '@crossfeed/domain/rules/content-types.ts';
import { SEARCH_QUERY_MAX } from '@crossfeed/domain/rules/limits.ts';
import { SEARCH_MESSAGES } from './messages';

export type SearchSort = (typeof SEARCH_SORTS)[number];
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

/** The Advanced Search form as typed (SPEC §3 Search filters). */
export type SearchForm = {
  query: string;
  contentTypes: string[];
  categories: SearchCategory[];
  /** `YYYY-MM-DD` or empty. */
  dateFrom: string;
  dateTo: string;
  /** Digits or empty. */
  minViews: string;
  sortBy: SearchSort;
};

/** GET /search/'s query string: lists repeat their parameter; empty optional filters are left out. */
export type SearchQuery = {
  query: string;
  content_type: string[];
  categories: string[];
  date_from?: string;
  date_to?: string;
  min_views?: string;
  sort_by: SearchSort;
};

export { SEARCH_QUERY_MAX };
/** The server's min_views: 1 to 9 digits. */
const MIN_VIEWS_PATTERN = /^\d{1,9}$/;

export const emptySearchForm = (): SearchForm => ({
  query: '',
  contentTypes: [],
  categories: [],
  dateFrom: '',
  dateTo: '',
  minViews: '',
  sortBy: 'relevance',
});

/**
 * SPEC §5 Advanced search: query, categories and content types are required. Dates must not be reversed
 * (the same day is allowed: date_to includes its whole day) and min_views is a whole number of 0 or more.
 * Returns the message to show, or null when the form may be sent.
 */
export function validateSearch(form: SearchForm): string | null {
  if (!form.query.trim() || form.categories.length === 0 || form.contentTypes.length === 0) return SEARCH_MESSAGES.required;
  if (form.dateFrom && form.dateTo && form.dateFrom > form.dateTo) return SEARCH_MESSAGES.dateOrder;
  if (form.minViews.trim() && !MIN_VIEWS_PATTERN.test(form.minViews.trim())) return SEARCH_MESSAGES.minViews;
  return null;
}

/** The query string of GET /search/; categories are sent in lowercase (SPEC §5). */
export function toSearchQuery(form: SearchForm): SearchQuery {
  const query: SearchQuery = {
    query: form.query.trim(),
    content_type: [...form.contentTypes],
    categories: form.categories.map((category) => category.toLowerCase()),
    sort_by: form.sortBy,
  };
  if (form.dateFrom) query.date_from = form.dateFrom;
  if (form.dateTo) query.date_to = form.dateTo;
  if (form.minViews.trim()) query.min_views = form.minViews.trim();
  return query;
}
