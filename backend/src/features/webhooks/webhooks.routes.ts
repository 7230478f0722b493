import { Router } from 'express';
import type { WebhookDeliveryDto, WebhookEndpointCreatedDto, WebhookEndpointDto, WebhookEventQueuedDto, WebhookSecretDto } from '@crossfeed/domain/api/webhooks.dto.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { ConflictError, NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { webhooksStream } from '@crossfeed/domain/shared/streams.ts';
import { assertMayUseWebhooks, WEBHOOK_MESSAGES, webhookDecider } from '@crossfeed/domain/webhooks/webhook.decider.ts';
import { isWebhookEventType, WEBHOOK_TEST_EVENT, type WebhookEnvelope } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import { signingSecret, webhookSecret, webhookSecretKey } from '@crossfeed/platform/security/derived-tokens.ts';
import { WEBHOOK_DELIVERIES, WEBHOOK_DELIVERIES_KEPT, type WebhookDeliveryDoc } from '@crossfeed/projections/webhooks/webhook-deliveries.model.ts';
import { WEBHOOK_ENDPOINTS, type WebhookEndpointDoc } from '@crossfeed/projections/webhooks/webhook-endpoints.projection.ts';
import { DELIVERY_JOB_OPTIONS, WEBHOOK_DELIVERY_QUEUE, webhookDeliveryJobId, type WebhookDeliveryJob } from '@crossfeed/workers/webhooks/webhook-delivery.processor.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { parseInput } from '../../http/validate.ts';
import { WebhookBody } from './webhooks.schemas.ts';

export const WEBHOOK_ROUTE_MESSAGES = {
  deliveryNotFound: 'Delivery not found.',
} as const;

const toEndpointDto = (doc: WebhookEndpointDoc): WebhookEndpointDto => ({
  id: doc._id,
  url: doc.url,
  events: doc.events.filter(isWebhookEventType),
  status: doc.status,
  disabled_reason: doc.disabled_reason,
  created_at: doc.created_at,
});

const toDeliveryDto = (doc: WebhookDeliveryDoc): WebhookDeliveryDto => ({
  id: doc._id,
  event_id: doc.event_id,
  event_type: doc.event_type,
  attempt: doc.attempt,
  status: doc.status,
  response_code: doc.response_code,
  duration_ms: doc.duration_ms,
  error: doc.error,
  created_at: doc.created_at,
});

/**
 * Issue 26: a creator's webhook endpoints (Premium, or an admin) and their delivery logs. The secret is
 * derived (never stored) and answered only by create and rotate. Another user's endpoint is answered 404.
 * The jobs that deliver are workers/src/webhooks/ (fan-out, then one delivery per endpoint).
 */
export function webhookRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const endpoints = () => ctx.readStore.collection<WebhookEndpointDoc>(WEBHOOK_ENDPOINTS);
  const deliveries = () => ctx.readStore.collection<WebhookDeliveryDoc>(WEBHOOK_DELIVERIES);
  const secretOf = (endpointId: string, version: number) => webhookSecret(webhookSecretKey(signingSecret(ctx.config)), endpointId, version);

  const ownEndpoint = async (userId: string, endpointId: unknown): Promise<WebhookEndpointDoc> => {
    const found = await endpoints().findOne({ _id: String(endpointId ?? ''), user_id: userId });
    if (!found) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    return found;
  };

  const enqueue = async (endpoint: WebhookEndpointDoc, event: WebhookEnvelope<string>, jobId: string): Promise<void> => {
    await ctx.jobQueue.add<WebhookDeliveryJob>(
      WEBHOOK_DELIVERY_QUEUE,
      'deliver',
      { endpointId: endpoint._id, userId: endpoint.user_id, event, manual: true },
      { jobId, attempts: DELIVERY_JOB_OPTIONS.attempts, backoffMs: DELIVERY_JOB_OPTIONS.backoffMs },
    );
  };

  router.post('/api/webhooks', auth, async (req, res) => {
    const user = currentUser(req);
    const now = ctx.clock().toISOString();
    // A Free user hears of Premium before anything about the body.
    assertMayUseWebhooks(isPremiumActive(user, now), user.is_admin);
    const body = parseInput(WebhookBody, req.body ?? {});
    const endpointId = ctx.newId();
    await execute(
      ctx,
      webhookDecider,
      webhooksStream(user._id),
      {
        type: 'AddWebhookEndpoint',
        data: {
          endpointId,
          userId: user._id,
          url: body.url,
          events: body.events,
          isPremium: isPremiumActive(user, now),
          isAdmin: user.is_admin,
          allowLoopbackHttp: ctx.config.NODE_ENV !== 'production',
          now,
        },
      },
      { userId: user._id },
    );
    const doc = await endpoints().findOne({ _id: endpointId, user_id: user._id });
    if (!doc) throw new Error('the webhook_endpoints read model did not include a new endpoint');
    const { disabled_reason: _reason, ...dto } = toEndpointDto(doc);
    res.status(201).json({ ...dto, secret: secretOf(endpointId, doc.secret_version) } satisfies WebhookEndpointCreatedDto);
  });

  router.get('/api/webhooks', auth, async (req, res) => {
    const user = currentUser(req);
    const docs = await endpoints().find({ user_id: user._id }, { sort: { created_at: 1, _id: 1 } });
    res.json(docs.map(toEndpointDto));
  });

  router.delete('/api/webhooks/:id', auth, async (req, res) => {
    const user = currentUser(req);
    const endpoint = await ownEndpoint(user._id, req.params.id);
    const now = ctx.clock().toISOString();
    await execute(ctx, webhookDecider, webhooksStream(user._id), { type: 'RemoveWebhookEndpoint', data: { endpointId: endpoint._id, userId: user._id, now } }, { userId: user._id });
    // Its log goes with it (derived data; a delivery still queued finds the endpoint gone and does nothing).
    await deliveries().deleteMany({ endpoint_id: endpoint._id, user_id: user._id });
    res.status(204).end();
  });

  router.post('/api/webhooks/:id/rotate-secret', auth, async (req, res) => {
    const user = currentUser(req);
    const endpoint = await ownEndpoint(user._id, req.params.id);
    const { events } = await execute(
      ctx,
      webhookDecider,
      webhooksStream(user._id),
      { type: 'RotateWebhookSecret', data: { endpointId: endpoint._id, userId: user._id, now: ctx.clock().toISOString() } },
      { userId: user._id },
    );
    const rotated = events.find((event) => event.type === 'WebhookSecretRotated');
    if (!rotated) throw new Error('rotation appended no WebhookSecretRotated');
    res.json({ id: endpoint._id, secret: secretOf(endpoint._id, rotated.data.secretVersion) } satisfies WebhookSecretDto);
  });

  router.post('/api/webhooks/:id/test', auth, async (req, res) => {
    const user = currentUser(req);
    const endpoint = await ownEndpoint(user._id, req.params.id);
    if (endpoint.status !== 'active') throw new ConflictError(WEBHOOK_MESSAGES.disabled);
    const eventId = ctx.newId();
    const event: WebhookEnvelope<string> = {
      id: eventId,
      type: WEBHOOK_TEST_EVENT,
      created_at: ctx.clock().toISOString(),
      data: { endpoint_id: endpoint._id, message: 'A test event from Crossfeed: your endpoint receives and verifies webhooks.' },
    };
    await enqueue(endpoint, event, webhookDeliveryJobId(eventId, endpoint._id));
    res.status(202).json({ event_id: eventId } satisfies WebhookEventQueuedDto);
  });

  router.get('/api/webhooks/:id/deliveries', auth, async (req, res) => {
    const user = currentUser(req);
    const endpoint = await ownEndpoint(user._id, req.params.id);
    const docs = await deliveries().find({ endpoint_id: endpoint._id, user_id: user._id }, { sort: { created_at: -1, _id: -1 }, limit: WEBHOOK_DELIVERIES_KEPT });
    res.json(docs.map(toDeliveryDto));
  });

  router.post('/api/webhooks/:id/deliveries/:deliveryId/resend', auth, async (req, res) => {
    const user = currentUser(req);
    const endpoint = await ownEndpoint(user._id, req.params.id);
    if (endpoint.status !== 'active') throw new ConflictError(WEBHOOK_MESSAGES.disabled);
    const delivery = await deliveries().findOne({ _id: String(req.params.deliveryId ?? ''), endpoint_id: endpoint._id, user_id: user._id });
    if (!delivery) throw new NotFoundError(WEBHOOK_ROUTE_MESSAGES.deliveryNotFound);
    const sent = JSON.parse(delivery.envelope) as WebhookEnvelope<string>;
    // The same event (same id, receivers dedupe on it), as a new job: each resend is delivered.
    await enqueue(endpoint, sent, `webhook-resend-${ctx.newId()}`);
    res.status(202).json({ event_id: sent.id } satisfies WebhookEventQueuedDto);
  });

  return router;
}
