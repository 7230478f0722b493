import type { ContentRemovedByAdmin, ContentStatusChanged } from '@crossfeed/domain/content/content.events.ts';
import type { ContentFlagged } from '@crossfeed/domain/flags/flag.events.ts';
import type { AllNotificationsRead, NotificationRead } from '@crossfeed/domain/notifications/notification.events.ts';
import type { ContentReleased, ContentShared, MatchCompleted, PremiumEnded, PremiumStarted, ShareCreditWithdrawn, WaitlistTierCarriedOver } from '@crossfeed/domain/users/user.events.ts';
import { creditWithdrawnMessage } from '@crossfeed/domain/rules/share-credit.ts';
import { waitlistTierMessage } from '@crossfeed/domain/rules/waitlist.ts';
import type { ScheduleRan } from '@crossfeed/domain/schedules/schedule.events.ts';
import { scheduleOutcomeMessage } from '@crossfeed/domain/schedules/schedule-outcome.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { Projection, ProjectionOp } from '../projection.ts';

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
  | 'share_undelivered';

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
export const notificationsProjection: Projection = {
  name: 'notifications',
  version: 1,
  collections: { [NOTIFICATIONS]: [{ key: { user_id: 1, timestamp: -1 } }] },
  handles: new Set([
    'ContentShared',
    'ContentFlagged',
    'ContentStatusChanged',
    'ContentRemovedByAdmin',
    'MatchCompleted',
    'ContentReleased',
    'PremiumStarted',
    'PremiumEnded',
    'NotificationRead',
    'AllNotificationsRead',
    'WaitlistTierCarriedOver',
    'ScheduleRan',
    'ShareCreditWithdrawn',
  ]),

  project(event): ProjectionOp[] {
    switch (event.type) {
      case 'ContentShared': {
        const data = event.data as ContentShared['data'];
        if (data.sharerId === data.contentOwnerId) return [];
        const message = `${data.sharerUsername} shared your content "${data.contentTitle}".`;
        return notify(event, data.contentOwnerId, 'content_shared', message, data.sharedAt, data.contentId);
      }
      case 'ContentFlagged': {
        const data = event.data as ContentFlagged['data'];
        const message = `Your content "${data.contentTitle}" was flagged for review.`;
        return notify(event, data.ownerId, 'content_flagged', message, data.flaggedAt, data.contentId);
      }
      case 'ContentStatusChanged': {
        const data = event.data as ContentStatusChanged['data'];
        // `under_review` reads "under review".
        const message = `Your content "${data.contentTitle}" is now ${data.status.replace(/_/g, ' ')}.${reasonSuffix(data.reason)}`;
        return notify(event, data.ownerId, 'content_status_changed', message, data.changedAt, data.contentId);
      }
      case 'ContentRemovedByAdmin': {
        const data = event.data as ContentRemovedByAdmin['data'];
        const message = `Your content "${data.contentTitle}" was removed by a moderator.${reasonSuffix(data.reason)}`;
        return notify(event, data.ownerId, 'content_removed', message, data.removedAt, data.contentId);
      }
      case 'MatchCompleted': {
        const data = event.data as MatchCompleted['data'];
        // A match that released content is told by the release; one that banked its credit is told here.
        if (data.releasedContentId !== null) return [];
        const message = `You completed a match for "${data.contentTitle}". Your next submission will be released to the exchange at once.`;
        return notify(event, data.sharerId, 'match_completed', message, data.completedAt, data.contentId);
      }
      case 'ContentReleased': {
        const data = event.data as ContentReleased['data'];
        const why =
          data.reason === 'match_completed' ? ' You earned it by completing a match.' : data.reason === 'banked_credit' ? ' You earned it with a match completed earlier.' : '';
        const message = `Your content "${data.contentTitle}" is now live in the exchange.${why}`;
        return notify(event, data.userId, 'content_released', message, data.releasedAt, data.contentId);
      }
      case 'PremiumStarted': {
        const data = event.data as PremiumStarted['data'];
        return notify(event, data.userId, 'premium_started', 'Welcome to Premium! All features are unlocked.', data.startedAt);
      }
      case 'PremiumEnded': {
        const data = event.data as PremiumEnded['data'];
        return notify(event, data.userId, 'premium_ended', 'Your Premium subscription has ended.', data.endedAt);
      }
      case 'WaitlistTierCarriedOver': {
        const data = event.data as WaitlistTierCarriedOver['data'];
        return notify(event, data.userId, 'waitlist_tier', waitlistTierMessage(data), data.carriedAt);
      }
      case 'ScheduleRan': {
        const data = event.data as ScheduleRan['data'];
        return notify(event, data.userId, 'schedule_ran', scheduleOutcomeMessage(data), data.ranAt, data.contentId);
      }
      case 'ShareCreditWithdrawn': {
        const data = event.data as ShareCreditWithdrawn['data'];
        return notify(event, data.sharerId, 'share_undelivered', creditWithdrawnMessage(data), data.withdrawnAt, data.contentId);
      }
      case 'NotificationRead': {
        // On `notifications-{userId}`, or on `user-{id}` in logs written before that stream existed.
        const data = event.data as NotificationRead['data'];
        // Filtered by recipient too: a read event can never touch someone else's notification.
        return [
          {
            op: 'updateMany',
            collection: NOTIFICATIONS,
            filter: { _id: data.notificationId, user_id: data.userId },
            update: { $set: { is_read: true } },
          },
        ];
      }
      case 'AllNotificationsRead': {
        const data = event.data as AllNotificationsRead['data'];
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
      }
      default:
        return [];
    }
  },
};
