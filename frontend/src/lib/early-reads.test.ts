import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { api } from './api-client';
import { useKeptWorkspace } from '@/features/workspace/api/kept-workspace';
import { useMatchedContent, useRemainingShuffles } from '@/features/workspace/api/matches-query';
import { useOwnContents } from './api/own-contents';
import { PAGE_SIZE } from './paging';
import { EARLY_READ_MAX_AGE_MS, EARLY_READS, earlyReadsScript, takeEarlyRead } from './early-reads';

const token = makeJwt(Math.floor(Date.now() / 1000) + 3600);
type FetchMock = ReturnType<typeof vi.fn<(input: string, init?: RequestInit) => Promise<Response>>>;

/** Runs the inline script as the browser would, at `path`. */
function runScript(path: string): void {
  window.history.replaceState(null, '', path);
  new Function(earlyReadsScript())();
}

function stubFetch(): FetchMock {
  const fetchMock: FetchMock = vi.fn(async (input: string) => jsonResponse(200, { from: input }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('early reads', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).__crossfeedEarlyReads;
    window.history.replaceState(null, '', '/');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the page’s reads with the stored token and the headers the API client sends', () => {
    localStorage.setItem('token', token);
    const fetchMock = stubFetch();

    runScript('/app/home/');

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(EARLY_READS['/app/home']);
    for (const [, init] of fetchMock.mock.calls) {
      const headers = new Headers(init?.headers);
      expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
      expect(headers.get('Accept')).toBe('application/json');
    }
  });

  it('sends nothing without a stored token, or on a page without early reads', () => {
    const fetchMock = stubFetch();
    runScript('/app/home');
    localStorage.setItem('token', token);
    runScript('/waitlist');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing with an expired token (the app logs out at start-up without a call)', () => {
    const fetchMock = stubFetch();
    localStorage.setItem('token', makeJwt(Math.floor(Date.now() / 1000) - 60));
    runScript('/app/home');
    expect(fetchMock).not.toHaveBeenCalled();
    // A token without a readable exp is the server's to judge.
    localStorage.setItem('token', 'not-a-jwt');
    runScript('/app/home');
    expect(fetchMock).toHaveBeenCalledTimes(EARLY_READS['/app/home']!.length);
  });

  it('hands an early answer to the API client once, for the same GET and token, instead of fetching again', async () => {
    localStorage.setItem('token', token);
    useAppStore.getState().login(token, makeUser());
    const fetchMock = stubFetch();
    runScript('/app/home');
    fetchMock.mockClear();

    await expect(api.get('/content/match')).resolves.toEqual({ from: '/content/match' });
    expect(fetchMock).not.toHaveBeenCalled();

    // Taken: the next read of it is a new request.
    await api.get('/content/match');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not used for another token, once too old, or after the early request failed', async () => {
    localStorage.setItem('token', token);
    const fetchMock = stubFetch();
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    runScript('/app/home');
    const [failed, other, old] = EARLY_READS['/app/home']!;

    expect(await takeEarlyRead(failed!, token)).toBeNull();
    expect(takeEarlyRead(other!, 'another-token')).toBeNull();
    expect(takeEarlyRead(old!, token, Date.now() + EARLY_READ_MAX_AGE_MS + 1)).toBeNull();
    expect(takeEarlyRead('/contacts/', token)).toBeNull();
  });

  it('lists exactly the GETs /app/home asks for first (workspace and notification badge, Free user)', async () => {
    useAppStore.getState().login(token, makeUser({ is_premium: false }));
    const fetchMock: FetchMock = vi.fn(async (input: string) => {
      const path = input.split('?')[0];
      if (path === '/content/match' || path === '/content/' || path === '/notifications/') return jsonResponse(200, []);
      if (path === '/content/shuffles/remaining') return jsonResponse(200, { remaining_shuffles: 3 });
      return jsonResponse(200, { selected_matches: [], selected_contents: [], shares: 0 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const own = renderHook(() => useOwnContents());
    const matches = renderHook(() => useMatchedContent('standard', { enabled: true }));
    const shuffles = renderHook(() => useRemainingShuffles(false, { enabled: true }));
    const kept = renderHook(() => useKeptWorkspace());
    // The sidebar badge's first read (features/notifications: the first page of the notifications query).
    const notifications = api.getPage('/notifications/', { offset: 0, limit: PAGE_SIZE });
    await notifications;
    await vi.waitFor(() => expect(kept.result.current.loading).toBe(false));
    await vi.waitFor(() => expect(own.result.current.status).toBe('ready'));
    await vi.waitFor(() => expect(matches.result.current.loading).toBe(false));
    await vi.waitFor(() => expect(shuffles.result.current).toBe(3));

    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([...EARLY_READS['/app/home']!].sort());
  });
});
