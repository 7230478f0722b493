import type { StateCreator } from 'zustand';
import type { NotificationDto } from '@crossfeed/domain/api/realtime-events.ts';
import { appendPage, PAGE_SIZE, refreshLimit } from '@/lib/paging';
import type { AppState, AppStateCreatorMiddlewares } from '@/stores/app-store';
import { getNotifications } from '../api/get-notifications';
import { markAllNotificationsRead as putAllRead } from '../api/mark-all-notifications-read';
import { markNotificationRead as putNotificationRead } from '../api/mark-notification-read';

/** SPEC §8. */
export const NOTIFICATIONS_FETCH_FAILED = 'Failed to fetch notifications';

export type NotificationsSlice = {
  /** The pages loaded so far, newest first. */
  notifications: NotificationDto[];
  /** How many the user has in all (the server's `X-Total-Count`); more than listed means "Load more". */
  notificationsTotal: number;
  notificationsLoading: boolean;
  notificationsLoadingMore: boolean;
  /** The last fetch failed: the sidebar shows an exclamation marker, the modal the SPEC §8 text. */
  notificationsError: boolean;
  /** The last "Load more" failed: the list stays, with the SPEC §8 text under it. */
  notificationsLoadMoreFailed: boolean;
  /** Unread among the notifications loaded. */
  unreadCount: number;
  /** The first page again, as many items as are listed (a refresh keeps what "Load more" added). */
  fetchNotifications: () => Promise<void>;
  /** The next page, after the ones listed; a failure keeps the list (`notificationsLoadMoreFailed`). */
  loadMoreNotifications: () => Promise<void>;
  /** Marks one as read; the list changes only after the server accepted it, failures are ignored. */
  markNotificationRead: (id: string) => Promise<void>;
  /** One request marks them all; the listed ones turn read once the server accepted it. */
  markAllNotificationsRead: () => Promise<void>;
  /** A `notification` push: prepended (or replaced when already listed). */
  receiveNotification: (notification: NotificationDto) => void;
  resetNotifications: () => void;
};

const countUnread = (items: NotificationDto[]) => items.reduce((count, item) => count + (item.is_read ? 0 : 1), 0);

export const createNotificationsSlice: StateCreator<AppState, AppStateCreatorMiddlewares, [], NotificationsSlice> = (
  set,
  get,
) => {
  // A fetch (or a next page) answered after a newer fetch started (a reconnect during the first load) must not win.
  let fetchGeneration = 0;

  const markReadLocally = (isRead: (item: NotificationDto) => boolean) =>
    set((state) => {
      for (const item of state.notifications) if (!item.is_read && isRead(item)) item.is_read = true;
      state.unreadCount = countUnread(state.notifications);
    });

  return {
    notifications: [],
    notificationsTotal: 0,
    notificationsLoading: false,
    notificationsLoadingMore: false,
    notificationsError: false,
    notificationsLoadMoreFailed: false,
    unreadCount: 0,

    fetchNotifications: async () => {
      const generation = ++fetchGeneration;
      const limit = refreshLimit(get().notifications.length);
      set((state) => {
        state.notificationsLoading = true;
        state.notificationsLoadingMore = false;
        state.notificationsLoadMoreFailed = false;
      });
      try {
        const { items, total } = await getNotifications({ offset: 0, limit });
        if (generation !== fetchGeneration) return;
        set((state) => {
          state.notifications = Array.isArray(items) ? items : [];
          state.notificationsTotal = total;
          state.unreadCount = countUnread(state.notifications);
          state.notificationsError = false;
          state.notificationsLoading = false;
        });
      } catch {
        if (generation !== fetchGeneration) return;
        set((state) => {
          state.notificationsError = true;
          state.notificationsLoading = false;
        });
      }
    },

    loadMoreNotifications: async () => {
      const { notifications, notificationsTotal, notificationsLoading, notificationsLoadingMore } = get();
      if (notificationsLoading || notificationsLoadingMore || notifications.length >= notificationsTotal) return;
      const generation = fetchGeneration;
      set((state) => {
        state.notificationsLoadingMore = true;
        state.notificationsLoadMoreFailed = false;
      });
      try {
        // A push prepended since is on the server's first page too, so the listed count is the offset.
        const { items, total } = await getNotifications({ offset: notifications.length, limit: PAGE_SIZE });
        if (generation !== fetchGeneration) return;
        set((state) => {
          state.notifications = appendPage(state.notifications, Array.isArray(items) ? items : []);
          state.notificationsTotal = total;
          state.unreadCount = countUnread(state.notifications);
          state.notificationsLoadingMore = false;
        });
      } catch {
        if (generation !== fetchGeneration) return;
        set((state) => {
          state.notificationsLoadMoreFailed = true;
          state.notificationsLoadingMore = false;
        });
      }
    },

    markNotificationRead: async (id) => {
      try {
        await putNotificationRead(id);
      } catch {
        return; // SPEC §8: mark-as-read failures are silently ignored.
      }
      markReadLocally((item) => item.id === id);
    },

    markAllNotificationsRead: async () => {
      // The server marks everything up to its newest notification; one pushed while the request was on its
      // way may be newer, so only those listed when asking turn read here.
      const asked = new Set(get().notifications.map((item) => item.id));
      try {
        await putAllRead();
      } catch {
        return; // SPEC §8: mark-as-read failures are silently ignored.
      }
      markReadLocally((item) => asked.has(item.id));
    },

    receiveNotification: (notification) =>
      set((state) => {
        const known = state.notifications.some((item) => item.id === notification.id);
        state.notifications = [notification, ...state.notifications.filter((item) => item.id !== notification.id)];
        if (!known) state.notificationsTotal += 1;
        state.unreadCount = countUnread(state.notifications);
      }),

    resetNotifications: () => {
      fetchGeneration++;
      set((state) => {
        state.notifications = [];
        state.notificationsTotal = 0;
        state.notificationsLoading = false;
        state.notificationsLoadingMore = false;
        state.notificationsError = false;
        state.notificationsLoadMoreFailed = false;
        state.unreadCount = 0;
      });
    },
  };
};
