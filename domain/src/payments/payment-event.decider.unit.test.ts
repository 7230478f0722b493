import { describe, test } from 'node:test';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { RecordPaymentEvent } from './payment-event.commands.ts';
import type { PaymentEventReceived } from './payment.events.ts';
import { paymentEventDecider } from './payment-event.decider.ts';
import { LONG_STREAM, assertBoundedState } from '../testing/linear-fold.ts';

const now = '2026-11-21T10:00:00.000Z';
const record: RecordPaymentEvent = {
  type: 'RecordPaymentEvent',
  data: { providerEventId: 'evt_1', eventType: 'checkout.session.completed', userId: 'u1', now },
};
const received: PaymentEventReceived = {
  type: 'PaymentEventReceived',
  data: { providerEventId: 'evt_1', type: 'checkout.session.completed', userId: 'u1', receivedAt: now },
};

describe('payment event decider', () => {
  test('records a provider event the first time', () => {
    deciderSpec(paymentEventDecider).given([]).when(record).then([received]);
  });

  test('a redelivered event decides nothing', () => {
    deciderSpec(paymentEventDecider).given([received]).when(record).then([]);
  });
});

describe('payment event decider: long streams', () => {
  test('folding 100,000 events stays linear: the state does not grow', () => {
    assertBoundedState(paymentEventDecider, LONG_STREAM, () => received);
  });
});
