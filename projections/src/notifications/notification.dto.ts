import type { NotificationDto } from '@crossfeed/domain/api/realtime-events.ts';
import type { NotificationDoc } from './notifications.projection.ts';

export type { NotificationDto };

/** SPEC §3 Notification, as GET /notifications/ and the `notification` push return it. */
export const toNotificationDto = (doc: NotificationDoc): NotificationDto => ({
  id: doc._id,
  message: doc.message,
  timestamp: doc.timestamp,
  is_read: doc.is_read,
});
