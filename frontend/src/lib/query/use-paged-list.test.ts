import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '@/lib/api-client';
import { PAGE_SIZE } from '@/lib/paging';
import { queryClient } from './query-client';
import { pagedListItems, updatePagedList, usePagedList, type PageCursor } from './use-paged-list';

type Item = { id: string };

const KEY = ['test-list'];
const ALL: Item[] = Array.from({ length: PAGE_SIZE + 30 }, (_, index) => ({ id: `item-${index}` }));

/** A server holding `items`: each call answers the asked slice with the total, as X-Total-Count does. */
function server(items: Item[] = ALL) {
  return vi.fn(async ({ offset, limit }: PageCursor): Promise<Page<Item>> => ({ items: items.slice(offset, offset + limit), total: items.length }));
}

afterEach(() => queryClient.clear());

describe('usePagedList', () => {
  it('shows the loading state, then the first page with the list total', async () => {
    const fetchPage = server();
    const { result } = renderHook(() => usePagedList(KEY, fetchPage));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items).toHaveLength(PAGE_SIZE);
    expect(result.current.total).toBe(ALL.length);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0]![0]).toEqual({ offset: 0, limit: PAGE_SIZE });
  });

  it('appends the next page after those shown on "Load more", each item once', async () => {
    const fetchPage = server();
    const { result } = renderHook(() => usePagedList(KEY, fetchPage));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => result.current.loadMore());
    expect(fetchPage.mock.calls[1]![0]).toEqual({ offset: PAGE_SIZE, limit: PAGE_SIZE });
    await waitFor(() => expect(result.current.items.map((item) => item.id)).toEqual(ALL.map((item) => item.id)));
    expect(result.current.loadingMore).toBe(false);
    // Everything is shown: a further "Load more" asks nothing.
    await act(() => result.current.loadMore());
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('asks again for everything shown in one request when the list is invalidated', async () => {
    const fetchPage = server();
    const { result } = renderHook(() => usePagedList(KEY, fetchPage));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => result.current.loadMore());
    await act(() => queryClient.invalidateQueries({ queryKey: KEY }));
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage.mock.calls[2]![0]).toEqual({ offset: 0, limit: ALL.length });
    await waitFor(() => expect(result.current.items).toHaveLength(ALL.length));
  });

  it('keeps the list when "Load more" fails, and rejects with the error', async () => {
    const fetchPage = server();
    const { result } = renderHook(() => usePagedList(KEY, fetchPage));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    fetchPage.mockRejectedValueOnce(new Error('offline'));
    await act(() => expect(result.current.loadMore()).rejects.toThrow('offline'));
    await waitFor(() => expect(result.current.loadMoreFailed).toBe(true));
    expect(result.current.status).toBe('ready');
    expect(result.current.items).toHaveLength(PAGE_SIZE);
  });

  it('shows the error of a failed first load, and the loading state again on reload', async () => {
    const fetchPage = server();
    fetchPage.mockRejectedValueOnce(new Error('down'));
    const { result } = renderHook(() => usePagedList(KEY, fetchPage));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect((result.current.error as Error).message).toBe('down');
    let answer: (page: Page<Item>) => void = () => {};
    fetchPage.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('loading'));
    answer({ items: ALL.slice(0, 1), total: 1 });
    await waitFor(() => expect(result.current.status).toBe('ready'));
  });

  it('aborts the request of a list nobody shows any more', async () => {
    let signal: AbortSignal | undefined;
    const fetchPage = vi.fn((_cursor: PageCursor, aborted: AbortSignal) => {
      signal = aborted;
      return new Promise<Page<Item>>(() => {});
    });
    const { unmount } = renderHook(() => usePagedList(KEY, fetchPage));
    await waitFor(() => expect(signal).toBeDefined());
    unmount();
    await waitFor(() => expect(signal!.aborted).toBe(true));
  });

  it('fetches nothing while disabled, and opens again from loading once disabled and enabled again', async () => {
    const fetchPage = server();
    const { result, rerender } = renderHook(({ enabled }) => usePagedList(KEY, fetchPage, { enabled }), { initialProps: { enabled: false } });
    expect(fetchPage).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ enabled: false });
    await waitFor(() => expect(queryClient.getQueryData(KEY)).toBeUndefined());
    rerender({ enabled: true });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('lets a push change the cached list in place', async () => {
    const { result } = renderHook(() => usePagedList(KEY, server(ALL.slice(0, 2))));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => updatePagedList<Item>(KEY, ({ items, total }) => ({ items: [{ id: 'new' }, ...items], total: total + 1 })));
    await waitFor(() => expect(result.current.items.map((item) => item.id)).toEqual(['new', 'item-0', 'item-1']));
    expect(result.current.total).toBe(3);
    expect(pagedListItems<Item>(KEY)).toHaveLength(3);
  });
});
