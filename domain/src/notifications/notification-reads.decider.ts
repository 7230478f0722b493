import type { Decider } from '../shared/decider.ts';
import { ForbiddenError, ValidationError } from '../shared/errors.ts';
import type { NotificationCommand } from './notification.commands.ts';
import type { NotificationEvent } from './notification.events.ts';

export const NOTIFICATION_READS_MESSAGES = {
  userRequired: 'userId is required.',
  notificationRequired: 'notificationId is required.',
  /** The projection compares timestamps as strings: only the canonical UTC form orders correctly. */
  badTime: 'must be an ISO time in UTC (YYYY-MM-DDTHH:mm:ss.sssZ).',
  otherUser: 'These notifications belong to another user.',
} as const;

/**
 * Only whose stream this is. Deliberately nothing per read: the route checks in the read model that the
 * notification exists, is the caller's and is still unread, so `evolve` stays O(1) however many reads the
 * stream holds (DESIGN §3: no command's cost may grow with history).
 */
export interface NotificationReadsState {
  userId: string | null;
}

const isUtcIso = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value;
};

function requireTime(value: unknown, field: string): string {
  if (!isUtcIso(value)) throw new ValidationError(`${field}: ${NOTIFICATION_READS_MESSAGES.badTime}`);
  return value;
}

function requireOwner(state: NotificationReadsState, userId: unknown): string {
  if (typeof userId !== 'string' || !userId) throw new ValidationError(NOTIFICATION_READS_MESSAGES.userRequired);
  if (state.userId !== null && state.userId !== userId) throw new ForbiddenError(NOTIFICATION_READS_MESSAGES.otherUser);
  return userId;
}

/** A recipient's notification reads on `notifications-{userId}`: one read, or all up to a timestamp. */
export const notificationReadsDecider: Decider<NotificationReadsState, NotificationCommand, NotificationEvent> = {
  initialState: () => ({ userId: null }),

  evolve(state, event) {
    return state.userId === null ? { userId: event.data.userId } : state;
  },

  decide(command, state) {
    switch (command.type) {
      case 'MarkNotificationRead': {
        const userId = requireOwner(state, command.data.userId);
        const { notificationId } = command.data;
        if (typeof notificationId !== 'string' || !notificationId) throw new ValidationError(NOTIFICATION_READS_MESSAGES.notificationRequired);
        const readAt = requireTime(command.data.now, 'now');
        return [{ type: 'NotificationRead', data: { userId, notificationId, readAt } }];
      }

      case 'MarkAllNotificationsRead': {
        const userId = requireOwner(state, command.data.userId);
        const upTo = requireTime(command.data.upTo, 'upTo');
        const readAt = requireTime(command.data.now, 'now');
        return [{ type: 'AllNotificationsRead', data: { userId, upTo, readAt } }];
      }
    }
  },
};
