export interface RecordPaymentEvent {
  type: 'RecordPaymentEvent';
  data: { providerEventId: string; eventType: string; userId: string | null; now: string };
}

export type PaymentEventCommand = RecordPaymentEvent;
