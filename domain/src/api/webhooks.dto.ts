import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../webhooks/webhook-event-types.ts';

/**
 * Webhook endpoints and their delivery logs as /api/webhooks answers them (issue 26). The zod schemas
 * describe them in the OpenAPI document; the UI reads the types.
 */

const eventList = z.array(z.enum(WEBHOOK_EVENTS)).describe('The events it receives.');
const status = z.enum(['active', 'disabled']).describe('disabled: every delivery failed for 3 days; it receives nothing more.');

export const WebhookEndpointDtoSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: eventList,
    status,
    disabled_reason: z.string().nullable().describe('Why it was disabled, else null.'),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointDto = z.infer<typeof WebhookEndpointDtoSchema>;

export const WebhookEndpointCreatedDtoSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: eventList,
    status,
    created_at: z.string(),
    secret: z.string().describe('The signing secret (whsec_...). Shown only now and after a rotation: keep it.'),
  })
  .meta({ id: 'WebhookEndpointCreated' });
export type WebhookEndpointCreatedDto = z.infer<typeof WebhookEndpointCreatedDtoSchema>;

export const WebhookSecretDtoSchema = z
  .object({ id: z.string(), secret: z.string().describe('The new signing secret; the previous one stopped working.') })
  .meta({ id: 'WebhookSecret' });
export type WebhookSecretDto = z.infer<typeof WebhookSecretDtoSchema>;

export const WebhookEventQueuedDtoSchema = z.object({ event_id: z.string().describe('The id of the event queued for delivery (the envelope `id`).') }).meta({ id: 'WebhookEventQueued' });
export type WebhookEventQueuedDto = z.infer<typeof WebhookEventQueuedDtoSchema>;

export const WebhookDeliveryDtoSchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    attempt: z.number().int().positive().describe('1 for the first try, then each retry.'),
    status: z.enum(['succeeded', 'failed']),
    response_code: z.number().int().nullable().describe('The HTTP status the endpoint answered, or null (refused, unreachable, timed out).'),
    duration_ms: z.number().int().nonnegative(),
    error: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliveryDtoSchema>;
