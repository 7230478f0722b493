/**
 * The production Payments adapter: Stripe Checkout (a monthly subscription) and Stripe-signed webhooks.
 * `verifyStripeWebhook` is also what the simulated adapter uses, so both go through Stripe's own
 * verification (signature over the raw body, 300 s timestamp tolerance).
 */
import Stripe from 'stripe';
import { InvalidWebhookSignature } from './payments.port.ts';
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
export function verifyStripeWebhook(rawBody: Buffer, signatureHeader: string | undefined, webhookSecret: string): PaymentEvent {
  if (!signatureHeader) throw new InvalidWebhookSignature('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
  } catch (error) {
    throw new InvalidWebhookSignature(error instanceof Error ? error.message : 'Invalid webhook signature');
  }
  return { id: event.id, type: event.type, object: event.data.object as unknown as Record<string, unknown> };
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
