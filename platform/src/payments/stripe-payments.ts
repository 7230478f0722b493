/**
 * The production Payments adapter: Stripe Checkout (a monthly subscription) and Stripe-signed webhooks.
 * `verifyStripeWebhook` is also what the simulated adapter uses, so both go through Stripe's own
 * verification (signature over the raw body, 300 s timestamp tolerance).
 */
import Stripe from 'stripe';
import { InvalidWebhookSignature, MalformedWebhookEvent } from './payments.port.ts';
import type { CheckoutRequest, CheckoutSession, PaymentEvent, Payments } from './payments.port.ts';

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** Monthly price in the currency's minor unit (default 1200 = $12). */
  priceCents?: number;
  currency?: string;
  productName?: string;
}

/** Stripe's default tolerance between the signature's timestamp and now, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = Stripe.webhooks.DEFAULT_TOLERANCE;

/** Verifies a webhook with the Stripe library and returns the event; any failure is `InvalidWebhookSignature`. */
export function verifyStripeWebhook(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  webhookSecret: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): PaymentEvent {
  if (!signatureHeader) throw new InvalidWebhookSignature('Missing Stripe-Signature header');
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
  } catch (error) {
    // Stripe parses the body once the signature holds: a signed body that is not JSON is malformed.
    if (error instanceof SyntaxError) throw new MalformedWebhookEvent('The webhook body is not JSON');
    throw new InvalidWebhookSignature(error instanceof Error ? error.message : 'Invalid webhook signature');
  }
  // Stripe's check only refuses signatures too old; one dated in the future is as suspect (a captured
  // signature with a clock set ahead would stay replayable for as long).
  const timestamps = signatureHeader
    .split(',')
    .map((part) => /^\s*t=(\d+)\s*$/.exec(part)?.[1])
    .filter((value): value is string => value !== undefined)
    .map(Number);
  if (timestamps.some((t) => t > nowSeconds + WEBHOOK_TOLERANCE_SECONDS)) throw new InvalidWebhookSignature('Webhook timestamp is in the future');
  return readEvent(event);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The event's id, type and `data.object`, or `MalformedWebhookEvent` when it has no such shape. */
function readEvent(event: unknown): PaymentEvent {
  if (!isRecord(event)) throw new MalformedWebhookEvent('The webhook body is not an event object');
  const { id, type, data } = event;
  if (typeof id !== 'string' || id.length === 0 || id.length > 255) throw new MalformedWebhookEvent('The event has no id');
  if (typeof type !== 'string' || type.length === 0 || type.length > 255) throw new MalformedWebhookEvent('The event has no type');
  if (!isRecord(data) || !isRecord(data.object)) throw new MalformedWebhookEvent('The event has no data.object');
  return { id, type, object: data.object };
}

export function createStripePayments(options: StripePaymentsOptions): Payments {
  const stripe = new Stripe(options.secretKey);
  const priceCents = options.priceCents ?? 1200;
  const currency = options.currency ?? 'usd';
  return {
    /**
     * `successUrl` should contain Stripe's `{CHECKOUT_SESSION_ID}` placeholder (e.g.
     * `${PUBLIC_URL}/premium/success?session_id={CHECKOUT_SESSION_ID}`): Stripe replaces it with the
     * session id when it redirects, so the page can tell which checkout came back.
     */
    async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency,
              unit_amount: priceCents,
              recurring: { interval: 'month' },
              product_data: { name: options.productName ?? 'Crossfeed Premium' },
            },
          },
        ],
        client_reference_id: request.userId,
        customer_email: request.email,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: { userId: request.userId },
        subscription_data: { metadata: { userId: request.userId } },
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { checkoutSessionId: session.id, checkoutUrl: session.url };
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeWebhook(rawBody, signatureHeader, options.webhookSecret);
    },
  };
}
