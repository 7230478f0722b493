import { paymentEventDecider } from '@crossfeed/domain/payments/payment-event.decider.ts';
import { DomainError } from '@crossfeed/domain/shared/errors.ts';
import { paymentEventStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import type { UserCommand } from '@crossfeed/domain/users/user.commands.ts';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { InvalidWebhookSignature, MalformedWebhookEvent, type PaymentEvent } from '@crossfeed/platform/payments/payments.port.ts';
import { PaymentsUnavailable } from '@crossfeed/platform/payments/unavailable-payments.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { HttpError } from '../../http/http-error.ts';

export const INVALID_SIGNATURE = 'Invalid webhook signature.';
export const MALFORMED_EVENT = 'Malformed webhook event: expected an object with id, type and data.object.';

export interface WebhookOutcome {
  received: true;
  duplicate?: true;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;

/** Our user id on a provider object: the checkout's client reference, or the metadata we set on it. */
function userIdOf(object: Record<string, unknown>): string | undefined {
  return (
    text(record(object.metadata)?.userId) ??
    text(object.client_reference_id) ??
    // Invoices carry the subscription's metadata (older and newer API shapes).
    text(record(record(object.subscription_details)?.metadata)?.userId) ??
    text(record(record(record(object.parent)?.subscription_details)?.metadata)?.userId)
  );
}

const seconds = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? new Date(value * 1000).toISOString() : null;

/** A provider id, whether the field holds the id or the expanded object. */
const idOf = (value: unknown): string | null => text(value) ?? text(record(value)?.id) ?? null;

/**
 * The subscription facts of a `customer.subscription.*` object. Stripe's current API keeps the period on the
 * items (older versions on the subscription); a cancellation scheduled for a date (`cancel_at`) counts as
 * cancelling then.
 */
function subscriptionFacts(object: Record<string, unknown>, deleted: boolean) {
  const items = record(object.items)?.data;
  const firstItem = Array.isArray(items) ? record(items[0]) : undefined;
  const periodEnd = seconds(object.current_period_end) ?? seconds(firstItem?.current_period_end);
  const cancelAt = seconds(object.cancel_at);
  return {
    status: deleted ? 'canceled' : (text(object.status) ?? 'active'),
    currentPeriodEnd: cancelAt ?? periodEnd,
    cancelAtPeriodEnd: !deleted && (object.cancel_at_period_end === true || cancelAt !== null),
  };
}

/** The account change a provider event asks for, or undefined for events the product ignores. */
function commandFor(event: PaymentEvent, now: string): { userId: string; command: UserCommand } | undefined {
  const { object } = event;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // A delayed payment method completes the session unpaid; its success arrives as a later event.
      if (object.payment_status === 'unpaid') return undefined;
      const userId = text(object.client_reference_id) ?? userIdOf(object);
      const reference = text(object.id) ?? event.id;
      if (!userId) return undefined;
      return { userId, command: { type: 'StartPremium', data: { userId, source: 'checkout', reference, now, endsAt: null } } };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      // Deleted: Premium ends now, whatever period was left (RecordSubscription with status canceled).
      const userId = userIdOf(object);
      const subscriptionId = text(object.id);
      if (!userId || !subscriptionId) return undefined;
      const facts = subscriptionFacts(object, event.type === 'customer.subscription.deleted');
      const occurredAt = event.createdAt ?? now;
      return {
        userId,
        command: { type: 'RecordSubscription', data: { userId, subscriptionId, customerId: idOf(object.customer), ...facts, occurredAt, now } },
      };
    }
    case 'invoice.paid': {
      const userId = userIdOf(object);
      const paymentId = text(object.id);
      const amountCents = object.amount_paid;
      if (!userId || !paymentId || typeof amountCents !== 'number' || !Number.isInteger(amountCents)) return undefined;
      const subscriptionId = idOf(object.subscription) ?? idOf(record(record(object.parent)?.subscription_details)?.subscription);
      const paidAt = seconds(record(object.status_transitions)?.paid_at) ?? event.createdAt ?? now;
      const currency = text(object.currency) ?? 'usd';
      return { userId, command: { type: 'RecordPremiumPayment', data: { userId, paymentId, subscriptionId, amountCents, currency, paidAt, now } } };
    }
    case 'invoice.payment_failed': {
      const userId = userIdOf(object);
      if (!userId) return undefined;
      const reference = text(object.subscription) ?? text(object.id) ?? event.id;
      return { userId, command: { type: 'EndPremium', data: { userId, reason: 'payment_failed', reference, now } } };
    }
    default:
      return undefined;
  }
}

/**
 * Handles one webhook delivery: verifies the signature over the raw bytes (a missing, forged or stale one
 * is a 400 with no effect), then acts on the provider event once. The effect comes first and is itself
 * idempotent (StartPremium ignores a reference it already applied), and the event id is recorded after
 * it on `payment-event-{id}`: a crash in between leads to a redelivery that completes the work, and a
 * delivery of an already recorded id is answered as a duplicate without effect.
 */
export async function handlePaymentWebhook(
  ctx: ApiContext,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let event: PaymentEvent;
  try {
    if (!rawBody || rawBody.length === 0) throw new InvalidWebhookSignature('Empty webhook body');
    event = ctx.payments.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof InvalidWebhookSignature) {
      ctx.logger.warn({ reason: error.message }, 'rejected a payment webhook');
      throw new HttpError(400, INVALID_SIGNATURE);
    }
    // Signed, but nothing the product can read: refused whole, nothing recorded (a 4xx stops the retries).
    if (error instanceof MalformedWebhookEvent) {
      ctx.logger.warn({ reason: error.message }, 'rejected a malformed payment webhook');
      throw new HttpError(400, MALFORMED_EVENT);
    }
    if (error instanceof PaymentsUnavailable) throw new HttpError(503, error.message);
    throw error;
  }

  const stream = paymentEventStream(event.id);
  if ((await ctx.eventStore.readStream(stream)).length > 0) return { received: true, duplicate: true };

  const now = ctx.clock().toISOString();
  const action = commandFor(event, now);
  if (action) {
    try {
      await execute(ctx, userDecider, userStream(action.userId), action.command, { causationId: event.id });
    } catch (error) {
      // A permanent refusal (unknown user...) will not get better on redelivery: record it and move on.
      if (!(error instanceof DomainError)) throw error;
      ctx.logger.warn({ err: error, eventId: event.id, type: event.type }, 'payment event had no effect');
    }
  }

  const recorded = await execute(ctx, paymentEventDecider, stream, {
    type: 'RecordPaymentEvent',
    data: { providerEventId: event.id, eventType: event.type, userId: action?.userId ?? null, now },
  });
  return recorded.events.length === 0 ? { received: true, duplicate: true } : { received: true };
}
