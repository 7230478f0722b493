import type { DomainEvent } from '../shared/decider.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';

/** Events of `payment-event-{providerEventId}`: a webhook is acted on once (appended with no_stream). */
export type PaymentEventReceived = DomainEvent<
  'PaymentEventReceived',
  { providerEventId: string; type: string; userId: string | null; receivedAt: string }
>;

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const paymentEventSchemas = {
  PaymentEventReceived: z.object({ providerEventId: z.string(), type: z.string(), userId: z.string().nullable(), receivedAt: z.string() }),
} satisfies EventSchemas<PaymentEventReceived>;
