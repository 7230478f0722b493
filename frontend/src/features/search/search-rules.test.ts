import { describe, expect, it } from 'vitest';
import { emptySearchForm, toSearchQuery, validateSearch, type SearchForm } from './search-rules';

const valid = (overrides: Partial<SearchForm> = {}): SearchForm => ({
  ...emptySearchForm(),
  query: 'typescript',
  contentTypes: ['article'],
  categories: ['Technology'],
  ...overrides,
});

const REQUIRED = 'Please enter a search query and choose at least one category and one content type.';

describe('search rules', () => {
  it('requires a query, a category and a content type', () => {
    expect(validateSearch(valid())).toBeNull();
    expect(validateSearch(valid({ query: '   ' }))).toBe(REQUIRED);
    expect(validateSearch(valid({ categories: [] }))).toBe(REQUIRED);
    expect(validateSearch(valid({ contentTypes: [] }))).toBe(REQUIRED);
  });

  it('rejects reversed dates but allows the same day', () => {
    expect(validateSearch(valid({ dateFrom: '2026-03-06', dateTo: '2026-03-05' }))).toBe('The start date must be on or before the end date.');
    expect(validateSearch(valid({ dateFrom: '2026-03-05', dateTo: '2026-03-05' }))).toBeNull();
    expect(validateSearch(valid({ dateTo: '2026-03-05' }))).toBeNull();
  });

  it('accepts min views as a whole number of 0 or more', () => {
    expect(validateSearch(valid({ minViews: '0' }))).toBeNull();
    expect(validateSearch(valid({ minViews: '-1' }))).toBe('Minimum views must be a whole number of 0 or more.');
    expect(validateSearch(valid({ minViews: '2.5' }))).toBe('Minimum views must be a whole number of 0 or more.');
  });

  it('builds the query string with lowercase categories and without empty filters', () => {
    expect(toSearchQuery(valid({ query: ' ai ', categories: ['AI', 'Travel'], contentTypes: ['video', 'pdf'] }))).toEqual({
      query: 'ai',
      content_type: ['video', 'pdf'],
      categories: ['ai', 'travel'],
      sort_by: 'relevance',
    });
    expect(toSearchQuery(valid({ dateFrom: '2026-01-01', dateTo: '2026-02-01', minViews: ' 10 ', sortBy: 'views' }))).toMatchObject({
      date_from: '2026-01-01',
      date_to: '2026-02-01',
      min_views: '10',
      sort_by: 'views',
    });
  });
});
