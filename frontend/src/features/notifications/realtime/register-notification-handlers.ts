import type { RegisterHandlers } from '@/lib/socket';
import { useAppStore } from '@/stores/app-store';

/** `notification` is prepended to the list; after a reconnect the list is fetched again. */
export const registerNotificationHandlers: RegisterHandlers = (socket, onReconnect) => {
  socket.on('notification', (notification) => {
    useAppStore.getState().receiveNotification(notification);
  });
  onReconnect(() => {
    void useAppStore.getState().fetchNotifications();
  });
};
