import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection } from '../projection.ts';

export const WEBHOOK_ENDPOINTS = 'webhook_endpoints';

/** One webhook endpoint of one user (GET /api/webhooks; the fan-out finds the subscribed ones). No secret. */
export interface WebhookEndpointDoc extends Doc {
  user_id: string;
  url: string;
  events: string[];
  /** Takes founder (whole-waitlist) events: its owner was an admin when adding them. */
  founder: boolean;
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  secret_version: number;
  created_at: string;
}

/** The `webhook_endpoints` read model, from `webhooks-{userId}`. */
export const webhookEndpointsProjection = defineProjection({
  name: 'webhook-endpoints',
  version: 1,
  collections: {
    [WEBHOOK_ENDPOINTS]: [
      // GET /api/webhooks and the fan-out to one user's endpoints.
      { key: { user_id: 1, created_at: 1 } },
      // The fan-out to the founders' endpoints.
      { key: { founder: 1, status: 1 } },
    ],
  },
  handlers: {
    WebhookEndpointAdded: ({ data }) => [
      {
        op: 'upsert',
        collection: WEBHOOK_ENDPOINTS,
        id: data.endpointId,
        update: {
          $set: {
            user_id: data.userId,
            url: data.url,
            events: data.events,
            founder: data.founder,
            status: 'active',
            disabled_reason: null,
            secret_version: 1,
            created_at: data.addedAt,
          },
        },
      },
    ],
    WebhookEndpointRemoved: ({ data }) => [{ op: 'delete', collection: WEBHOOK_ENDPOINTS, id: data.endpointId }],
    WebhookSecretRotated: ({ data }) => [{ op: 'update', collection: WEBHOOK_ENDPOINTS, id: data.endpointId, update: { $set: { secret_version: data.secretVersion } } }],
    WebhookEndpointDisabled: ({ data }) => [
      { op: 'update', collection: WEBHOOK_ENDPOINTS, id: data.endpointId, update: { $set: { status: 'disabled', disabled_reason: data.reason } } },
    ],
  },
});
