/**
 * The embedded Payments adapter: a simulated hosted checkout. `createCheckoutSession` returns a URL on our
 * own backend (`/simulated-checkout/<id>`); when that page is "paid", the backend calls `completeCheckout`
 * and posts the returned body and signature to its own webhook endpoint. The event is shaped like Stripe's
 * `checkout.session.completed` and signed like Stripe signs (`Stripe.webhooks.generateTestHeaderString`),
 * and `verifyWebhook` is the Stripe adapter's, so the webhook path is the same code in both modes.
 *
 * Sessions live in memory: a restart forgets unpaid checkouts (the user starts a new one).
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { verifyStripeWebhook } from './stripe-payments.ts';
import type { CheckoutRequest, CheckoutSession, PaymentEvent, Payments } from './payments.port.ts';

export interface SimulatedPaymentsOptions {
  webhookSecret: string;
  /** The backend's public URL; the checkout page is served at `${publicUrl}/simulated-checkout/<id>`. */
  publicUrl: string;
  priceCents?: number;
  currency?: string;
}

export interface SimulatedCheckoutSession {
  id: string;
  userId: string;
  email: string;
  amountCents: number;
  currency: string;
  status: 'open' | 'complete' | 'cancelled';
  successUrl: string;
  cancelUrl: string;
}

/** What the backend posts to its webhook endpoint, then where it sends the browser. */
export interface SimulatedWebhook {
  rawBody: Buffer;
  /** The `Stripe-Signature` header value. */
  signature: string;
  /** The session's success URL with `{CHECKOUT_SESSION_ID}` replaced, as Stripe does. */
  successUrl: string;
}

export interface SimulatedPayments extends Payments {
  getCheckoutSession(sessionId: string): SimulatedCheckoutSession | undefined;
  /**
   * "Pays" the session: returns a signed `checkout.session.completed` webhook. Completing an already
   * completed session returns the same event (same id, freshly signed), like a webhook redelivery.
   */
  completeCheckout(sessionId: string): SimulatedWebhook;
  /** Abandons the session (Stripe sends no webhook for this): returns where to send the browser. */
  cancelCheckout(sessionId: string): { cancelUrl: string };
}

export class UnknownCheckoutSession extends Error {
  override readonly name = 'UnknownCheckoutSession';
}

export function createSimulatedPayments(options: SimulatedPaymentsOptions): SimulatedPayments {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const sessions = new Map<string, SimulatedCheckoutSession & { completedEvent?: string }>();

  const sessionOrThrow = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new UnknownCheckoutSession(`No checkout session ${sessionId}`);
    return session;
  };

  const sign = (payload: string): string =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });

  return {
    async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
      const id = `cs_sim_${randomUUID().replace(/-/g, '')}`;
      sessions.set(id, {
        id,
        userId: request.userId,
        email: request.email,
        amountCents: options.priceCents ?? 1200,
        currency: options.currency ?? 'usd',
        status: 'open',
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
      });
      return { checkoutSessionId: id, checkoutUrl: `${publicUrl}/simulated-checkout/${id}` };
    },

    getCheckoutSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) return undefined;
      const { completedEvent: _completedEvent, ...view } = session;
      return view;
    },

    completeCheckout(sessionId) {
      const session = sessionOrThrow(sessionId);
      if (session.status === 'cancelled') throw new Error(`Checkout session ${sessionId} was cancelled`);
      const successUrl = session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
      if (session.completedEvent === undefined) {
        const created = Math.floor(Date.now() / 1000);
        const event = {
          id: `evt_sim_${randomUUID().replace(/-/g, '')}`,
          object: 'event',
          api_version: null,
          created,
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type: 'checkout.session.completed',
          data: {
            object: {
              id: session.id,
              object: 'checkout.session',
              client_reference_id: session.userId,
              customer_email: session.email,
              customer_details: { email: session.email },
              customer: `cus_sim_${session.userId}`,
              subscription: `sub_sim_${randomUUID().replace(/-/g, '')}`,
              mode: 'subscription',
              payment_status: 'paid',
              status: 'complete',
              amount_total: session.amountCents,
              currency: session.currency,
              metadata: { userId: session.userId },
              success_url: session.successUrl,
              cancel_url: session.cancelUrl,
              created,
              livemode: false,
            },
          },
        };
        session.completedEvent = JSON.stringify(event);
        session.status = 'complete';
      }
      return { rawBody: Buffer.from(session.completedEvent, 'utf8'), signature: sign(session.completedEvent), successUrl };
    },

    cancelCheckout(sessionId) {
      const session = sessionOrThrow(sessionId);
      if (session.status === 'open') session.status = 'cancelled';
      return { cancelUrl: session.cancelUrl };
    },

    verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
      return verifyStripeWebhook(rawBody, signatureHeader, options.webhookSecret);
    },
  };
}
