import { useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Page } from '@/lib/api-client';
import { appendPage, PAGE_SIZE, PAGE_SIZE_MAX } from '@/lib/paging';
import { queryClient } from './query-client';
import { useDropWhenHidden } from './use-drop-when-hidden';

/** Where a page starts and how many items it asks for (the API's `offset` and `limit`). */
export type PageCursor = { offset: number; limit: number };

/** Reads one page of a list endpoint; `signal` aborts it when nothing shows the list any more. */
export type FetchPage<T> = (cursor: PageCursor, signal: AbortSignal) => Promise<Page<T>>;

type PagedData<T> = InfiniteData<Page<T>, PageCursor>;

/** A page asks for `pageSize` items; a refetch for as many as are shown, at least a page, at most the maximum. */
const limitFor = (shown: number, pageSize: number): number => Math.min(Math.max(shown, pageSize), PAGE_SIZE_MAX);

/**
 * The pages loaded so far as one page from the start, asking again for as many items as are shown. A refetch
 * (an invalidation by a push, a refresh) is then one request, as the lists' refreshes were, not one per page.
 */
function asOnePage<T extends { id: string }>(data: { pages: readonly Page<T>[] }, pageSize: number): PagedData<T> {
  const items = data.pages.reduce<T[]>((shown, page) => appendPage(shown, Array.isArray(page.items) ? page.items : []), []);
  const total = Math.max(data.pages.at(-1)?.total ?? 0, items.length);
  return { pages: [{ items, total }], pageParams: [{ offset: 0, limit: limitFor(items.length, pageSize) }] };
}

/** The page size a cached list was opened with (kept in its query's meta). */
const pageSizeOf = (queryKey: QueryKey): number => {
  const size = queryClient.getQueryCache().find({ queryKey, exact: true })?.meta?.pageSize;
  return typeof size === 'number' ? size : PAGE_SIZE;
};

/** Changes a cached paged list in place (a push, an edit the server accepted); nothing when it is not cached. */
export function updatePagedList<T extends { id: string }>(queryKey: QueryKey, update: (page: Page<T>) => Page<T>): void {
  const pageSize = pageSizeOf(queryKey);
  queryClient.setQueryData<PagedData<T>>(queryKey, (data) => {
    if (!data) return data;
    const next = update(asOnePage(data, pageSize).pages[0]!);
    return { pages: [next], pageParams: [{ offset: 0, limit: limitFor(next.items.length, pageSize) }] };
  });
}

/** The items of a cached paged list, or undefined when it is not cached. */
export function pagedListItems<T extends { id: string }>(queryKey: QueryKey): T[] | undefined {
  const data = queryClient.getQueryData<PagedData<T>>(queryKey);
  return data ? asOnePage(data, pageSizeOf(queryKey)).pages[0]!.items : undefined;
}

export type PagedList<T> = {
  /** 'loading' until the first page arrived (again after `reload`), 'error' when it failed, then 'ready'. */
  status: 'loading' | 'error' | 'ready';
  /** The first load's error ('error'). */
  error: unknown;
  /** The last refresh failed (the list stays, 'ready'). */
  refreshFailed: boolean;
  /** The pages loaded so far, in order, each item once. */
  items: T[];
  /** How many the whole list holds (`X-Total-Count`): more than `items` offers "Load more". */
  total: number;
  loadingMore: boolean;
  /** The last "Load more" failed; the list stays. */
  loadMoreFailed: boolean;
  /** The next page after those shown; resolves once it arrived, rejects with the error when it failed. */
  loadMore: () => Promise<void>;
  /** Asks again for what is shown, keeping it on screen meanwhile (one request). */
  refresh: () => Promise<void>;
  /** Starts over from the loading state (the Retry of an error). */
  reload: () => void;
};

/**
 * A list the API serves in pages (`offset`/`limit`, the total in `X-Total-Count`), shown with "Load more":
 * the one pattern every paged list uses. The query cache owns loading, cancellation (a list no longer shown
 * aborts its request), answers arriving out of order and invalidation: `queryClient.invalidateQueries` with
 * the list's key (a push, a change elsewhere) asks again for what is shown. While `enabled` is false (a closed
 * modal) nothing is fetched and nothing kept.
 */
export function usePagedList<T extends { id: string }>(
  queryKey: QueryKey,
  fetchPage: FetchPage<T>,
  { enabled = true, pageSize = PAGE_SIZE }: { enabled?: boolean; pageSize?: number } = {},
): PagedList<T> {
  const query = useInfiniteQuery(
    {
      queryKey,
      queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
      initialPageParam: { offset: 0, limit: pageSize },
      getNextPageParam: (_last, pages) => {
        const { items, total } = asOnePage({ pages }, pageSize).pages[0]!;
        return items.length < total ? { offset: items.length, limit: pageSize } : undefined;
      },
      enabled,
      meta: { pageSize },
    },
    queryClient,
  );
  const { data, fetchNextPage, refetch } = query;
  useDropWhenHidden(queryKey, enabled);
  const page = useMemo(() => (data ? asOnePage(data, pageSize).pages[0]! : undefined), [data, pageSize]);

  const loadMore = async () => {
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    // A refresh under way (an opening, a push) answers first; the next page then starts after what it shows.
    const cached = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (cached?.state.fetchStatus === 'fetching') await cached.promise?.catch(() => undefined);
    const result = await fetchNextPage({ cancelRefetch: false });
    if (result.isFetchNextPageError) throw result.error;
    queryClient.setQueryData<PagedData<T>>(queryKey, (current) => (current ? asOnePage(current, pageSize) : current));
  };

  return {
    status: page ? 'ready' : query.isError ? 'error' : 'loading',
    error: query.error,
    refreshFailed: query.isRefetchError,
    items: page?.items ?? [],
    total: page?.total ?? 0,
    loadingMore: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    loadMore,
    refresh: async () => {
      await refetch({ cancelRefetch: true });
    },
    reload: () => void queryClient.resetQueries({ queryKey, exact: true }),
  };
}
