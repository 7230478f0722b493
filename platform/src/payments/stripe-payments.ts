/**
 * The production Payments adapter: Stripe Checkout (a monthly subscription) and Stripe-signed webhooks.
 * `verifyStripeWebhook` is also what the simulated adapter uses, so both go through Stripe's own
 * verification (signature over the raw body, 300 s timestamp tolerance).
 */
import Stripe from 'stripe';
import { InvalidWebhookSignature, MalformedWebhookEvent } from './payments.port.ts';
import type { CheckoutRequest, CheckoutSession, PaymentEvent, PaymentInvoice, Payments } from './payments.port.ts';

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
  const created = event.created;
  const createdAt = typeof created === 'number' && Number.isFinite(created) && created > 0 ? new Date(created * 1000).toISOString() : undefined;
  return { id, type, object: data.object, ...(createdAt ? { createdAt } : {}) };
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

    /**
     * Stripe's Customer Portal: cancelling (at the period end, as the portal's default configuration does),
     * resuming and the invoice history happen there, and come back to us as `customer.subscription.updated`
     * / `deleted` and `invoice.paid` webhooks.
     */
    async createPortalSession(request) {
      const session = await stripe.billingPortal.sessions.create({ customer: request.customerId, return_url: request.returnUrl });
      return { url: session.url };
    },

    async listInvoices(customerId) {
      const invoices = await stripe.invoices.list({ customer: customerId, limit: 24 });
      return invoices.data.map(
        (invoice): PaymentInvoice => ({
          id: invoice.id ?? '',
          number: invoice.number ?? null,
          amountCents: invoice.amount_paid,
          currency: invoice.currency,
          status: invoice.status ?? 'draft',
          paidAt: invoice.status_transitions.paid_at ? new Date(invoice.status_transitions.paid_at * 1000).toISOString() : null,
          receiptUrl: invoice.hosted_invoice_url ?? null,
        }),
      );
    },

    /** Refunds the invoice's payment (its PaymentIntent or charge), then cancels the subscription now. */
    async refundPayment(request) {
      const payments = await stripe.invoicePayments.list({ invoice: request.paymentId, status: 'paid', limit: 1 });
      const payment = payments.data[0]?.payment;
      const paymentIntent = typeof payment?.payment_intent === 'string' ? payment.payment_intent : payment?.payment_intent?.id;
      const charge = typeof payment?.charge === 'string' ? payment.charge : payment?.charge?.id;
      if (!paymentIntent && !charge) throw new Error(`Stripe invoice ${request.paymentId} has no paid payment to refund`);
      const refund = await stripe.refunds.create(
        { ...(paymentIntent ? { payment_intent: paymentIntent } : { charge }), reason: 'requested_by_customer', metadata: { invoice: request.paymentId } },
        { idempotencyKey: request.idempotencyKey },
      );
      if (request.subscriptionId) {
        try {
          await stripe.subscriptions.cancel(request.subscriptionId);
        } catch (error) {
          // Already cancelled (the customer did it in the portal meanwhile): nothing left to stop.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
      }
      return { refundId: refund.id };
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeWebhook(rawBody, signatureHeader, options.webhookSecret);
    },
  };
}
