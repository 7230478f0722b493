import type { NotificationDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api } from '@/lib/api-client';

/** GET /notifications/: the signed-in user's notifications, newest first, each with `is_read`. */
export function getNotifications(): Promise<NotificationDto[]> {
  return api.get<NotificationDto[]>('/notifications/');
}
