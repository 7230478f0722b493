import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { CONTENT_TYPES, SEARCH_CATEGORIES, SEARCH_SORTS } from '@crossfeed/domain/rules/content-types.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { Modal } from '@/components/ui/modal';
import { ApiError, errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { useShownQuery } from '@/lib/query/use-shown-query';
import { useAppStore } from '@/stores/app-store';
import { selectIsPremium } from '@/stores/session-selectors';
import { getSearchesRemaining } from '../api/get-searches-remaining';
import { contentTypeLabel } from '@crossfeed/domain/rules/content-types.ts';
import { searchContent } from '../api/search-content';
import { SEARCH_MESSAGES } from '../messages';
import { SEARCH_QUERY_MAX, emptySearchForm, toSearchQuery, validateSearch, type SearchCategory, type SearchForm, type SearchSort } from '../search-rules';
import '../search.css';

type AdvancedSearchModalProps = {
  open: boolean;
  onClose: () => void;
  /** A non-empty result list, before the modal closes; the workspace shows it in place of the matches. */
  onResults: (results: ContentDto[]) => void;
  /** A Free user out of searches pressed 'Upgrade to Premium': the route opens the upsell. */
  onUpgrade?: () => void;
};

/** A Free user's searches left today (GET /search/remaining/), read at each opening, dropped on close. */
const SEARCHES_LEFT_KEY = ['searches-remaining'] as const;

const SORT_LABELS: Record<SearchSort, string> = { relevance: 'Relevance', date: 'Date', views: 'Views' };

const toggle = <T extends string>(items: readonly T[], item: T): T[] =>
  items.includes(item) ? items.filter((existing) => existing !== item) : [...items, item];

/**
 * SPEC §2 Advanced Search: query, content types, categories, a date range, minimum views and the sort
 * order, sent to GET /search/. A non-empty answer goes to `onResults` and closes the modal; an empty one
 * is said here, and the form stays as typed for the next try (also across openings).
 */
export function AdvancedSearchModal({ open, onClose, onResults, onUpgrade }: AdvancedSearchModalProps) {
  const isPremium = useAppStore(selectIsPremium);
  /** Free users: searches left today as the server counts them (null until known, or if it cannot be read). */
  const leftQuery = useShownQuery(
    {
      queryKey: SEARCHES_LEFT_KEY,
      queryFn: async ({ signal }) => {
        const answer = await getSearchesRemaining(signal);
        return typeof answer?.remaining_searches === 'number' ? answer.remaining_searches : null;
      },
    },
    open && !isPremium,
  );
  const left = isPremium ? null : (leftQuery.data ?? null);
  const setLeft = (remaining: number) => queryClient.setQueryData(SEARCHES_LEFT_KEY, remaining);
  /** The count again after a search (the hint is left out if that fails). */
  const refreshLeft = () => void queryClient.invalidateQueries({ queryKey: SEARCHES_LEFT_KEY });
  const ids = { form: useId(), query: useId(), from: useId(), to: useId(), views: useId(), sort: useId() };
  const [form, setForm] = useState<SearchForm>(emptySearchForm);
  const [error, setError] = useState<string | null>(null);
  const [noResults, setNoResults] = useState(false);
  const [searching, setSearching] = useState(false);
  const requestRef = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setNoResults(false);
    setSearching(false);
    return () => {
      requestRef.current?.abort();
      requestRef.current = null;
    };
  }, [open]);

  const update = (change: Partial<SearchForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setError(null);
    setNoResults(false);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (searching) return;
    const invalid = validateSearch(form);
    if (invalid) {
      setError(invalid);
      setNoResults(false);
      return;
    }
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    setSearching(true);
    setError(null);
    setNoResults(false);
    try {
      const results = await searchContent(toSearchQuery(form), controller.signal);
      if (controller.signal.aborted) return;
      setSearching(false);
      if (!isPremium) refreshLeft();
      const list = Array.isArray(results) ? results : [];
      if (list.length === 0) {
        setNoResults(true);
        return;
      }
      onResults(list);
      onClose();
    } catch (caught) {
      if (controller.signal.aborted) return;
      setSearching(false);
      if (caught instanceof ApiError && caught.status === 429) setLeft(0);
      setError(errorMessage(caught, SEARCH_MESSAGES.failed));
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={SEARCH_MESSAGES.title}
      className="modal-wide"
      footer={
        <>
          {left === 0 ? (
            // Beside the greyed-out Search button, in the dialog's footer that never scrolls away.
            <div className="search-upsell" role="status">
              <p>{SEARCH_MESSAGES.limitReached}</p>
              {onUpgrade ? (
                <button type="button" className="button button-primary button-small" onClick={onUpgrade}>
                  {SEARCH_MESSAGES.upgrade}
                </button>
              ) : null}
            </div>
          ) : null}
          <button type="button" className="button button-ghost" onClick={() => update(emptySearchForm())} disabled={searching}>
            Reset
          </button>
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={ids.form} className="button button-primary" disabled={searching || left === 0}>
            {searching ? 'Searching...' : 'Search'}
          </button>
        </>
      }
    >
      <form id={ids.form} className="search-form" aria-label={SEARCH_MESSAGES.title} onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className="form-field">
          <label htmlFor={ids.query}>Search query</label>
          <input
            id={ids.query}
            type="search"
            value={form.query}
            maxLength={SEARCH_QUERY_MAX}
            required
            onChange={(event) => update({ query: event.target.value })}
          />
        </div>

        <fieldset className="search-options">
          <legend>Content types</legend>
          <div className="search-option-grid">
            {CONTENT_TYPES.map((type) => (
              <label key={type} className="checkbox">
                <input
                  type="checkbox"
                  checked={form.contentTypes.includes(type)}
                  onChange={() => update({ contentTypes: toggle(form.contentTypes, type) })}
                />
                {contentTypeLabel(type)}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="search-options" aria-describedby={`${ids.form}-categories-hint`}>
          <legend>Categories</legend>
          <p id={`${ids.form}-categories-hint`} className="search-hint">
            {SEARCH_MESSAGES.categoriesHint}
          </p>
          <div className="search-option-grid">
            {SEARCH_CATEGORIES.map((category) => (
              <label key={category} className="checkbox">
                <input
                  type="checkbox"
                  checked={form.categories.includes(category)}
                  onChange={() => update({ categories: toggle<SearchCategory>(form.categories, category) })}
                />
                {category}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="search-row">
          <div className="form-field">
            <label htmlFor={ids.from}>From date</label>
            <input id={ids.from} type="date" value={form.dateFrom} max={form.dateTo || undefined} onChange={(event) => update({ dateFrom: event.target.value })} />
          </div>
          <div className="form-field">
            <label htmlFor={ids.to}>To date</label>
            <input id={ids.to} type="date" value={form.dateTo} min={form.dateFrom || undefined} onChange={(event) => update({ dateTo: event.target.value })} />
          </div>
        </div>

        <div className="search-row">
          <div className="form-field">
            <label htmlFor={ids.views}>Minimum views</label>
            <input
              id={ids.views}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={form.minViews}
              onChange={(event) => update({ minViews: event.target.value })}
            />
          </div>
          <div className="form-field">
            <label htmlFor={ids.sort}>Sort by</label>
            <select id={ids.sort} value={form.sortBy} onChange={(event) => update({ sortBy: event.target.value as SearchSort })}>
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
        </div>

        {left !== null && left > 0 ? (
          <p className="search-quota" role="status">
            {SEARCH_MESSAGES.searchesLeft(left)}
          </p>
        ) : null}
        {left === 0 ? null : <FormMessage tone="error">{error}</FormMessage>}
        {noResults ? (
          <p className="search-no-results" role="status">
            {SEARCH_MESSAGES.noResults}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
