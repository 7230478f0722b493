import { Router } from 'express';
import { notificationReadsDecider } from '@crossfeed/domain/notifications/notification-reads.decider.ts';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { notificationsStream } from '@crossfeed/domain/shared/streams.ts';
import type { Sort } from '@crossfeed/platform/read-store/read-store.port.ts';
import { NOTIFICATIONS, type NotificationDoc } from '@crossfeed/projections/notifications/notifications.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { sendPagedList } from '../../http/paging.ts';
import { toNotificationDto } from './notification.dto.ts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';
export const ALL_NOTIFICATIONS_READ = 'All notifications marked as read.';

/** Newest first; the id breaks ties so pages never overlap. */
const NEWEST_FIRST: Sort = { timestamp: -1, _id: -1 };

/**
 * SPEC §7 Notifications: the caller's own, newest first and paged; marking one read, or all at once.
 * Reads are decided on `notifications-{userId}`, never on the account stream.
 */
export function notificationRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const notifications = () => ctx.readStore.collection<NotificationDoc>(NOTIFICATIONS);

  router.get('/notifications', auth, async (req, res) => {
    const user = currentUser(req);
    await sendPagedList(req, res, notifications(), { user_id: user._id }, NEWEST_FIRST, (docs) => docs.map(toNotificationDto));
  });

  // Before `/notifications/:id/read`, so `read-all` is never taken for an id.
  router.put('/notifications/read-all', auth, async (req, res) => {
    const user = currentUser(req);
    // The newest notification the caller has now: later arrivals stay unread, whatever their timestamp.
    const newest = await notifications().findOne({ user_id: user._id }, { sort: NEWEST_FIRST, projection: { timestamp: 1 } });
    const unread = newest ? await notifications().count({ user_id: user._id, is_read: false, timestamp: { $lte: newest.timestamp } }) : 0;
    if (newest && unread > 0) {
      await execute(
        ctx,
        notificationReadsDecider,
        notificationsStream(user._id),
        { type: 'MarkAllNotificationsRead', data: { userId: user._id, upTo: newest.timestamp, now: ctx.clock().toISOString() } },
        { userId: user._id },
      );
    }
    res.json({ message: ALL_NOTIFICATIONS_READ, updated: unread });
  });

  router.put('/notifications/:id/read', auth, async (req, res) => {
    const user = currentUser(req);
    // Someone else's notification is answered like a missing one, so ids do not leak.
    const found = await notifications().findOne({ _id: req.params.id, user_id: user._id });
    if (!found) throw new NotFoundError(NOTIFICATION_NOT_FOUND);
    // Already read: nothing to decide, the same answer.
    if (found.is_read) {
      res.json(toNotificationDto(found));
      return;
    }
    await execute(
      ctx,
      notificationReadsDecider,
      notificationsStream(user._id),
      { type: 'MarkNotificationRead', data: { userId: user._id, notificationId: found._id, now: ctx.clock().toISOString() } },
      { userId: user._id },
    );
    const updated = await notifications().findOne({ _id: found._id, user_id: user._id });
    res.json(toNotificationDto(updated ?? { ...found, is_read: true }));
  });

  return router;
}
