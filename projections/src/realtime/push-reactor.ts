/**
 * The push reactor (DESIGN §3 Realtime): turns LIVE events, once the read models include them, into
 * socket.io pushes shaped exactly as the REST API returns the same data. Hooked to the projection runner's
 * `onLiveEvent`, so the catch-up after a restart and rebuilds push nothing: pushes are for what happens now.
 */
import type { ContentRemovedByAdmin, ContentStatusChanged } from '@crossfeed/domain/content/content.events.ts';
import type { ContentFlagged, FlagDeleted } from '@crossfeed/domain/flags/flag.events.ts';
import type { ContentDeleted, ContentShared, ShareCreditGranted, ShareCreditWithdrawn } from '@crossfeed/domain/users/user.events.ts';
import type { WorkspaceEvent } from '@crossfeed/domain/workspace/workspace.events.ts';
import type { ServerToClientEvent, ServerToClientPayload } from '@crossfeed/domain/api/realtime-events.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { ADMINS_ROOM, PUBLIC_ROOM, userRoom, waitlistRoom, type RealtimePublisher, type Room } from '@crossfeed/platform/realtime/realtime.port.ts';
import { toContentDto } from '../contents/content.dto.ts';
import { shownStatus } from '@crossfeed/domain/rules/content-visibility.ts';
import { CONTENTS, type ContentDoc } from '../contents/contents.projection.ts';
import { toFlagDto } from '../flags/flag.dto.ts';
import { FLAGS, type FlagDoc } from '../flags/flags.projection.ts';
import { toNotificationDto } from '../notifications/notification.dto.ts';
import { NOTIFICATIONS, notificationsProjection, type NotificationDoc } from '../notifications/notifications.projection.ts';
import { loadUserDto } from '../users/user.dto.ts';
import { USERS, type UserDoc } from '../users/users.projection.ts';
import { WAITLIST, type WaitlistDoc } from '../waitlist/waitlist.projection.ts';

export interface PushReactorOptions {
  readStore: ReadStore;
  publisher: RealtimePublisher;
}

/** Typed against the shared `ServerToClientEvents`, so a payload can never drift from what clients expect. */
export function push<E extends ServerToClientEvent>(publisher: RealtimePublisher, room: Room, event: E, payload: ServerToClientPayload<E>): void {
  publisher.emit(room, event, payload);
}

const USER_UPDATING = new Set([
  'PremiumStarted',
  'PremiumEnded',
  // A cancel or resume in the portal (another tab, or the provider's page): every open tab shows the new end.
  'PremiumEndChanged',
  'ProfileCreated',
  'ProfileUpdated',
  'WaitlistTierCarriedOver',
]);
/** Events that change what the owner sees of a content (owner status or moderation): `content:updated`. */
const CONTENT_UPDATING = new Set(['ContentReleased', 'ContentPaused', 'ContentResumed', 'ContentFlagged', 'ContentStatusChanged']);
/** Events that change what one waitlist entry's page shows (its referrals, its confirmation). */
const WAITLIST_ENTRY_CHANGING = new Set(['WaitlistReferralCredited', 'WaitlistEmailConfirmed']);
/** Events the notifications projection applies that create no notification. */
const NOTIFICATION_READS = new Set(['NotificationRead', 'AllNotificationsRead']);

/** The creator's workspace changed: every open tab of theirs fetches GET /workspace again. */
function pushWorkspaceUpdate(publisher: RealtimePublisher, event: RecordedEvent): void {
  switch (event.type) {
    case 'WorkspaceSelectionChanged':
    case 'WorkspaceReset': {
      const data = event.data as WorkspaceEvent['data'];
      push(publisher, userRoom(data.userId), 'workspace:updated', { reason: event.type === 'WorkspaceReset' ? 'reset' : 'selection', content_id: null });
      return;
    }
    case 'ContentShared':
    case 'ShareCreditGranted':
    case 'ShareCreditWithdrawn': {
      // The sharer's match progress and shares left today moved (a deferred e-mail went, a bounce took a credit back).
      const data = event.data as ContentShared['data'] | ShareCreditGranted['data'] | ShareCreditWithdrawn['data'];
      push(publisher, userRoom(data.sharerId), 'workspace:updated', { reason: 'share', content_id: data.contentId });
      return;
    }
    default:
      return;
  }
}

/** Returns the `onLiveEvent` callback of the projection runner. */
export function createPushReactor(options: PushReactorOptions): (event: RecordedEvent) => Promise<void> {
  const { readStore, publisher } = options;

  const pushNotification = async (event: RecordedEvent): Promise<void> => {
    // The notification's id is the id of the event that caused it; some events notify nobody (own share).
    const doc = await readStore.collection<NotificationDoc>(NOTIFICATIONS).findOne({ _id: event.id });
    if (doc) push(publisher, userRoom(doc.user_id), 'notification', toNotificationDto(doc));
  };

  const react = async (event: RecordedEvent): Promise<void> => {
    if (!NOTIFICATION_READS.has(event.type) && notificationsProjection.handles.has(event.type)) await pushNotification(event);

    if (USER_UPDATING.has(event.type)) {
      const userId = (event.data as { userId: string }).userId;
      const user = await readStore.collection<UserDoc>(USERS).findOne({ _id: userId });
      if (user) push(publisher, userRoom(user._id), 'user:updated', await loadUserDto(readStore, user));
    }

    if (CONTENT_UPDATING.has(event.type)) {
      const contentId = (event.data as { contentId: string }).contentId;
      const content = await readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: contentId });
      if (content && !content.deleted) push(publisher, userRoom(content.user_id), 'content:updated', toContentDto(content));
    }

    if (WAITLIST_ENTRY_CHANGING.has(event.type)) {
      // Only the entry's own page hears it: its room is keyed by the code its secret token signs.
      const waitlist = readStore.collection<WaitlistDoc>(WAITLIST);
      const entry = await waitlist.findOne({ _id: (event.data as { emailKey: string }).emailKey });
      if (entry) {
        const position = await waitlist.count({ joined_position: { $lte: entry.joined_position } });
        push(publisher, waitlistRoom(entry.referral_code), 'waitlist:rank', { position, referrals: entry.referrals, confirmed: entry.confirmed });
      }
    }

    switch (event.type) {
      case 'ContentShared':
      case 'ShareCreditGranted':
      case 'ShareCreditWithdrawn': {
        const data = event.data as ContentShared['data'] | ShareCreditGranted['data'] | ShareCreditWithdrawn['data'];
        const content = await readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: data.contentId });
        if (!content || content.deleted) return;
        push(publisher, userRoom(content.user_id), 'content:progress', {
          content_id: content._id,
          share_count: content.share_count,
          required_shares: content.required_shares,
          status: shownStatus(content),
        });
        return;
      }
      case 'ContentFlagged': {
        const data = event.data as ContentFlagged['data'];
        const flag = await readStore.collection<FlagDoc>(FLAGS).findOne({ _id: data.flagId });
        if (!flag) return; // already deleted again
        const content = await readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: flag.content_id });
        push(publisher, ADMINS_ROOM, 'flag:created', toFlagDto(flag, content ?? undefined));
        return;
      }
      case 'ContentStatusChanged': {
        const data = event.data as ContentStatusChanged['data'];
        push(publisher, ADMINS_ROOM, 'flag:updated', { content_id: data.contentId, status: data.status });
        return;
      }
      case 'FlagDeleted': {
        const data = event.data as FlagDeleted['data'];
        push(publisher, ADMINS_ROOM, 'flag:updated', { flag_id: data.flagId, content_id: data.contentId, deleted: true });
        return;
      }
      case 'ContentRemovedByAdmin': {
        const data = event.data as ContentRemovedByAdmin['data'];
        push(publisher, ADMINS_ROOM, 'flag:updated', { content_id: data.contentId, status: 'deleted', deleted: true });
        // The owner's open lists drop it at once (their notification says why).
        push(publisher, userRoom(data.ownerId), 'content:removed', { content_id: data.contentId, by: 'admin' });
        return;
      }
      case 'ContentDeleted': {
        // The owner's other tabs drop it too.
        const data = event.data as ContentDeleted['data'];
        push(publisher, userRoom(data.userId), 'content:removed', { content_id: data.contentId, by: 'owner' });
        return;
      }
      case 'WaitlistJoined': {
        const count = await readStore.collection<WaitlistDoc>(WAITLIST).count({});
        push(publisher, PUBLIC_ROOM, 'waitlist:count', { count });
        return;
      }
      default:
        return;
    }
  };

  return async (event) => {
    await react(event);
    pushWorkspaceUpdate(publisher, event);
  };
}
