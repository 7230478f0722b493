import type { Decider } from '../shared/decider.ts';
import type { PaymentEventCommand } from './payment-event.commands.ts';
import type { PaymentEventReceived } from './payment.events.ts';

export interface PaymentEventState {
  received: boolean;
}

/**
 * `payment-event-{providerEventId}`: a provider event is acted on once. Recording it again (a webhook
 * redelivery or replay) decides nothing, which tells the webhook it is a duplicate.
 */
export const paymentEventDecider: Decider<PaymentEventState, PaymentEventCommand, PaymentEventReceived> = {
  initialState: () => ({ received: false }),

  evolve(state, event) {
    return event.type === 'PaymentEventReceived' ? { received: true } : state;
  },

  decide(command, state) {
    if (state.received) return [];
    const { providerEventId, eventType, userId, now } = command.data;
    return [{ type: 'PaymentEventReceived', data: { providerEventId, type: eventType, userId, receivedAt: now } }];
  },
};
