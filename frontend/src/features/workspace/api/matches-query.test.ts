import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { makeContent } from '@/testing/make-content';
import type { RemainingShuffles, ViewFilter } from '../types';
import {
  REMAINING_SHUFFLES_KEY,
  refreshMatchesQuietly,
  setMatchShareCount,
  shownMatchLists,
  useMatchedContent,
  useRemainingShuffles,
  useShuffleMatches,
} from './matches-query';

let get: Mock<(path: string, request?: { query?: Record<string, unknown> }) => Promise<unknown>>;
let post: Mock<(path: string) => Promise<unknown>>;
let toastError: ReturnType<typeof vi.spyOn>;
let toastSuccess: ReturnType<typeof vi.spyOn>;
const contents = (...ids: string[]) => ids.map((id) => makeContent(id));
const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

beforeEach(() => {
  get = vi.fn();
  post = vi.fn();
  vi.spyOn(api, 'get').mockImplementation(get as never);
  vi.spyOn(api, 'post').mockImplementation(post as never);
  toastError = vi.spyOn(toast, 'error');
  toastSuccess = vi.spyOn(toast, 'success');
});
afterEach(() => {
  queryClient.clear();
  vi.restoreAllMocks();
});

/** The matched list under `filter`, shown (the hook mounted) until the test ends. */
function showMatches(filter: ViewFilter = 'standard') {
  return renderHook(({ shown }: { shown: ViewFilter }) => useMatchedContent(shown, { enabled: true }), { initialProps: { shown: filter } });
}

describe('matched content', () => {
  it('fetches GET /content/match and keeps at most 4 items', async () => {
    get.mockResolvedValueOnce(contents('a', 'b', 'c', 'd', 'e'));
    const { result } = showMatches();
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(get).toHaveBeenCalledWith('/content/match', expect.objectContaining({ query: {} }));
    expect(ids(result.current.items)).toEqual(['a', 'b', 'c', 'd']);
    expect(result.current.error).toBeNull();
  });

  it("a failure keeps the server's message and toasts 'Failed to load matched content.'", async () => {
    get.mockRejectedValueOnce(new ApiError(500, 'Matching is down.'));
    const { result } = showMatches();
    await waitFor(() => expect(result.current.error).toBe('Matching is down.'));
    expect(result.current.loading).toBe(false);
    expect(toastError).toHaveBeenCalledWith('Failed to load matched content.', expect.anything());
  });

  it("a failure without a server message says 'Failed to fetch matched content.'", async () => {
    get.mockRejectedValueOnce(new TypeError('network'));
    const { result } = showMatches();
    await waitFor(() => expect(result.current.error).toBe('Failed to fetch matched content.'));
  });

  it('a Premium filter asks with its query, and an answer for a filter left meanwhile is not shown', async () => {
    let answerStandard: (items: unknown) => void = () => {};
    get.mockImplementationOnce(() => new Promise((resolve) => (answerStandard = resolve))).mockResolvedValueOnce(contents('r'));
    const { result, rerender } = showMatches('standard');
    rerender({ shown: 'rankedContent' });
    await waitFor(() => expect(ids(result.current.items)).toEqual(['r']));
    expect(get).toHaveBeenLastCalledWith('/content/match', expect.objectContaining({ query: { ranked_content: true } }));
    answerStandard(contents('old'));
    await act(async () => {});
    expect(ids(result.current.items)).toEqual(['r']);
  });
});

describe('quiet refresh (a matches:changed push)', () => {
  it('keeps the list on screen while it asks, then shows the new list', async () => {
    get.mockResolvedValueOnce(contents('a', 'b'));
    const { result } = showMatches();
    await waitFor(() => expect(ids(result.current.items)).toEqual(['a', 'b']));
    let answer: (items: unknown) => void = () => {};
    get.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const pending = refreshMatchesQuietly();
    expect(result.current.loading).toBe(false);
    expect(ids(result.current.items)).toEqual(['a', 'b']);
    answer(contents('new', 'a', 'b'));
    await act(() => pending);
    await waitFor(() => expect(ids(result.current.items)).toEqual(['new', 'a', 'b']));
  });

  it('a failure keeps the list and says nothing', async () => {
    get.mockResolvedValueOnce(contents('a'));
    const { result } = showMatches();
    await waitFor(() => expect(ids(result.current.items)).toEqual(['a']));
    get.mockRejectedValueOnce(new ApiError(500, 'Matching is down.'));
    await act(() => refreshMatchesQuietly());
    expect(ids(result.current.items)).toEqual(['a']);
    expect(result.current.error).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('asks nothing before the list loaded, and leaves a shuffled list as the creator asked for it', async () => {
    await refreshMatchesQuietly();
    expect(get).not.toHaveBeenCalled();
    expect(shownMatchLists()).toEqual([]);
    get.mockResolvedValueOnce(contents('a'));
    const { result } = renderHook(() => ({
      matches: useMatchedContent('standard', { enabled: true }),
      shuffle: useShuffleMatches({ filter: 'standard', isPremium: true, onBlocked: () => {} }),
    }));
    await waitFor(() => expect(ids(result.current.matches.items)).toEqual(['a']));
    post.mockResolvedValueOnce(contents('s1', 's2'));
    act(() => result.current.shuffle.shuffle('Unlimited'));
    await waitFor(() => expect(ids(result.current.matches.items)).toEqual(['s1', 's2']));
    await act(() => refreshMatchesQuietly());
    expect(get).toHaveBeenCalledTimes(1);
    expect(ids(result.current.matches.items)).toEqual(['s1', 's2']);
  });
});

describe('a share', () => {
  it("shows the server's share count on the shared match in the list", async () => {
    get.mockResolvedValueOnce([makeContent('a', { share_count: 2 }), makeContent('b', { share_count: 7 })]);
    const { result } = showMatches();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => setMatchShareCount('a', 3));
    await waitFor(() => expect(result.current.items.map((item) => item.share_count)).toEqual([3, 7]));
  });
});

describe('shuffle counter', () => {
  const showCounter = (isPremium = false) => renderHook(() => useRemainingShuffles(isPremium, { enabled: true }));

  it('a free user starts from the fetched remaining count', async () => {
    get.mockResolvedValueOnce({ remaining_shuffles: 2 });
    const { result } = showCounter();
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toBe(2));
    expect(get).toHaveBeenCalledWith('/content/shuffles/remaining', expect.anything());
  });

  it('a count of -1 is treated as Unlimited', async () => {
    get.mockResolvedValueOnce({ remaining_shuffles: -1 });
    const { result } = showCounter();
    await waitFor(() => expect(result.current).toBe('Unlimited'));
  });

  it('is not fetched for Premium users, who are unlimited', async () => {
    const { result } = showCounter(true);
    expect(result.current).toBe('Unlimited');
    await act(async () => {});
    expect(get).not.toHaveBeenCalled();
  });

  it("a failed fetch toasts 'Failed to fetch remaining shuffles.'", async () => {
    get.mockRejectedValueOnce(new ApiError(500, undefined));
    const { result } = showCounter();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to fetch remaining shuffles.', expect.anything()));
    expect(result.current).toBeNull();
  });

  /** The Shuffle button's hook and the counter, for a user with `remaining` shuffles left. */
  function showShuffle(remaining: RemainingShuffles, isPremium = false) {
    const onBlocked = vi.fn();
    get.mockImplementation(async (path) => (path === '/content/shuffles/remaining' ? { remaining_shuffles: remaining } : contents('m')));
    const view = renderHook(() => ({
      matches: useMatchedContent('standard', { enabled: true }),
      remaining: useRemainingShuffles(isPremium, { enabled: true }),
      shuffle: useShuffleMatches({ filter: 'standard', isPremium, onBlocked }),
    }));
    return { ...view, onBlocked };
  }

  it("a successful shuffle shows the first 4, takes one from the count and toasts 'Matches shuffled successfully.'", async () => {
    const { result } = showShuffle(2);
    await waitFor(() => expect(ids(result.current.matches.items)).toEqual(['m']));
    await waitFor(() => expect(result.current.remaining).toBe(2));
    post.mockResolvedValueOnce(contents('a', 'b', 'c', 'd', 'e', 'f'));
    act(() => result.current.shuffle.shuffle(result.current.remaining));
    await waitFor(() => expect(ids(result.current.matches.items)).toEqual(['a', 'b', 'c', 'd']));
    expect(post).toHaveBeenCalledWith('/content/shuffle');
    await waitFor(() => expect(result.current.remaining).toBe(1));
    await waitFor(() => expect(result.current.shuffle.shuffling).toBe(false));
    expect(toastSuccess).toHaveBeenCalledWith('Matches shuffled successfully.');
  });

  it("a failed shuffle toasts 'Failed to shuffle matches.' and keeps the count", async () => {
    const { result } = showShuffle(2);
    await waitFor(() => expect(result.current.remaining).toBe(2));
    post.mockRejectedValueOnce(new ApiError(403, 'No shuffles left.'));
    act(() => result.current.shuffle.shuffle(2));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to shuffle matches.', expect.anything()));
    expect(queryClient.getQueryData(REMAINING_SHUFFLES_KEY)).toBe(2);
    await waitFor(() => expect(result.current.shuffle.shuffling).toBe(false));
  });

  it('at 0 or less a free user is not sent to the server: the upgrade modal opens', () => {
    const { result, onBlocked } = showShuffle(0);
    for (const remaining of [0, -2, 'Unlimited' as const]) act(() => result.current.shuffle.shuffle(remaining));
    expect(onBlocked).toHaveBeenCalledTimes(3);
    expect(post).not.toHaveBeenCalled();
  });

  it('a shuffle answered after the filter changed goes to the list it was asked for, not the one shown', async () => {
    let answer: (items: unknown) => void = () => {};
    post.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    get.mockResolvedValue(contents('listed'));
    const { result, rerender } = renderHook(({ filter }: { filter: ViewFilter }) => ({
      matches: useMatchedContent(filter, { enabled: true }),
      shuffle: useShuffleMatches({ filter, isPremium: true, onBlocked: () => {} }),
    }), { initialProps: { filter: 'standard' as ViewFilter } });
    await waitFor(() => expect(ids(result.current.matches.items)).toEqual(['listed']));
    act(() => result.current.shuffle.shuffle('Unlimited'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    rerender({ filter: 'rankedContent' });
    await waitFor(() => expect(ids(result.current.matches.items)).toEqual(['listed']));
    answer(contents('s1'));
    await waitFor(() => expect(result.current.shuffle.shuffling).toBe(false));
    expect(ids(result.current.matches.items)).toEqual(['listed']);
  });

  it('a Premium user shuffles without a count', async () => {
    const { result, onBlocked } = showShuffle('Unlimited', true);
    post.mockResolvedValueOnce(contents('a'));
    act(() => result.current.shuffle.shuffle('Unlimited'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(result.current.remaining).toBe('Unlimited');
    expect(onBlocked).not.toHaveBeenCalled();
  });
});

