/**
 * `webhook-delivery`: one webhook event to one endpoint (issue 26; docs/webhooks.md).
 *
 * - Loads the endpoint; a removed or disabled one, or one no longer subscribed to the type, is skipped (a test
 *   event or a resend, `manual`, needs no subscription).
 * - Signs the envelope JSON with the endpoint's current secret (derived, never stored):
 *   `Crossfeed-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, and POSTs it through the safe
 *   sender (platform/src/webhooks/webhook-sender.ts: checked and pinned address, 5 s, no redirects).
 * - Records the attempt in `webhook_deliveries` (the last 100 per endpoint). A 2xx is success; anything else
 *   throws, so the queue retries with exponential backoff over about 24 hours
 *   (`WEBHOOK_DELIVERY_ATTEMPTS`, `WEBHOOK_DELIVERY_BACKOFF_MS`); a try whose first attempt is more than 24 h
 *   old gives up for good.
 * - An endpoint whose deliveries all failed for 3 days (since its last success) is disabled through the
 *   decider (`WebhookEndpointDisabled`); the notifications projection tells its owner.
 */
import { createHash } from 'node:crypto';
import { WEBHOOK_DISABLE_AFTER_DAYS, webhookDecider } from '@crossfeed/domain/webhooks/webhook.decider.ts';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TEST_EVENT, type WebhookEnvelope } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { webhooksStream } from '@crossfeed/domain/shared/streams.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { UnrecoverableJobError, type Job, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { signingSecret, webhookSecret, webhookSecretKey } from '@crossfeed/platform/security/derived-tokens.ts';
import { createWebhookSender, type WebhookSender } from '@crossfeed/platform/webhooks/webhook-sender.ts';
import { webhookSignature } from '@crossfeed/platform/webhooks/webhook-signature.ts';
import { WEBHOOK_ENDPOINTS, type WebhookEndpointDoc } from '@crossfeed/projections/webhooks/webhook-endpoints.projection.ts';
import {
  WEBHOOK_DELIVERIES,
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOK_DELIVERY_INDEXES,
  WEBHOOK_ENDPOINT_HEALTH,
  type WebhookDeliveryDoc,
  type WebhookEndpointHealthDoc,
} from '@crossfeed/projections/webhooks/webhook-deliveries.model.ts';
import type { WorkerDeps } from '../registry.ts';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';
/**
 * 12 tries, 40 s backoff doubling: retries after 40 s, 80 s, 160 s ... 11.4 h, about 22.7 hours in all (the
 * queue's backoff is `backoffMs * 2^(n-1)`); the 24-hour cut-off below ends a try that comes later than that.
 */
export const WEBHOOK_DELIVERY_ATTEMPTS = 12;
export const WEBHOOK_DELIVERY_BACKOFF_MS = 40_000;
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600 * 1000;
export const WEBHOOK_USER_AGENT = 'Crossfeed-Webhooks/1';

export interface WebhookDeliveryJob {
  endpointId: string;
  userId: string;
  event: WebhookEnvelope<string>;
  /** A test event or a resend: delivered whatever the endpoint subscribes to. */
  manual?: boolean;
}

export type WebhookDeliveryResult = { delivered: true; status: number | null } | { delivered: false; skipped: string };

/** One event to one endpoint, once: the id is the event's and the endpoint's. */
export const webhookDeliveryJobId = (eventId: string, endpointId: string): string => `webhook-delivery-${eventId}-${endpointId}`;

export interface DeliveryJobOptions {
  attempts: number;
  backoffMs: number;
}
export const DELIVERY_JOB_OPTIONS: DeliveryJobOptions = { attempts: WEBHOOK_DELIVERY_ATTEMPTS, backoffMs: WEBHOOK_DELIVERY_BACKOFF_MS };

function isDeliveryJob(data: unknown): data is WebhookDeliveryJob {
  const d = data as Partial<WebhookDeliveryJob> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.endpointId === 'string' &&
    typeof d.userId === 'string' &&
    typeof d.event === 'object' &&
    d.event !== null &&
    typeof d.event.id === 'string' &&
    typeof d.event.type === 'string'
  );
}

const DAY_MS = 24 * 3600 * 1000;

export interface WebhookDeliveryDeps extends Pick<WorkerDeps, 'config' | 'readStore' | 'eventStore'> {
  /** The sender (tests inject one with a short timeout or a fake resolver). */
  send?: WebhookSender;
  clock?: () => Date;
}

/** The first try's time, kept in the job's progress (which survives retries). */
function firstAttemptOf(job: Job): string | null {
  const progress = job.progress;
  return typeof progress === 'object' && typeof progress.firstAttemptAt === 'string' ? progress.firstAttemptAt : null;
}

export function webhookDeliveryProcessor(deps: WebhookDeliveryDeps) {
  const { config, readStore, eventStore } = deps;
  const send = deps.send ?? createWebhookSender({ allowLoopback: config.NODE_ENV !== 'production' });
  const clock = deps.clock ?? (() => new Date());
  const secretKey = webhookSecretKey(signingSecret(config));
  const deliveries = () => readStore.collection<WebhookDeliveryDoc>(WEBHOOK_DELIVERIES);
  const health = () => readStore.collection<WebhookEndpointHealthDoc>(WEBHOOK_ENDPOINT_HEALTH);

  return async (job: Job<WebhookDeliveryJob>): Promise<WebhookDeliveryResult> => {
    if (!isDeliveryJob(job.data)) throw new UnrecoverableJobError('webhook-delivery: malformed job');
    const { endpointId, userId, event, manual } = job.data;
    const endpoint = await readStore.collection<WebhookEndpointDoc>(WEBHOOK_ENDPOINTS).findOne({ _id: endpointId, user_id: userId });
    if (!endpoint) return { delivered: false, skipped: 'endpoint gone' };
    if (endpoint.status !== 'active') return { delivered: false, skipped: 'endpoint disabled' };
    if (!manual && event.type !== WEBHOOK_TEST_EVENT && !endpoint.events.includes(event.type)) return { delivered: false, skipped: 'not subscribed' };

    const now = clock();
    const firstAttemptAt = firstAttemptOf(job);
    if (firstAttemptAt === null) await job.updateProgress({ firstAttemptAt: now.toISOString() });
    else if (now.getTime() - Date.parse(firstAttemptAt) > WEBHOOK_RETRY_WINDOW_MS) {
      throw new UnrecoverableJobError(`webhook-delivery: gave up, the first attempt (${firstAttemptAt}) is more than 24 hours old`);
    }

    const body = JSON.stringify({ id: event.id, type: event.type, created_at: event.created_at, data: event.data });
    const secret = webhookSecret(secretKey, endpointId, endpoint.secret_version);
    const result = await send({
      url: endpoint.url,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: webhookSignature(secret, body, Math.floor(now.getTime() / 1000)),
      },
    });

    // One document per attempt; a try re-run after a crash rewrites its own.
    const attempt = job.attemptsMade + 1;
    const deliveryId = createHash('sha256').update(`${job.id}\u0000${attempt}`).digest('hex').slice(0, 24);
    const at = clock().toISOString();
    await deliveries().upsert(
      { _id: deliveryId },
      {
        $set: {
          endpoint_id: endpointId,
          user_id: userId,
          event_id: event.id,
          event_type: event.type,
          attempt,
          status: result.ok ? 'succeeded' : 'failed',
          response_code: result.status,
          duration_ms: result.durationMs,
          error: result.ok ? null : result.error,
          created_at: at,
          envelope: body,
        },
      },
    );
    const older = await deliveries().find({ endpoint_id: endpointId }, { sort: { created_at: -1, _id: -1 }, skip: WEBHOOK_DELIVERIES_KEPT, projection: { _id: 1 } });
    if (older.length > 0) await deliveries().deleteMany({ _id: { $in: older.map((doc) => doc._id) } });

    if (result.ok) {
      await health().upsert({ _id: endpointId }, { $set: { failing_since: null, last_success_at: at } });
      return { delivered: true, status: result.status };
    }

    const known = await health().findOne({ _id: endpointId });
    const failingSince = known?.failing_since ?? at;
    if (!known?.failing_since) await health().upsert({ _id: endpointId }, { $set: { failing_since: at, last_success_at: known?.last_success_at ?? null } });
    if (Date.parse(at) - Date.parse(failingSince) > WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS) {
      const reason = `Every delivery failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days (since ${failingSince}); the last one: ${result.error ?? 'no answer'}`;
      await handleCommand(eventStore, webhookDecider, webhooksStream(userId), { type: 'DisableWebhookEndpoint', data: { endpointId, userId, reason, now: at } }).catch((error: unknown) => {
        // Removed meanwhile: nothing to disable.
        if (!(error instanceof NotFoundError)) throw error;
      });
      throw new UnrecoverableJobError(`webhook-delivery: endpoint disabled: ${reason}`);
    }
    throw new Error(`webhook-delivery: ${result.error ?? 'failed'}`);
  };
}

export function startWebhookDeliveryWorker(deps: WorkerDeps): WorkerHandle {
  deps.readStore
    .ensureIndexes(WEBHOOK_DELIVERIES, WEBHOOK_DELIVERY_INDEXES)
    .catch((error: unknown) => deps.logger.error({ err: error }, 'webhook-delivery: could not create the delivery log indexes'));
  return deps.jobQueue.process(WEBHOOK_DELIVERY_QUEUE, webhookDeliveryProcessor(deps), { concurrency: 5 });
}
