import type { AudienceEvent } from './audience/audience.events.ts';
import type { ContactEvent } from './contacts/contact.events.ts';
import type { ContentEvent } from './content/content.events.ts';
import type { FlagEvent } from './flags/flag.events.ts';
import type { MailboxEvent } from './mailboxes/mailbox.events.ts';
import type { NotificationEvent } from './notifications/notification.events.ts';
import type { PaymentEventReceived } from './payments/payment.events.ts';
import type { PromoEvent } from './promo/promo.events.ts';
import type { ReferralRewardEvent } from './referrals/referral-rewards.events.ts';
import type { NameReserved } from './reservations/reservation.events.ts';
import type { ScheduleEvent } from './schedules/schedule.events.ts';
import type { SearchQuotaEvent } from './search/search-quota.events.ts';
import type { UserEvent } from './users/user.events.ts';
import type { WaitlistEvent } from './waitlist/waitlist.events.ts';
import type { WebhookEvent } from './webhooks/webhook.events.ts';
import type { ApiTokenEvent } from './api-tokens/api-token.events.ts';
import type { WorkspaceEvent } from './workspace/workspace.events.ts';

/**
 * Every event the log can hold: the union of each aggregate's events. Reactions to the log (projections,
 * pushes, job routes) key their handler maps by `DomainEventType`, so the compiler types each handler's
 * event from its key and checks every type named exists.
 */
export type DomainEvent =
  | UserEvent
  | ContentEvent
  | ContactEvent
  | AudienceEvent
  | FlagEvent
  | MailboxEvent
  | NotificationEvent
  | PaymentEventReceived
  | PromoEvent
  | ReferralRewardEvent
  | NameReserved
  | ScheduleEvent
  | SearchQuotaEvent
  | WaitlistEvent
  | WorkspaceEvent
  | WebhookEvent
  | ApiTokenEvent;

export type DomainEventType = DomainEvent['type'];

/** The event of one type: `EventOf<'ContentShared'>['data']` is what a `ContentShared` carries. */
export type EventOf<Type extends DomainEventType> = Extract<DomainEvent, { type: Type }>;

/**
 * A type guard for some event types, for filtering decided or recorded events:
 * `events.filter(isEventOf('ContentPaused'))` keeps each kept event's data typed, without a cast.
 */
export function isEventOf<const Types extends readonly DomainEventType[]>(...types: Types) {
  return <Event extends { type: string }>(event: Event): event is Extract<Event, { type: Types[number] }> => (types as readonly string[]).includes(event.type);
}
