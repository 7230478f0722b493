/** Commands of `notifications-{userId}`. Each carries the time it was issued (`now`). */

/** The route has checked in the read model that the notification is the caller's and still unread. */
export interface MarkNotificationRead {
  type: 'MarkNotificationRead';
  data: { userId: string; notificationId: string; now: string };
}

/** `upTo`: the timestamp of the newest notification the caller has, read from the read model. */
export interface MarkAllNotificationsRead {
  type: 'MarkAllNotificationsRead';
  data: { userId: string; upTo: string; now: string };
}

export type NotificationCommand = MarkNotificationRead | MarkAllNotificationsRead;
