import type { WebhookEventType } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import { api } from '@/lib/api-client';

// Local shapes of the webhook routes (issue 26, items 3–4) until domain/src/api/webhooks.dto.ts holds them.

/** An endpoint as GET /api/webhooks lists it (never its secret). */
export type Webhook = {
  id: string;
  url: string;
  events: WebhookEventType[];
  status: 'active' | 'disabled';
  /** Why it was disabled (e.g. three days of failures), when it is. */
  disabled_reason: string | null;
  created_at: string;
};

/** POST /api/webhooks' answer: the one time the signing secret is shown. */
export type CreatedWebhook = Pick<Webhook, 'id' | 'url' | 'events' | 'status' | 'created_at'> & { secret: string };

/** One try of one event to an endpoint, newest first, the last 100 (GET /api/webhooks/{id}/deliveries). */
export type WebhookDelivery = {
  id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status: 'succeeded' | 'failed';
  response_code: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string;
};

/** The signed-in user's endpoints in the query cache, read while the window shows. */
export const WEBHOOKS_KEY = ['webhooks'] as const;
/** One endpoint's delivery log, read while it is shown. */
export const deliveriesKey = (webhookId: string) => [...WEBHOOKS_KEY, webhookId, 'deliveries'] as const;

const endpoint = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

/** GET /api/webhooks. */
export function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return api.get<Webhook[]>('/api/webhooks', { signal });
}

/** POST /api/webhooks { url, events } → 201 with the signing secret (Premium; a Free user gets 403). */
export function createWebhook(body: { url: string; events: WebhookEventType[] }): Promise<CreatedWebhook> {
  return api.post<CreatedWebhook>('/api/webhooks', body);
}

/** DELETE /api/webhooks/{id} → 204. */
export function deleteWebhook(id: string): Promise<void> {
  return api.delete<void>(endpoint(id));
}

/** POST /api/webhooks/{id}/rotate-secret: a new secret, shown once; the old one stops signing. */
export function rotateWebhookSecret(id: string): Promise<{ id: string; secret: string }> {
  return api.post<{ id: string; secret: string }>(`${endpoint(id)}/rotate-secret`);
}

/** POST /api/webhooks/{id}/test → 202: a `webhook.test` event is delivered in the background. */
export function sendTestEvent(id: string): Promise<{ event_id: string }> {
  return api.post<{ event_id: string }>(`${endpoint(id)}/test`);
}

/** GET /api/webhooks/{id}/deliveries. */
export function getDeliveries(id: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  return api.get<WebhookDelivery[]>(`${endpoint(id)}/deliveries`, { signal });
}

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend → 202: the same event (same id) is delivered again. */
export function resendDelivery(id: string, deliveryId: string): Promise<{ event_id: string }> {
  return api.post<{ event_id: string }>(`${endpoint(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`);
}
