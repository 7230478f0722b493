import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { NotificationDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api, ApiError, type Page, type PageRequest } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { page } from '@/testing/page';

// The store is built by the test setup before any vi.mock could apply, so the API client is spied on.
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

const store = () => useAppStore.getState();

describe('notifications slice', () => {
  beforeEach(() => {
    getNotifications = vi.fn();
    putRead = vi.fn(async () => undefined);
    vi.spyOn(api, 'getPage').mockImplementation(getNotifications as never);
    vi.spyOn(api, 'put').mockImplementation(putRead as never);
  });

  it('fetch stores the list and counts the unread ones', async () => {
    getNotifications.mockResolvedValue(page([note('a'), note('b', true), note('c')]));

    const pending = store().fetchNotifications();
    expect(store().notificationsLoading).toBe(true);
    await pending;

    expect(getNotifications).toHaveBeenCalledWith('/notifications/', { offset: 0, limit: 100 });
    expect(store().notificationsTotal).toBe(3);
    expect(store().notifications.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(store().unreadCount).toBe(2);
    expect(store().notificationsLoading).toBe(false);
    expect(store().notificationsError).toBe(false);
  });

  it('a failed fetch sets the error flag and keeps what was listed; the next success clears it', async () => {
    store().receiveNotification(note('a'));
    getNotifications.mockRejectedValueOnce(new ApiError(500, undefined));

    await store().fetchNotifications();
    expect(store().notificationsError).toBe(true);
    expect(store().notificationsLoading).toBe(false);
    expect(store().notifications).toHaveLength(1);

    getNotifications.mockResolvedValueOnce(page([]));
    await store().fetchNotifications();
    expect(store().notificationsError).toBe(false);
    expect(store().unreadCount).toBe(0);
  });

  it('ignores a fetch answer that arrives after a newer fetch started', async () => {
    let answerFirst: (answer: Page<NotificationDto>) => void = () => {};
    getNotifications
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce(page([note('new')]));

    const first = store().fetchNotifications();
    await store().fetchNotifications();
    answerFirst(page([note('old')]));
    await first;

    expect(store().notifications.map((item) => item.id)).toEqual(['new']);
  });

  it('marks one as read only after the server accepted it', async () => {
    getNotifications.mockResolvedValue(page([note('a'), note('b')]));
    await store().fetchNotifications();
    let accept: () => void = () => {};
    putRead.mockImplementationOnce(() => new Promise((resolve) => (accept = () => resolve(undefined))));

    const pending = store().markNotificationRead('a');
    expect(markedIds()).toEqual(['a']);
    expect(store().notifications[0]?.is_read).toBe(false);
    accept();
    await pending;

    expect(store().notifications[0]?.is_read).toBe(true);
    expect(store().unreadCount).toBe(1);
  });

  it('silently ignores a failed mark-as-read', async () => {
    getNotifications.mockResolvedValue(page([note('a')]));
    await store().fetchNotifications();
    putRead.mockRejectedValueOnce(new ApiError(500, 'boom'));

    await expect(store().markNotificationRead('a')).resolves.toBeUndefined();

    expect(store().notifications[0]?.is_read).toBe(false);
    expect(store().unreadCount).toBe(1);
    expect(store().notificationsError).toBe(false);
  });

  it('Mark All as Read is one request; the listed ones turn read once it succeeded', async () => {
    getNotifications.mockResolvedValue(page([note('a'), note('b', true), note('c')]));
    await store().fetchNotifications();
    let accept: () => void = () => {};
    putRead.mockImplementationOnce(() => new Promise((resolve) => (accept = () => resolve({ message: 'All notifications marked as read.', updated: 2 }))));

    const pending = store().markAllNotificationsRead();
    expect(readAllCalls()).toBe(1);
    expect(store().unreadCount).toBe(2);
    // A notification pushed while the request is on its way may be newer than what the server marked.
    store().receiveNotification(note('pushed'));
    accept();
    await pending;

    expect(markedIds()).toEqual([]);
    expect(store().notifications.map((item) => [item.id, item.is_read])).toEqual([
      ['pushed', false],
      ['a', true],
      ['b', true],
      ['c', true],
    ]);
    expect(store().unreadCount).toBe(1);
  });

  it('silently ignores a failed Mark All as Read', async () => {
    getNotifications.mockResolvedValue(page([note('a'), note('b')]));
    await store().fetchNotifications();
    putRead.mockRejectedValueOnce(new ApiError(500, undefined));

    await expect(store().markAllNotificationsRead()).resolves.toBeUndefined();

    expect(store().unreadCount).toBe(2);
    expect(store().notificationsError).toBe(false);
  });

  it('loads the next page after the listed ones and knows when all are listed', async () => {
    getNotifications.mockResolvedValueOnce(page([note('a'), note('b')], 5));
    await store().fetchNotifications();
    store().receiveNotification(note('pushed'));
    expect(store().notificationsTotal).toBe(6);

    // The push shifted the server's list by one too: the next page starts after the 3 listed.
    getNotifications.mockResolvedValueOnce(page([note('b'), note('c'), note('d'), note('e', true)], 6));
    const pending = store().loadMoreNotifications();
    expect(store().notificationsLoadingMore).toBe(true);
    await pending;

    expect(getNotifications).toHaveBeenLastCalledWith('/notifications/', { offset: 3, limit: 100 });
    expect(store().notifications.map((item) => item.id)).toEqual(['pushed', 'a', 'b', 'c', 'd', 'e']);
    expect(store().unreadCount).toBe(5);
    expect(store().notificationsLoadingMore).toBe(false);

    await store().loadMoreNotifications();
    expect(getNotifications).toHaveBeenCalledTimes(2);
  });

  it('a failed next page keeps the list and flags it apart from the fetch error', async () => {
    getNotifications.mockResolvedValueOnce(page([note('a')], 2));
    await store().fetchNotifications();
    getNotifications.mockRejectedValueOnce(new ApiError(500, undefined));

    await store().loadMoreNotifications();

    expect(store().notifications.map((item) => item.id)).toEqual(['a']);
    expect(store().notificationsLoadMoreFailed).toBe(true);
    expect(store().notificationsError).toBe(false);
  });

  it('a refresh asks for as many as are listed, and drops a next page answered after it started', async () => {
    getNotifications.mockResolvedValueOnce(page(Array.from({ length: 100 }, (_, i) => note(`n${i}`)), 300));
    await store().fetchNotifications();
    getNotifications.mockResolvedValueOnce(page(Array.from({ length: 100 }, (_, i) => note(`m${i}`)), 300));
    await store().loadMoreNotifications();

    let answerMore: (answer: Page<NotificationDto>) => void = () => {};
    getNotifications.mockImplementationOnce(() => new Promise((resolve) => (answerMore = resolve)));
    const more = store().loadMoreNotifications();
    getNotifications.mockResolvedValueOnce(page([note('fresh')], 1));
    await store().fetchNotifications();
    answerMore(page([note('late')], 300));
    await more;

    expect(getNotifications).toHaveBeenLastCalledWith('/notifications/', { offset: 0, limit: 200 });
    expect(store().notifications.map((item) => item.id)).toEqual(['fresh']);
    expect(store().notificationsTotal).toBe(1);
  });

  it('a pushed notification is prepended once and counted', () => {
    store().receiveNotification(note('a'));
    store().receiveNotification(note('b'));
    store().receiveNotification({ ...note('a'), message: 'edited' });

    expect(store().notifications.map((item) => item.id)).toEqual(['a', 'b']);
    expect(store().notifications[0]?.message).toBe('edited');
    expect(store().unreadCount).toBe(2);
  });

  it('reset empties the list, the count and the error', () => {
    store().receiveNotification(note('a'));
    store().resetNotifications();

    expect(store().notifications).toEqual([]);
    expect(store().notificationsTotal).toBe(0);
    expect(store().unreadCount).toBe(0);
    expect(store().notificationsError).toBe(false);
  });
});
