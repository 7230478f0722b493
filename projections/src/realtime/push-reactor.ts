/**
 * The push reactor (DESIGN §3 Realtime): turns LIVE events, once the read models include them, into
 * socket.io pushes shaped exactly as the REST API returns the same data. Hooked to the projection runner's
 * `onLiveEvent`, so the catch-up after a restart and rebuilds push nothing: pushes are for what happens now.
 */
import type { DomainEventType } from '@crossfeed/domain/events.ts';
import type { ServerToClientEvent, ServerToClientPayload } from '@crossfeed/domain/api/realtime-events.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { ProjectedEvent } from '../projection.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { ADMINS_ROOM, PUBLIC_ROOM, userRoom, waitlistRoom, type RealtimePublisher, type Room } from '@crossfeed/platform/realtime/realtime.port.ts';
import { toContentDto } from '../contents/content.dto.ts';
import { shownStatus } from '@crossfeed/domain/rules/content-visibility.ts';
import { scheduleOutcomeMessage } from '@crossfeed/domain/schedules/schedule-outcome.ts';
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

/** What one event pushes, once the read models include it. */
type Push<Type extends DomainEventType> = (event: ProjectedEvent<Type>) => Promise<void> | void;
/** The pushes of each event type, in order: a type absent here pushes nothing but its notification. */
type Pushes = { readonly [Type in DomainEventType]?: readonly Push<Type>[] };

/** Events the notifications projection applies that create no notification. */
const NOTIFICATION_READS: ReadonlySet<string> = new Set<DomainEventType>(['NotificationRead', 'AllNotificationsRead']);

/** Returns the `onLiveEvent` callback of the projection runner. */
export function createPushReactor(options: PushReactorOptions): (event: RecordedEvent) => Promise<void> {
  const { readStore, publisher } = options;

  const pushNotification = async (event: RecordedEvent): Promise<void> => {
    // The notification's id is the id of the event that caused it; some events notify nobody (own share).
    const doc = await readStore.collection<NotificationDoc>(NOTIFICATIONS).findOne({ _id: event.id });
    if (doc) push(publisher, userRoom(doc.user_id), 'notification', toNotificationDto(doc));
  };

  /** The account changed as the current-user call shows it: every open tab of theirs gets `user:updated`. */
  const pushUser = async ({ data }: { data: { userId: string } }): Promise<void> => {
    const user = await readStore.collection<UserDoc>(USERS).findOne({ _id: data.userId });
    if (user) push(publisher, userRoom(user._id), 'user:updated', await loadUserDto(readStore, user));
  };

  /** What the owner sees of a content changed (owner status or moderation): `content:updated`. */
  const pushContent = async ({ data }: { data: { contentId: string } }): Promise<void> => {
    const content = await readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: data.contentId });
    if (content && !content.deleted) push(publisher, userRoom(content.user_id), 'content:updated', toContentDto(content));
  };

  /** What one waitlist entry's page shows changed (its referrals, its confirmation). */
  const pushWaitlistRank = async ({ data }: { data: { emailKey: string } }): Promise<void> => {
    // Only the entry's own page hears it: its room is keyed by the code its secret token signs.
    const waitlist = readStore.collection<WaitlistDoc>(WAITLIST);
    const entry = await waitlist.findOne({ _id: data.emailKey });
    if (entry) {
      const position = await waitlist.count({ joined_position: { $lte: entry.joined_position } });
      push(publisher, waitlistRoom(entry.referral_code), 'waitlist:rank', { position, referrals: entry.referrals, confirmed: entry.confirmed });
    }
  };

  /** The owner's content moved towards its required shares. */
  const pushProgress = async ({ data }: { data: { contentId: string } }): Promise<void> => {
    const content = await readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: data.contentId });
    if (!content || content.deleted) return;
    push(publisher, userRoom(content.user_id), 'content:progress', {
      content_id: content._id,
      share_count: content.share_count,
      required_shares: content.required_shares,
      status: shownStatus(content),
    });
  };

  /** The sharer's match progress and shares left today moved (a deferred e-mail went, a bounce took a credit back). */
  const pushShareWorkspace = ({ data }: { data: { sharerId: string; contentId: string } }): void => {
    push(publisher, userRoom(data.sharerId), 'workspace:updated', { reason: 'share', content_id: data.contentId });
  };

  /** The creator's workspace changed: every open tab of theirs fetches GET /workspace again. */
  const pushWorkspace = (event: ProjectedEvent<'WorkspaceSelectionChanged' | 'WorkspaceReset'>): void => {
    push(publisher, userRoom(event.data.userId), 'workspace:updated', { reason: event.type === 'WorkspaceReset' ? 'reset' : 'selection', content_id: null });
  };

  const pushes: Pushes = {
    PremiumStarted: [pushUser],
    PremiumEnded: [pushUser],
    // A cancel or resume in the portal (another tab, or the provider's page): every open tab shows the new end.
    PremiumEndChanged: [pushUser],
    ProfileCreated: [pushUser],
    ProfileUpdated: [pushUser],
    WaitlistTierCarriedOver: [pushUser],
    ContentReleased: [pushContent],
    ContentPaused: [pushContent],
    ContentResumed: [pushContent],
    ContentFlagged: [
      pushContent,
      async ({ data }) => {
        const flag = await readStore.collection<FlagDoc>(FLAGS).findOne({ _id: data.flagId });
        if (!flag) return; // already deleted again
        const content = await readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: flag.content_id });
        push(publisher, ADMINS_ROOM, 'flag:created', toFlagDto(flag, content ?? undefined));
      },
    ],
    ContentStatusChanged: [
      pushContent,
      ({ data }) => push(publisher, ADMINS_ROOM, 'flag:updated', { content_id: data.contentId, status: data.status }),
    ],
    WaitlistReferralCredited: [pushWaitlistRank],
    WaitlistEmailConfirmed: [pushWaitlistRank],
    ContentShared: [pushProgress, pushShareWorkspace],
    ShareCreditGranted: [pushProgress, pushShareWorkspace],
    ShareCreditWithdrawn: [pushProgress, pushShareWorkspace],
    FlagDeleted: [({ data }) => push(publisher, ADMINS_ROOM, 'flag:updated', { flag_id: data.flagId, content_id: data.contentId, deleted: true })],
    ContentRemovedByAdmin: [
      ({ data }) => {
        push(publisher, ADMINS_ROOM, 'flag:updated', { content_id: data.contentId, status: 'deleted', deleted: true });
        // The owner's open lists drop it at once (their notification says why).
        push(publisher, userRoom(data.ownerId), 'content:removed', { content_id: data.contentId, by: 'admin' });
      },
    ],
    ScheduleRan: [
      ({ data }) =>
        push(publisher, userRoom(data.userId), 'schedule:ran', {
          schedule_id: data.scheduleId,
          kind: data.kind,
          content_id: data.contentId,
          outcome: data.outcome,
          message: scheduleOutcomeMessage(data),
        }),
    ],
    // The owner's other tabs drop it too.
    ContentDeleted: [({ data }) => push(publisher, userRoom(data.userId), 'content:removed', { content_id: data.contentId, by: 'owner' })],
    WaitlistJoined: [
      async () => {
        const count = await readStore.collection<WaitlistDoc>(WAITLIST).count({});
        push(publisher, PUBLIC_ROOM, 'waitlist:count', { count });
      },
    ],
    WorkspaceSelectionChanged: [pushWorkspace],
    WorkspaceReset: [pushWorkspace],
  };
  // Each push is only ever called with an event of its own key.
  const byType = pushes as Readonly<Record<string, readonly ((event: RecordedEvent) => Promise<void> | void)[] | undefined>>;

  return async (event) => {
    if (!NOTIFICATION_READS.has(event.type) && notificationsProjection.handles.has(event.type)) await pushNotification(event);
    for (const react of byType[event.type] ?? []) await react(event);
  };
}
