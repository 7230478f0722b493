import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { NotificationDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api, ApiError } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';

// The store is built by the test setup before any vi.mock could apply, so the API client is spied on.
let getNotifications: Mock<(path: string) => Promise<NotificationDto[]>>;
let putRead: Mock<(path: string) => Promise<unknown>>;
/** The ids PUT /notifications/{id}/read was called with. */
const markedIds = () => putRead.mock.calls.map(([path]) => /\/notifications\/(.+)\/read$/.exec(path)?.[1]);

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
    vi.spyOn(api, 'get').mockImplementation(getNotifications as never);
    vi.spyOn(api, 'put').mockImplementation(putRead as never);
  });

  it('fetch stores the list and counts the unread ones', async () => {
    getNotifications.mockResolvedValue([note('a'), note('b', true), note('c')]);

    const pending = store().fetchNotifications();
    expect(store().notificationsLoading).toBe(true);
    await pending;

    expect(getNotifications).toHaveBeenCalledWith('/notifications/');
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

    getNotifications.mockResolvedValueOnce([]);
    await store().fetchNotifications();
    expect(store().notificationsError).toBe(false);
    expect(store().unreadCount).toBe(0);
  });

  it('ignores a fetch answer that arrives after a newer fetch started', async () => {
    let answerFirst: (items: NotificationDto[]) => void = () => {};
    getNotifications
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce([note('new')]);

    const first = store().fetchNotifications();
    await store().fetchNotifications();
    answerFirst([note('old')]);
    await first;

    expect(store().notifications.map((item) => item.id)).toEqual(['new']);
  });

  it('marks one as read only after the server accepted it', async () => {
    getNotifications.mockResolvedValue([note('a'), note('b')]);
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
    getNotifications.mockResolvedValue([note('a')]);
    await store().fetchNotifications();
    putRead.mockRejectedValueOnce(new ApiError(500, 'boom'));

    await expect(store().markNotificationRead('a')).resolves.toBeUndefined();

    expect(store().notifications[0]?.is_read).toBe(false);
    expect(store().unreadCount).toBe(1);
    expect(store().notificationsError).toBe(false);
  });

  it('Mark All as Read marks each unread one, keeping those whose call failed unread', async () => {
    getNotifications.mockResolvedValue([note('a'), note('b', true), note('c')]);
    await store().fetchNotifications();
    putRead.mockImplementation(async (path) => {
      if (path === '/notifications/c/read') throw new ApiError(500, undefined);
    });

    await store().markAllNotificationsRead();

    expect(markedIds()).toEqual(['a', 'c']);
    expect(store().notifications.map((item) => item.is_read)).toEqual([true, true, false]);
    expect(store().unreadCount).toBe(1);
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
    expect(store().unreadCount).toBe(0);
    expect(store().notificationsError).toBe(false);
  });
});
