import type { WebhookEnvelope, WebhookEventType } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import type { JobSpec } from '../dispatch/job-routes.ts';

/**
 * The seam between what happened and who hears of it (issue 26). Routes that turn log events (or worker
 * findings such as a new waitlist rank) into webhook events produce these jobs; the fan-out processor
 * (webhook-fanout.processor.ts) finds the endpoints subscribed to the type and enqueues one delivery each.
 */
export const WEBHOOK_FANOUT_QUEUE = 'webhook-fanout';

/** Whose endpoints hear of it: one creator's own, or the founders' (every admin's) endpoints. */
export type WebhookAudience = { userId: string } | { founders: true };

export interface WebhookFanoutJob {
  audience: WebhookAudience;
  event: WebhookEnvelope<WebhookEventType>;
}

/** The fan-out job of one webhook event; its job id is the event id, so the log's replay enqueues it once. */
export function webhookFanoutJob(audience: WebhookAudience, event: WebhookEnvelope<WebhookEventType>): JobSpec {
  return { queue: WEBHOOK_FANOUT_QUEUE, name: 'fanout', data: { audience, event } satisfies WebhookFanoutJob, jobId: `webhook-fanout-${event.id}` };
}
