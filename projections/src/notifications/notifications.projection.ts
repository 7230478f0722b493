import { creditWithdrawnMessage } from '@crossfeed/domain/rules/share-credit.ts';
import { waitlistTierMessage } from '@crossfeed/domain/rules/waitlist.ts';
import { scheduleOutcomeMessage } from '@crossfeed/domain/schedules/schedule-outcome.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectionOp } from '../projection.ts';

export const NOTIFICATIONS = 'notifications';

export type NotificationKind =
  | 'content_shared'
  | 'content_flagged'
  | 'content_status_changed'
  | 'content_removed'
  | 'content_released'
  | 'match_completed'
  | 'premium_started'
  | 'premium_ended'
  | 'waitlist_tier'
  | 'schedule_ran'
  | 'share_undelivered'
  | 'webhook_disabled';

/** One notification for one recipient; its id is the id of the event that caused it (replay gives the same). */
export interface NotificationDoc extends Doc {
  user_id: string;
  message: string;
  timestamp: string;
  is_read: boolean;
  kind: NotificationKind;
  content_id: string | null;
}

const notify = (
  event: RecordedEvent,
  userId: string,
  kind: NotificationKind,
  message: string,
  timestamp: string,
  contentId: string | null = null,
): ProjectionOp[] => [
  {
    op: 'upsert',
    collection: NOTIFICATIONS,
    id: event.id,
    update: { $set: { user_id: userId, message, timestamp, kind, content_id: contentId }, $setOnInsert: { is_read: false } },
  },
];

/** A moderation decision's reason, told after the message; events recorded before reasons were kept have none. */
const reasonSuffix = (reason: string | null | undefined): string => (reason ? ` Reason: ${reason}` : '');

/** SPEC §3 Notification: what happened to the recipient's content and subscription. */
export const notificationsProjection = defineProjection({
  name: 'notifications',
  version: 1,
  collections: { [NOTIFICATIONS]: [{ key: { user_id: 1, timestamp: -1 } }] },
  handlers: {
    ContentShared: (event) => {
      const { data } = event;
      if (data.sharerId === data.contentOwnerId) return [];
      const message = `${data.sharerUsername} shared your content "${data.contentTitle}".`;
      return notify(event, data.contentOwnerId, 'content_shared', message, data.sharedAt, data.contentId);
    },
    ContentFlagged: (event) => {
      const { data } = event;
      const message = `Your content "${data.contentTitle}" was flagged for review.`;
      return notify(event, data.ownerId, 'content_flagged', message, data.flaggedAt, data.contentId);
    },
    ContentStatusChanged: (event) => {
      const { data } = event;
      // `under_review` reads "under review".
      const message = `Your content "${data.contentTitle}" is now ${data.status.replace(/_/g, ' ')}.${reasonSuffix(data.reason)}`;
      return notify(event, data.ownerId, 'content_status_changed', message, data.changedAt, data.contentId);
    },
    ContentRemovedByAdmin: (event) => {
      const { data } = event;
      const message = `Your content "${data.contentTitle}" was removed by a moderator.${reasonSuffix(data.reason)}`;
      return notify(event, data.ownerId, 'content_removed', message, data.removedAt, data.contentId);
    },
    MatchCompleted: (event) => {
      const { data } = event;
      // A match that released content is told by the release; one that banked its credit is told here.
      if (data.releasedContentId !== null) return [];
      const message = `You completed a match for "${data.contentTitle}". Your next submission will be released to the exchange at once.`;
      return notify(event, data.sharerId, 'match_completed', message, data.completedAt, data.contentId);
    },
    ContentReleased: (event) => {
      const { data } = event;
      const why =
        data.reason === 'match_completed' ? ' You earned it by completing a match.' : data.reason === 'banked_credit' ? ' You earned it with a match completed earlier.' : '';
      const message = `Your content "${data.contentTitle}" is now live in the exchange.${why}`;
      return notify(event, data.userId, 'content_released', message, data.releasedAt, data.contentId);
    },
    PremiumStarted: (event) => {
      const { data } = event;
      return notify(event, data.userId, 'premium_started', 'Welcome to Premium! All features are unlocked.', data.startedAt);
    },
    PremiumEnded: (event) => {
      const { data } = event;
      return notify(event, data.userId, 'premium_ended', 'Your Premium subscription has ended.', data.endedAt);
    },
    WaitlistTierCarriedOver: (event) => {
      const { data } = event;
      return notify(event, data.userId, 'waitlist_tier', waitlistTierMessage(data), data.carriedAt);
    },
    ScheduleRan: (event) => {
      const { data } = event;
      return notify(event, data.userId, 'schedule_ran', scheduleOutcomeMessage(data), data.ranAt, data.contentId);
    },
    ShareCreditWithdrawn: (event) => {
      const { data } = event;
      return notify(event, data.sharerId, 'share_undelivered', creditWithdrawnMessage(data), data.withdrawnAt, data.contentId);
    },
    WebhookEndpointDisabled: (event) => {
      const { data } = event;
      return notify(event, data.userId, 'webhook_disabled', `Your webhook endpoint ${data.url} was disabled: ${data.reason}`, data.disabledAt);
    },
    NotificationRead: (event) => {
      // On `notifications-{userId}`, or on `user-{id}` in logs written before that stream existed.
      const { data } = event;
      // Filtered by recipient too: a read event can never touch someone else's notification.
      return [
        {
          op: 'updateMany',
          collection: NOTIFICATIONS,
          filter: { _id: data.notificationId, user_id: data.userId },
          update: { $set: { is_read: true } },
        },
      ];
    },
    AllNotificationsRead: (event) => {
      const { data } = event;
      // One write whatever the count. Only notifications already projected are touched (the position
      // guard), so one that arrives after this event stays unread even when stamped earlier.
      return [
        {
          op: 'updateMany',
          collection: NOTIFICATIONS,
          filter: { user_id: data.userId, is_read: false, timestamp: { $lte: data.upTo } },
          update: { $set: { is_read: true } },
        },
      ];
    },
  },
});
