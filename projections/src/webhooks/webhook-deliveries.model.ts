import type { Doc, IndexSpec } from '@crossfeed/platform/read-store/read-store.port.ts';

/**
 * Worker-owned read models of webhook deliveries (workers/src/webhooks/webhook-delivery.processor.ts): derived
 * data (DESIGN §3 Jobs), not events.
 *
 * `webhook_deliveries`: one document per attempt, the last `WEBHOOK_DELIVERIES_KEPT` per endpoint (older ones
 * are deleted on write). Each keeps the envelope it sent, so "Resend" re-delivers the same event (same id).
 */
export const WEBHOOK_DELIVERIES = 'webhook_deliveries';
export const WEBHOOK_DELIVERIES_KEPT = 100;

export interface WebhookDeliveryDoc extends Doc {
  endpoint_id: string;
  user_id: string;
  event_id: string;
  event_type: string;
  /** 1 for the first try of a job, then 2, 3... */
  attempt: number;
  status: 'succeeded' | 'failed';
  response_code: number | null;
  duration_ms: number;
  error: string | null;
  created_at: string;
  /** The JSON body sent (the envelope). */
  envelope: string;
}

export const WEBHOOK_DELIVERY_INDEXES: readonly IndexSpec[] = [{ key: { endpoint_id: 1, created_at: -1 } }];

/**
 * `webhook_endpoint_health`: per endpoint, since when every delivery failed (null after a success). An
 * endpoint failing for 3 days is disabled (it outlives the capped log).
 */
export const WEBHOOK_ENDPOINT_HEALTH = 'webhook_endpoint_health';

export interface WebhookEndpointHealthDoc extends Doc {
  failing_since: string | null;
  last_success_at: string | null;
}
