import { renderHook, waitFor } from '@testing-library/react';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api } from '@/lib/api-client';
import { pagedListItems } from '@/lib/query/use-paged-list';
import { NOTIFICATIONS_KEY, useNotifications } from '@/features/notifications/api/notifications-query';
import { useKeptWorkspace } from '@/features/workspace/api/kept-workspace';
import { useAppStore } from '@/stores/app-store';
import { openFakeSockets, type FakeSocket } from '@/testing/fake-socket';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { makeContent } from '@/testing/make-content';
import { showKeptWorkspace } from '@/features/workspace/testing/show-kept-workspace';
import { showOwnContents } from '@/testing/own-contents';
import { page } from '@/testing/page';
import { startAppRealtime } from './realtime';

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({ io: vi.fn() }));

const token = (subject = 'user-1') => makeJwt(Math.floor(Date.now() / 1000) + 3600, subject);
/**
 * The notifications as the sidebar shows them: `ids` and `unread` once loaded. GET /notifications/ answers
 * `items` for this first read only.
 */
async function showNotifications(items: NotificationDto[] = []) {
  const getPage = vi.spyOn(api, 'getPage').mockResolvedValueOnce({ items, total: items.length });
  const view = renderHook(() => useNotifications());
  await waitFor(() => expect(view.result.current.status).toBe('ready'));
  getPage.mockRestore();
  return { ids: () => view.result.current.items.map((item) => item.id), unread: () => view.result.current.unreadCount };
}

const note = (id: string): NotificationDto => ({ id, message: `hello ${id}`, timestamp: '2026-03-01T12:00:00Z', is_read: false });

describe('realtime: the session socket feeds the store', () => {
  let stop: () => void = () => {};

  beforeEach(() => {
    sockets.length = 0;
    openFakeSockets(vi.mocked(io), sockets);
  });

  afterEach(() => {
    stop();
  });

  it('opens no socket without a session, one with the token on login, and closes it on logout', () => {
    stop = startAppRealtime();
    expect(sockets).toHaveLength(0);

    const jwt = token();
    useAppStore.getState().login(jwt, makeUser());
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.options).toEqual({ auth: { token: jwt } });

    useAppStore.getState().setUser(makeUser({ username: 'renamed' }));
    expect(sockets).toHaveLength(1);

    useAppStore.getState().logout();
    expect(sockets[0]?.disconnected).toBe(true);
    expect(sockets).toHaveLength(1);
  });

  it('connects at start when a session already exists, and replaces the socket when the token changes', () => {
    useAppStore.getState().login(token(), makeUser());
    stop = startAppRealtime();
    expect(sockets).toHaveLength(1);

    useAppStore.getState().login(token('user-2'), makeUser({ id: 'user-2' }));

    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.disconnected).toBe(true);
    expect(sockets[1]?.disconnected).toBe(false);
  });

  it('user:updated replaces the session user', () => {
    useAppStore.getState().login(token(), makeUser());
    stop = startAppRealtime();

    sockets[0]?.push('user:updated', makeUser({ has_profile_completed: true, is_premium: true }));

    expect(useAppStore.getState().user?.has_profile_completed).toBe(true);
    expect(useAppStore.getState().user?.is_premium).toBe(true);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ is_premium: true });
  });

  it('notification is prepended and raises the unread count', async () => {
    useAppStore.getState().login(token(), makeUser());
    const notifications = await showNotifications([{ ...note('old'), is_read: true }]);
    stop = startAppRealtime();

    sockets[0]?.push('notification', note('new'));

    await waitFor(() => expect(notifications.ids()).toEqual(['new', 'old']));
    expect(notifications.unread()).toBe(1);
  });

  it('after a reconnect it refetches the notifications and refreshes the user', async () => {
    useAppStore.getState().login(token(), makeUser());
    const notifications = await showNotifications();
    stop = startAppRealtime();
    const get = vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === '/auth/me') return makeUser({ username: 'fresh' });
      throw new Error(`unexpected ${path}`);
    });
    const getPage = vi.spyOn(api, 'getPage').mockImplementation(async (path: string) => {
      if (path === '/notifications/') return page([note('missed')]);
      throw new Error(`unexpected ${path}`);
    });

    sockets[0]?.reconnect();

    await vi.waitFor(() => {
      expect(notifications.ids()).toEqual(['missed']);
      expect(useAppStore.getState().user?.username).toBe('fresh');
    });
    expect(get.mock.calls.map(([path]) => path)).toEqual(['/auth/me']);
    expect(getPage.mock.calls.map(([path]) => path)).toEqual(['/notifications/']);
  });

  it('a resync from the server (its Redis came back) refetches the notifications, the user and the loaded workspace', async () => {
    useAppStore.getState().login(token(), makeUser());
    const notifications = await showNotifications();
    const own = await showOwnContents([makeContent('old')]);
    stop = startAppRealtime();
    const get = vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === '/auth/me') return makeUser({ username: 'fresh' });
      throw new Error(`unexpected ${path}`);
    });
    const getPage = vi.spyOn(api, 'getPage').mockImplementation(async (path: string) => {
      if (path === '/notifications/') return page([note('missed')]);
      if (path === '/content/') return page([makeContent('fresh')]);
      throw new Error(`unexpected ${path}`);
    });

    sockets[0]?.push('resync', { reason: 'redis-reconnected' });

    await vi.waitFor(() => {
      expect(notifications.ids()).toEqual(['missed']);
      expect(useAppStore.getState().user?.username).toBe('fresh');
      expect(own.contents().map((item) => item.id)).toEqual(['fresh']);
    });
    expect(get.mock.calls.map(([path]) => path)).toEqual(['/auth/me']);
    expect(getPage.mock.calls.map(([path]) => path).sort()).toEqual(['/content/', '/notifications/']);
  });

  it('logout empties the notifications, and a stopped realtime closes its socket', async () => {
    useAppStore.getState().login(token(), makeUser());
    await showNotifications();
    stop = startAppRealtime();
    sockets[0]?.push('notification', note('a'));
    expect(pagedListItems(NOTIFICATIONS_KEY)).toHaveLength(1);

    useAppStore.getState().logout();
    expect(pagedListItems(NOTIFICATIONS_KEY)).toBeUndefined();

    useAppStore.getState().login(token(), makeUser());
    stop();
    expect(sockets[1]?.disconnected).toBe(true);
  });
});

describe('realtime: workspace progress', () => {
  let stop: () => void = () => {};
  afterEach(() => stop());

  it('content:progress moves the own content towards its required shares, never backwards', async () => {
    const mine = makeContent('mine', { share_count: 1, status: 'active' });
    useAppStore.getState().login(token(), makeUser());
    const own = await showOwnContents([mine, makeContent('other', { share_count: 0 })]);
    const kept = await showKeptWorkspace({ contents: [mine] });
    stop = startAppRealtime();
    const socket = sockets[sockets.length - 1];

    socket?.push('content:progress', { content_id: 'mine', share_count: 5, required_shares: 5, status: 'completed' });
    socket?.push('content:progress', { content_id: 'mine', share_count: 4, required_shares: 5, status: 'completed' });

    await vi.waitFor(() =>
      expect(own.contents().map((item) => [item.id, item.share_count, item.status])).toEqual([
        ['mine', 5, 'completed'],
        ['other', 0, 'active'],
      ]),
    );
    await vi.waitFor(() => expect(kept.workspace().contents[0]?.share_count).toBe(5));
  });

  it('after a reconnect it refetches the own contents only while a page shows them', async () => {
    useAppStore.getState().login(token(), makeUser());
    stop = startAppRealtime();
    const socket = sockets[sockets.length - 1];
    const get = vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === '/auth/me') return makeUser();
      throw new Error(`unexpected ${path}`);
    });
    const getPage = vi.spyOn(api, 'getPage').mockImplementation(async (path: string) => {
      if (path === '/notifications/') return page([]);
      if (path === '/content/') return page([makeContent('fresh')]);
      throw new Error(`unexpected ${path}`);
    });

    // Nothing shows a list (nor the notifications): only the user is read again.
    socket?.reconnect();
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    expect(getPage).not.toHaveBeenCalled();

    getPage.mockRestore();
    const own = await showOwnContents([makeContent('old')]);
    vi.spyOn(api, 'getPage').mockImplementation(async (path: string) => {
      if (path === '/notifications/') return page([]);
      if (path === '/content/') return page([makeContent('fresh')]);
      throw new Error(`unexpected ${path}`);
    });
    socket?.reconnect();
    await vi.waitFor(() => expect(own.contents().map((item) => item.id)).toEqual(['fresh']));
  });

  it('workspace:updated (a share or a toggle in another tab) refetches the kept workspace once it was loaded', async () => {
    useAppStore.getState().login(token(), makeUser());
    stop = startAppRealtime();
    const socket = sockets[sockets.length - 1];
    const match = makeContent('m1');
    const get = vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === '/workspace') {
        return {
          match_ids: ['m1'],
          content_ids: [],
          matches: [{ content_id: 'm1', title: match.title, delivered: 2, required: 5, completed: false, content: match }],
          contents: [],
          progress_percent: 40,
          shares_left_today: 1,
          daily_share_limit: 3,
        };
      }
      throw new Error(`unexpected ${path}`);
    });

    // Not loaded yet: the workspace asks on mount anyway.
    socket?.push('workspace:updated', { reason: 'share', content_id: 'm1' });
    expect(get).not.toHaveBeenCalled();

    const { result } = renderHook(() => useKeptWorkspace());
    await vi.waitFor(() => expect(result.current.loading).toBe(false));
    expect(get).toHaveBeenCalledTimes(1);
    socket?.push('workspace:updated', { reason: 'share', content_id: 'm1' });
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(get).toHaveBeenLastCalledWith('/workspace', expect.anything());
    await vi.waitFor(() => expect(result.current.progress).toEqual({ m1: { delivered: 2, required: 5 } }));
    expect(result.current.matches.map((item) => item.id)).toEqual(['m1']);
    expect(result.current.sharesLeftToday).toBe(1);
  });
});
