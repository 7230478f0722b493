import type { DomainEvent } from '../shared/decider.ts';

/** Events of `payment-event-{providerEventId}`: a webhook is acted on once (appended with no_stream). */
export type PaymentEventReceived = DomainEvent<
  'PaymentEventReceived',
  { providerEventId: string; type: string; userId: string | null; receivedAt: string }
>;
