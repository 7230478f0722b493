import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { NotificationDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api, ApiError, type Page, type PageRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { page } from '@/testing/page';
import {
  forgetNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATIONS_KEY,
  receiveNotification,
  refreshNotifications,
  useNotifications,
} from './notifications-query';

let getNotifications: Mock<(path: string, request?: PageRequest) => Promise<Page<NotificationDto>>>;
let putRead: Mock<(path: string) => Promise<unknown>>;
/** The ids PUT /notifications/{id}/read was called with. */
const markedIds = () =>
  putRead.mock.calls.map(([path]) => /\/notifications\/(.+)\/read$/.exec(path)?.[1]).filter((id) => id !== undefined);
const readAllCalls = () => putRead.mock.calls.filter(([path]) => path === '/notifications/read-all').length;

const note = (id: string, is_read = false): NotificationDto => ({
  id,
  message: `message ${id}`,
  timestamp: '2026-03-01T12:00:00Z',
  is_read,
});

/** The list as the sidebar shows it, once its first read answered. */
async function shown() {
  const view = renderHook(() => useNotifications());
  await waitFor(() => expect(view.result.current.status).not.toBe('loading'));
  return view.result;
}

describe('notifications query', () => {
  beforeEach(() => {
    getNotifications = vi.fn();
    putRead = vi.fn(async () => undefined);
    vi.spyOn(api, 'getPage').mockImplementation(getNotifications as never);
    vi.spyOn(api, 'put').mockImplementation(putRead as never);
  });

  it('reads the first page and counts the unread ones', async () => {
    getNotifications.mockResolvedValue(page([note('a'), note('b', true), note('c')]));

    const list = await shown();

    expect(getNotifications).toHaveBeenCalledWith('/notifications/', { offset: 0, limit: 100 });
    expect(list.current.total).toBe(3);
    expect(list.current.items.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(list.current.unreadCount).toBe(2);
    expect(list.current.failed).toBe(false);
  });

  it('a failed read is flagged; a failed refresh keeps what was listed; the next success clears it', async () => {
    getNotifications.mockRejectedValueOnce(new ApiError(500, undefined));
    const list = await shown();
    expect(list.current.failed).toBe(true);

    getNotifications.mockResolvedValueOnce(page([note('a')]));
    await act(() => refreshNotifications());
    await waitFor(() => expect(list.current.failed).toBe(false));

    getNotifications.mockRejectedValueOnce(new ApiError(500, undefined));
    await act(() => refreshNotifications());
    await waitFor(() => expect(list.current.failed).toBe(true));
    expect(list.current.items.map((item) => item.id)).toEqual(['a']);
  });

  it('marks one as read only after the server accepted it', async () => {
    getNotifications.mockResolvedValue(page([note('a'), note('b')]));
    const list = await shown();
    let accept: () => void = () => {};
    putRead.mockImplementationOnce(() => new Promise((resolve) => (accept = () => resolve(undefined))));

    const pending = markNotificationRead('a');
    expect(markedIds()).toEqual(['a']);
    expect(list.current.items[0]?.is_read).toBe(false);
    accept();
    await act(() => pending);

    await waitFor(() => expect(list.current.items[0]?.is_read).toBe(true));
    expect(list.current.unreadCount).toBe(1);
  });

  it('silently ignores a failed mark-as-read', async () => {
    getNotifications.mockResolvedValue(page([note('a')]));
    const list = await shown();
    putRead.mockRejectedValueOnce(new ApiError(500, 'boom'));

    await act(() => expect(markNotificationRead('a')).resolves.toBeUndefined());

    expect(list.current.items[0]?.is_read).toBe(false);
    expect(list.current.unreadCount).toBe(1);
    expect(list.current.failed).toBe(false);
  });

  it('Mark All as Read is one request; the listed ones turn read once it succeeded', async () => {
    getNotifications.mockResolvedValue(page([note('a'), note('b', true), note('c')]));
    const list = await shown();
    let accept: () => void = () => {};
    putRead.mockImplementationOnce(() => new Promise((resolve) => (accept = () => resolve({ message: 'All notifications marked as read.', updated: 2 }))));

    const pending = markAllNotificationsRead();
    expect(readAllCalls()).toBe(1);
    // A notification pushed while the request is on its way may be newer than what the server marked.
    act(() => receiveNotification(note('pushed')));
    accept();
    await act(() => pending);

    expect(markedIds()).toEqual([]);
    await waitFor(() =>
      expect(list.current.items.map((item) => [item.id, item.is_read])).toEqual([
        ['pushed', false],
        ['a', true],
        ['b', true],
        ['c', true],
      ]),
    );
    expect(list.current.unreadCount).toBe(1);
  });

  it('silently ignores a failed Mark All as Read', async () => {
    getNotifications.mockResolvedValue(page([note('a'), note('b')]));
    const list = await shown();
    putRead.mockRejectedValueOnce(new ApiError(500, undefined));

    await act(() => expect(markAllNotificationsRead()).resolves.toBeUndefined());

    expect(list.current.unreadCount).toBe(2);
    expect(list.current.failed).toBe(false);
  });

  it('a pushed notification is prepended once and counted; the next page starts after the listed ones', async () => {
    getNotifications.mockResolvedValueOnce(page([note('a'), note('b')], 5));
    const list = await shown();
    act(() => {
      receiveNotification(note('pushed'));
      receiveNotification({ ...note('a'), message: 'edited' });
    });
    await waitFor(() => expect(list.current.total).toBe(6));
    expect(list.current.items.map((item) => item.id)).toEqual(['a', 'pushed', 'b']);
    expect(list.current.items[0]?.message).toBe('edited');

    // The push shifted the server's list by one too: the next page starts after the 3 listed.
    getNotifications.mockResolvedValueOnce(page([note('b'), note('c'), note('d'), note('e', true)], 6));
    await act(() => list.current.loadMore());

    expect(getNotifications).toHaveBeenLastCalledWith('/notifications/', { offset: 3, limit: 100 });
    await waitFor(() => expect(list.current.items.map((item) => item.id)).toEqual(['a', 'pushed', 'b', 'c', 'd', 'e']));
    expect(list.current.unreadCount).toBe(5);
  });

  it('a failed next page keeps the list and flags it apart from the read error', async () => {
    getNotifications.mockResolvedValueOnce(page([note('a')], 2));
    const list = await shown();
    getNotifications.mockRejectedValueOnce(new ApiError(500, undefined));

    await act(() => list.current.loadMore().catch(() => {}));

    await waitFor(() => expect(list.current.loadMoreFailed).toBe(true));
    expect(list.current.items.map((item) => item.id)).toEqual(['a']);
    expect(list.current.failed).toBe(false);
  });

  it("the session's end drops the list", async () => {
    getNotifications.mockResolvedValueOnce(page([note('a')]));
    await shown();

    forgetNotifications();

    expect(queryClient.getQueryData(NOTIFICATIONS_KEY)).toBeUndefined();
  });
});
