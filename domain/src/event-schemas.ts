import type { z } from 'zod';
import { audienceEventSchemas } from './audience/audience.events.ts';
import { contactEventSchemas } from './contacts/contact.events.ts';
import { contentEventSchemas } from './content/content.events.ts';
import { flagEventSchemas } from './flags/flag.events.ts';
import { mailboxEventSchemas } from './mailboxes/mailbox.events.ts';
import { notificationEventSchemas } from './notifications/notification.events.ts';
import { paymentEventSchemas } from './payments/payment.events.ts';
import { promoEventSchemas } from './promo/promo.events.ts';
import { referralRewardEventSchemas } from './referrals/referral-rewards.events.ts';
import { reservationEventSchemas } from './reservations/reservation.events.ts';
import { scheduleEventSchemas } from './schedules/schedule.events.ts';
import { searchQuotaEventSchemas } from './search/search-quota.events.ts';
import { userEventSchemas } from './users/user.events.ts';
import { waitlistEventSchemas } from './waitlist/waitlist.events.ts';
import { workspaceEventSchemas } from './workspace/workspace.events.ts';
import { webhookEventSchemas } from './webhooks/webhook.events.ts';
import { apiTokenEventSchemas } from './api-tokens/api-token.events.ts';
import type { DomainEvent, DomainEventType, EventOf } from './events.ts';
import type { EventSchemas } from './shared/event-schemas.ts';

/**
 * The schema of every event type the log can hold (the `DomainEvent` union): the event store checks each
 * append against it, so what a reaction's type says of an event's data holds for every event appended.
 * Events already in the log are never checked: older shapes are read as they are (optional fields).
 */
export const eventSchemas = {
  ...userEventSchemas,
  ...notificationEventSchemas,
  ...contentEventSchemas,
  ...contactEventSchemas,
  ...audienceEventSchemas,
  ...flagEventSchemas,
  ...mailboxEventSchemas,
  ...paymentEventSchemas,
  ...promoEventSchemas,
  ...referralRewardEventSchemas,
  ...reservationEventSchemas,
  ...scheduleEventSchemas,
  ...searchQuotaEventSchemas,
  ...waitlistEventSchemas,
  ...workspaceEventSchemas,
  ...webhookEventSchemas,
  ...apiTokenEventSchemas,
} satisfies EventSchemas<DomainEvent>;

/**
 * Each schema describes exactly its type's data (no field missing or extra, same optionality), checked by the
 * compiler: a type whose schema drifts appears in this union and the line below fails to compile.
 */
type Drifted = {
  [Type in DomainEventType]: [z.output<(typeof eventSchemas)[Type]>] extends [EventOf<Type>['data']]
    ? [EventOf<Type>['data']] extends [z.output<(typeof eventSchemas)[Type]>]
      ? never
      : Type
    : Type;
}[DomainEventType];
const schemasMatchTypes: [Drifted] extends [never] ? true : Drifted = true;
void schemasMatchTypes;

/** Whether `type` is an event type of the domain. */
export const isDomainEventType = (type: string): type is DomainEventType => Object.hasOwn(eventSchemas, type);
