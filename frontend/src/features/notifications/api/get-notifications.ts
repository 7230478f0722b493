import type { NotificationDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api, type Page, type PageRequest } from '@/lib/api-client';

/** GET /notifications/: one page of the signed-in user's notifications, newest first, each with `is_read`. */
export function getNotifications(page: PageRequest = {}): Promise<Page<NotificationDto>> {
  return api.getPage<NotificationDto>('/notifications/', page);
}
