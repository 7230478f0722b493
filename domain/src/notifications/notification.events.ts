import type { DomainEvent } from '../shared/decider.ts';
import type { NotificationRead } from '../users/user.events.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';
import { userEventSchemas } from '../users/user.events.ts';

/**
 * Events of `notifications-{userId}`: the recipient's reads, kept out of the account stream so the account's
 * commands never fold them. `NotificationRead` keeps its type and data: logs written before this stream
 * existed have it on `user-{id}`, where the account decider ignores it; the notifications projection applies
 * it on either stream.
 */
export type { NotificationRead };

/**
 * "Mark All as Read": every notification of the user stamped at or before `upTo` (the newest one the user
 * had when asking) is read; notifications that arrive later stay unread.
 */
export type AllNotificationsRead = DomainEvent<'AllNotificationsRead', { userId: string; upTo: string; readAt: string }>;

export type NotificationEvent = NotificationRead | AllNotificationsRead;

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const notificationEventSchemas = {
  NotificationRead: userEventSchemas.NotificationRead,
  AllNotificationsRead: z.object({ userId: z.string(), upTo: z.string(), readAt: z.string() }),
} satisfies EventSchemas<NotificationEvent>;
