import { z } from 'zod';
import { NotificationDtoSchema } from '@crossfeed/domain/api/realtime-events.ts';
import { operations } from '../../api/openapi/operation.ts';

const AllReadSchema = z.object({
  message: z.string(),
  updated: z.number().int().min(0).describe('How many notifications were unread and are read now.'),
});

/** The operations of `notifications` (SPEC §7 Notifications) as the OpenAPI document describes them (issue 26). */
export const notificationsOperations = operations([
  {
    method: 'get',
    route: '/notifications',
    path: '/notifications/',
    operationId: 'listNotifications',
    summary: "The caller's notifications",
    description: 'Newest first, paged.',
    tag: 'Notifications',
    access: 'session',
    paged: true,
    responses: { 200: { description: 'One page of notifications.', schema: z.array(NotificationDtoSchema) } },
    errors: [400, 401, 403],
  },
  {
    method: 'put',
    route: '/notifications/read-all',
    operationId: 'markAllNotificationsRead',
    summary: "Mark all the caller's notifications read",
    description: 'Every notification the caller has now; one arriving meanwhile stays unread. The body is empty.',
    tag: 'Notifications',
    access: 'session',
    responses: { 200: { description: 'How many were marked read.', schema: AllReadSchema } },
    errors: [401, 403],
  },
  {
    method: 'put',
    route: '/notifications/:id/read',
    operationId: 'markNotificationRead',
    summary: 'Mark one notification read',
    description: "One of the caller's own (another user's answers 404, like a missing one). Marking a read one again answers it unchanged. The body is empty.",
    tag: 'Notifications',
    access: 'session',
    responses: { 200: { description: 'The notification, read.', schema: NotificationDtoSchema } },
    errors: [401, 403, 404],
  },
]);
