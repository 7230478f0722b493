import type { StateCreator } from 'zustand';
import type { NotificationDto } from '@crossfeed/domain/api/realtime-events.ts';
import type { AppState, AppStateCreatorMiddlewares } from '@/stores/app-store';
import { getNotifications } from '../api/get-notifications';
import { markNotificationRead as putNotificationRead } from '../api/mark-notification-read';

/** SPEC §8. */
export const NOTIFICATIONS_FETCH_FAILED = 'Failed to fetch notifications';

export type NotificationsSlice = {
  notifications: NotificationDto[];
  notificationsLoading: boolean;
  /** The last fetch failed: the sidebar shows an exclamation marker, the modal the SPEC §8 text. */
  notificationsError: boolean;
  unreadCount: number;
  fetchNotifications: () => Promise<void>;
  /** Marks one as read; the list changes only after the server accepted it, failures are ignored. */
  markNotificationRead: (id: string) => Promise<void>;
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
  // A fetch answered after a newer one started (a reconnect during the first load) must not win.
  let fetchGeneration = 0;

  const markReadLocally = (id: string) =>
    set((state) => {
      const item = state.notifications.find((notification) => notification.id === id);
      if (item && !item.is_read) {
        item.is_read = true;
        state.unreadCount = countUnread(state.notifications);
      }
    });

  return {
    notifications: [],
    notificationsLoading: false,
    notificationsError: false,
    unreadCount: 0,

    fetchNotifications: async () => {
      const generation = ++fetchGeneration;
      set((state) => {
        state.notificationsLoading = true;
      });
      try {
        const items = await getNotifications();
        if (generation !== fetchGeneration) return;
        set((state) => {
          state.notifications = items;
          state.unreadCount = countUnread(items);
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

    markNotificationRead: async (id) => {
      try {
        await putNotificationRead(id);
      } catch {
        return; // SPEC §8: mark-as-read failures are silently ignored.
      }
      markReadLocally(id);
    },

    markAllNotificationsRead: async () => {
      // The API marks one at a time (SPEC §7); each item turns read as its own call succeeds.
      const unread = get().notifications.filter((notification) => !notification.is_read);
      await Promise.all(unread.map((notification) => get().markNotificationRead(notification.id)));
    },

    receiveNotification: (notification) =>
      set((state) => {
        state.notifications = [notification, ...state.notifications.filter((item) => item.id !== notification.id)];
        state.unreadCount = countUnread(state.notifications);
      }),

    resetNotifications: () => {
      fetchGeneration++;
      set((state) => {
        state.notifications = [];
        state.notificationsLoading = false;
        state.notificationsError = false;
        state.unreadCount = 0;
      });
    },
  };
};
