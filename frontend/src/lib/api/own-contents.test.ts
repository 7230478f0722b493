import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api, ApiError, type Page, type PageRequest } from '@/lib/api-client';
import { makeContent } from '@/testing/make-content';
import { page } from '@/testing/page';
import { forgetOwnContent, isContentList, refreshOwnContents, replaceOwnContent, updateOwnContents, useOwnContents } from './own-contents';

let getPage: Mock<(path: string, page?: PageRequest, request?: unknown) => Promise<Page<unknown>>>;
let toastError: ReturnType<typeof vi.spyOn>;

const contents = (...ids: string[]) => ids.map((id) => makeContent(id));
const many = (prefix: string, count: number) => contents(...Array.from({ length: count }, (_, i) => `${prefix}${i}`));
const ids = (list: readonly { id: string }[]) => list.map((item) => item.id);

beforeEach(() => {
  getPage = vi.fn();
  vi.spyOn(api, 'getPage').mockImplementation(getPage as never);
  toastError = vi.spyOn(toast, 'error');
});

/** The own list as a page shows it, once its first answer arrived. */
async function shown() {
  const view = renderHook(() => useOwnContents());
  await waitFor(() => expect(view.result.current.status).not.toBe('loading'));
  return view;
}

describe('own contents', () => {
  it('fetches the first page of GET /content/ with the loading state first', async () => {
    getPage.mockResolvedValueOnce(page(contents('x', 'y')));
    const { result } = renderHook(() => useOwnContents());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(getPage).toHaveBeenCalledWith('/content/', { offset: 0, limit: 100 }, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(ids(result.current.contents)).toEqual(['x', 'y']);
    expect(result.current.total).toBe(2);
  });

  it('an answer that is not a content list is invalid', async () => {
    getPage.mockResolvedValueOnce({ items: { nope: true } as never, total: 1 });
    const { result } = await shown();
    expect(result.current.status).toBe('invalid');
    expect(isContentList([{ id: 1 }])).toBe(false);
    expect(isContentList([makeContent('a')])).toBe(true);
  });

  it('a failure shows the error state without a toast', async () => {
    getPage.mockRejectedValueOnce(new ApiError(500, 'boom'));
    const { result } = await shown();
    expect(result.current.status).toBe('error');
    expect(toastError).not.toHaveBeenCalled();
  });

  it("a refresh keeps the list on screen; a failed one keeps it and toasts 'Failed to fetch your contents.'", async () => {
    getPage.mockResolvedValueOnce(page(contents('x', 'y')));
    const { result } = await shown();
    getPage.mockResolvedValueOnce(page(contents('y')));
    await act(() => refreshOwnContents());
    await waitFor(() => expect(ids(result.current.contents)).toEqual(['y']));
    getPage.mockRejectedValueOnce(new ApiError(500, 'boom'));
    await act(() => refreshOwnContents());
    expect(result.current.status).toBe('ready');
    expect(ids(result.current.contents)).toEqual(['y']);
    expect(toastError).toHaveBeenCalledWith('Failed to fetch your contents.', expect.anything());
  });

  it('loads the next page after the listed ones, until all are listed; a failed one keeps the list and toasts', async () => {
    getPage.mockResolvedValueOnce(page(contents('a', 'b'), 5));
    const { result } = await shown();
    getPage.mockResolvedValueOnce(page(contents('b', 'c', 'd'), 5));
    await act(() => result.current.loadMore());
    expect(getPage).toHaveBeenLastCalledWith('/content/', { offset: 2, limit: 100 }, expect.anything());
    await waitFor(() => expect(ids(result.current.contents)).toEqual(['a', 'b', 'c', 'd']));
    getPage.mockRejectedValueOnce(new ApiError(500, 'boom'));
    await act(() => result.current.loadMore());
    expect(ids(result.current.contents)).toEqual(['a', 'b', 'c', 'd']);
    expect(toastError).toHaveBeenCalledWith('Failed to fetch your contents.', expect.anything());
  });

  it('a refresh asks for as many as are listed, keeping the pages loaded', async () => {
    getPage.mockResolvedValueOnce(page(many('a', 100), 250));
    const { result } = await shown();
    getPage.mockResolvedValueOnce(page(many('b', 100), 250));
    await act(() => result.current.loadMore());
    getPage.mockResolvedValueOnce(page(many('c', 200), 250));
    await act(() => refreshOwnContents());
    expect(getPage).toHaveBeenLastCalledWith('/content/', { offset: 0, limit: 200 }, expect.anything());
    await waitFor(() => expect(result.current.contents).toHaveLength(200));
  });

  it('an edited item is replaced, a deleted one leaves the list and its total, a push updates in place', async () => {
    getPage.mockResolvedValueOnce(page(contents('x', 'y')));
    const { result } = await shown();
    act(() => replaceOwnContent(makeContent('y', { title: 'Renamed' })));
    await waitFor(() => expect(result.current.contents.map((item) => item.title)).toEqual(['Title x', 'Renamed']));
    act(() => updateOwnContents((item) => (item.id === 'x' ? { ...item, share_count: 3 } : item)));
    await waitFor(() => expect(result.current.contents[0]!.share_count).toBe(3));
    act(() => forgetOwnContent('x'));
    await waitFor(() => expect(ids(result.current.contents)).toEqual(['y']));
    expect(result.current.total).toBe(1);
  });
});
