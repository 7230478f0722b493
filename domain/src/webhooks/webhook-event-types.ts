/**
 * The events a webhook endpoint can subscribe to (issue 26) and the envelope every delivery carries.
 * A creator's endpoints receive the creator events about their own account; the founder's (an admin's)
 * endpoints may also take the waitlist events of the whole waitlist.
 */
export const CREATOR_WEBHOOK_EVENTS = [
  'content.released',
  'content.status_changed',
  'match.completed',
  'share.delivered',
  'share.bounced',
  'link.clicked',
  'conversion.recorded',
  'contact.unsubscribed',
  'waitlist.position_changed',
] as const;

export const FOUNDER_WEBHOOK_EVENTS = ['waitlist.joined', 'waitlist.confirmed', 'waitlist.rank_changed'] as const;

export const WEBHOOK_EVENTS = [...CREATOR_WEBHOOK_EVENTS, ...FOUNDER_WEBHOOK_EVENTS] as const;

export type CreatorWebhookEventType = (typeof CREATOR_WEBHOOK_EVENTS)[number];
export type FounderWebhookEventType = (typeof FOUNDER_WEBHOOK_EVENTS)[number];
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The test event "Send test event" delivers; never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const isWebhookEventType = (value: unknown): value is WebhookEventType => (WEBHOOK_EVENTS as readonly unknown[]).includes(value);
export const isFounderWebhookEventType = (value: unknown): value is FounderWebhookEventType => (FOUNDER_WEBHOOK_EVENTS as readonly unknown[]).includes(value);

/** The JSON body of every delivery. `id` is stable across retries and resends (receivers dedupe on it). */
export interface WebhookEnvelope<Type extends string = WebhookEventType | typeof WEBHOOK_TEST_EVENT> {
  id: string;
  type: Type;
  /** ISO 8601, when the fact happened. */
  created_at: string;
  data: Record<string, unknown>;
}

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret. */
export const WEBHOOK_SIGNATURE_HEADER = 'Crossfeed-Signature';
