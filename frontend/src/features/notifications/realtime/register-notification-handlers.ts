import type { RegisterHandlers } from '@/lib/socket';
import { receiveNotification, refreshNotifications } from '../api/notifications-query';

/** `notification` is prepended to the cached list; after a reconnect the list is fetched again. */
export const registerNotificationHandlers: RegisterHandlers = (socket, onReconnect) => {
  socket.on('notification', receiveNotification);
  onReconnect(() => {
    void refreshNotifications();
  });
};
