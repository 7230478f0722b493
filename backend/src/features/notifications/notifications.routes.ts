import { Router } from 'express';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { NOTIFICATIONS, type NotificationDoc } from '@crossfeed/projections/notifications/notifications.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { toNotificationDto } from './notification.dto.ts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';
/** The newest notifications a list shows; older ones stay stored. */
export const NOTIFICATIONS_SHOWN = 200;

/** SPEC §7 Notifications: the caller's own, newest first; marking one read. */
export function notificationRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const notifications = () => ctx.readStore.collection<NotificationDoc>(NOTIFICATIONS);

  router.get('/notifications', auth, async (req, res) => {
    const user = currentUser(req);
    const docs = await notifications().find({ user_id: user._id }, { sort: { timestamp: -1, _id: -1 }, limit: NOTIFICATIONS_SHOWN });
    res.json(docs.map(toNotificationDto));
  });

  router.put('/notifications/:id/read', auth, async (req, res) => {
    const user = currentUser(req);
    // Someone else's notification is answered like a missing one, so ids do not leak.
    const found = await notifications().findOne({ _id: req.params.id, user_id: user._id });
    if (!found) throw new NotFoundError(NOTIFICATION_NOT_FOUND);
    await execute(
      ctx,
      userDecider,
      userStream(user._id),
      { type: 'MarkNotificationRead', data: { userId: user._id, notificationId: found._id, now: ctx.clock().toISOString() } },
      { userId: user._id },
    );
    const updated = await notifications().findOne({ _id: found._id, user_id: user._id });
    res.json(toNotificationDto(updated ?? { ...found, is_read: true }));
  });

  return router;
}
