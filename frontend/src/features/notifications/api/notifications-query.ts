import type { NotificationDto } from '@crossfeed/domain/api/realtime-events.ts';
import { queryClient } from '@/lib/query/query-client';
import { pagedListItems, updatePagedList, usePagedList } from '@/lib/query/use-paged-list';
import { getNotifications } from './get-notifications';
import { markAllNotificationsRead as putAllRead } from './mark-all-notifications-read';
import { markNotificationRead as putNotificationRead } from './mark-notification-read';

/** SPEC §8. */
export const NOTIFICATIONS_FETCH_FAILED = 'Failed to fetch notifications';

/** The signed-in user's notifications, newest first, in the query cache (a push or a reconnect calls it). */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

const countUnread = (items: readonly NotificationDto[]) => items.reduce((count, item) => count + (item.is_read ? 0 : 1), 0);

/**
 * The notifications list (the sidebar's badge and the Notifications modal share it): the pages loaded so far,
 * how many are unread among them, and whether the last read failed (the sidebar's marker, the modal's text).
 */
export function useNotifications() {
  const list = usePagedList<NotificationDto>(NOTIFICATIONS_KEY, (page) => getNotifications(page));
  return { ...list, unreadCount: countUnread(list.items), failed: list.status === 'error' || list.refreshFailed };
}

const markReadLocally = (isRead: (item: NotificationDto) => boolean) =>
  updatePagedList<NotificationDto>(NOTIFICATIONS_KEY, (page) => ({
    ...page,
    items: page.items.map((item) => (!item.is_read && isRead(item) ? { ...item, is_read: true } : item)),
  }));

/** Marks one as read; the list changes only after the server accepted it, failures are ignored (SPEC §8). */
export async function markNotificationRead(id: string): Promise<void> {
  try {
    await putNotificationRead(id);
  } catch {
    return;
  }
  markReadLocally((item) => item.id === id);
}

/**
 * One request marks them all; the listed ones turn read once the server accepted it. The server marks everything
 * up to its newest notification; one pushed while the request was on its way may be newer, so only those listed
 * when asking turn read here. Failures are ignored (SPEC §8).
 */
export async function markAllNotificationsRead(): Promise<void> {
  const asked = new Set((pagedListItems<NotificationDto>(NOTIFICATIONS_KEY) ?? []).map((item) => item.id));
  try {
    await putAllRead();
  } catch {
    return;
  }
  markReadLocally((item) => asked.has(item.id));
}

/** A `notification` push: prepended to the cached list (replacing it when already listed). */
export function receiveNotification(notification: NotificationDto): void {
  updatePagedList<NotificationDto>(NOTIFICATIONS_KEY, ({ items, total }) => ({
    items: [notification, ...items.filter((item) => item.id !== notification.id)],
    total: items.some((item) => item.id === notification.id) ? total : total + 1,
  }));
}

/** The list is read again where shown (a reconnect); the session's end drops it, for the next account. */
export const refreshNotifications = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
export const forgetNotifications = () => queryClient.removeQueries({ queryKey: NOTIFICATIONS_KEY });
