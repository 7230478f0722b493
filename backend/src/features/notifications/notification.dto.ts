// The mapping lives beside the read model so the push reactor (projections) returns the same shape.
export { toNotificationDto } from '@crossfeed/projections/notifications/notification.dto.ts';
export type { NotificationDto } from '@crossfeed/projections/notifications/notification.dto.ts';
