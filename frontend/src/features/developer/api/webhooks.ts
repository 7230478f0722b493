import type { WebhookEventType } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import type { WebhookDeliveryDto, WebhookEndpointCreatedDto, WebhookEndpointDto } from '@crossfeed/domain/api/webhooks.dto.ts';
import { api } from '@/lib/api-client';

/** An endpoint as GET /api/webhooks lists it (never its secret), POST's one-time answer, and one delivery try. */
export type Webhook = WebhookEndpointDto;
export type CreatedWebhook = WebhookEndpointCreatedDto;
export type WebhookDelivery = WebhookDeliveryDto;

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
