import type { NotificationDoc } from '@crossfeed/projections/notifications/notifications.projection.ts';

/** SPEC §3 Notification. */
export interface NotificationDto {
  id: string;
  message: string;
  timestamp: string;
  is_read: boolean;
}

export const toNotificationDto = (doc: NotificationDoc): NotificationDto => ({
  id: doc._id,
  message: doc.message,
  timestamp: doc.timestamp,
  is_read: doc.is_read,
});
