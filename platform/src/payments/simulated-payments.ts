/**
 * The embedded Payments adapter: a simulated hosted checkout. `createCheckoutSession` returns a URL on our
 * own backend (`/simulated-checkout/<id>`); when that page is "paid", the backend calls `completeCheckout`
 * and posts the returned body and signature to its own webhook endpoint. The event is shaped like Stripe's
 * `checkout.session.completed` and signed like Stripe signs (`Stripe.webhooks.generateTestHeaderString`),
 * and `verifyWebhook` is the Stripe adapter's, so the webhook path is the same code in both modes.
 *
 * The simulated Customer Portal works the same way: "Cancel subscription" and "Resume" return a signed
 * `customer.subscription.updated` webhook, and paying a checkout also yields the `customer.subscription.created`
 * and `invoice.paid` events Stripe sends after it. Invoices get a simulated receipt page.
 *
 * Sessions, subscriptions and invoices live in memory: a restart forgets unpaid checkouts (the user starts a
 * new one) and the invoice history; a portal session re-learns the subscription from what our side recorded.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { verifyStripeWebhook } from './stripe-payments.ts';
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentEvent,
  PaymentInvoice,
  Payments,
  PortalRequest,
  Refund,
  RefundRequest,
} from './payments.port.ts';

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

/** A signed webhook delivery: what the backend posts to its own webhook handler. */
export interface SignedWebhook {
  rawBody: Buffer;
  /** The `Stripe-Signature` header value. */
  signature: string;
}

/** What the backend posts to its webhook endpoint, then where it sends the browser. */
export interface SimulatedWebhook extends SignedWebhook {
  /** The session's success URL with `{CHECKOUT_SESSION_ID}` replaced, as Stripe does. */
  successUrl: string;
  /** The events Stripe sends after a paid subscription checkout: `customer.subscription.created`, `invoice.paid`. */
  followUps: SignedWebhook[];
}

export interface SimulatedSubscription {
  id: string;
  userId: string;
  customerId: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export interface SimulatedPortalSession {
  id: string;
  userId: string;
  customerId: string;
  returnUrl: string;
  subscription: SimulatedSubscription | undefined;
  invoices: PaymentInvoice[];
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
  getPortalSession(portalSessionId: string): SimulatedPortalSession | undefined;
  /**
   * The portal's "Cancel subscription" (`true`: at the period end) and "Resume" (`false`): returns the signed
   * `customer.subscription.updated` webhook. Throws `UnknownSubscription` when the session has none that runs.
   */
  setCancelAtPeriodEnd(portalSessionId: string, cancel: boolean): SignedWebhook;
  /** An invoice of the customer (for the simulated receipt page), or undefined. */
  getInvoice(customerId: string, invoiceId: string): PaymentInvoice | undefined;
}

export class UnknownSubscription extends Error {
  override readonly name = 'UnknownSubscription';
}

export class UnknownCheckoutSession extends Error {
  override readonly name = 'UnknownCheckoutSession';
}

const newId = (prefix: string): string => `${prefix}_${randomUUID().replace(/-/g, '')}`;
const LIVE = new Set(['active', 'trialing', 'past_due']);

/** One calendar month after `from` (the subscription's billing period). */
function monthAfter(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** A Stripe-shaped event envelope around `object`. */
function eventJson(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: newId('evt_sim'),
    object: 'event',
    api_version: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

interface StoredInvoice extends PaymentInvoice {
  customerId: string;
  subscriptionId: string;
  userId: string;
  refunded: boolean;
}

export function createSimulatedPayments(options: SimulatedPaymentsOptions): SimulatedPayments {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const sessions = new Map<string, SimulatedCheckoutSession & { completedEvents?: string[] }>();
  const subscriptions = new Map<string, SimulatedSubscription>();
  const invoices = new Map<string, StoredInvoice>();
  const portals = new Map<string, { id: string; userId: string; customerId: string; returnUrl: string; subscriptionId: string | undefined }>();
  const refunds = new Map<string, Refund>();
  let invoiceCount = 0;

  const subscriptionObject = (sub: SimulatedSubscription): Record<string, unknown> => {
    const periodEnd = sub.currentPeriodEnd ? Math.floor(Date.parse(sub.currentPeriodEnd) / 1000) : null;
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customerId,
      status: sub.status,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      cancel_at: sub.cancelAtPeriodEnd ? periodEnd : null,
      // Where Stripe's current API versions keep the period (on the items).
      items: { object: 'list', data: [{ id: `si_${sub.id}`, object: 'subscription_item', current_period_end: periodEnd }] },
      metadata: { userId: sub.userId },
      livemode: false,
    };
  };
  const invoiceView = (invoice: StoredInvoice): PaymentInvoice => ({
    id: invoice.id,
    number: invoice.number,
    amountCents: invoice.amountCents,
    currency: invoice.currency,
    status: invoice.status,
    paidAt: invoice.paidAt,
    receiptUrl: invoice.receiptUrl,
    refunded: invoice.refunded,
  });
  const invoicesOf = (customerId: string) =>
    [...invoices.values()].filter((invoice) => invoice.customerId === customerId).sort((a, b) => (b.paidAt ?? '').localeCompare(a.paidAt ?? ''));

  const sessionOrThrow = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new UnknownCheckoutSession(`No checkout session ${sessionId}`);
    return session;
  };

  const sign = (payload: string): string =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
  const signed = (payload: string): SignedWebhook => ({ rawBody: Buffer.from(payload, 'utf8'), signature: sign(payload) });

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
      const { completedEvents: _completedEvents, ...view } = session;
      return view;
    },

    completeCheckout(sessionId) {
      const session = sessionOrThrow(sessionId);
      if (session.status === 'cancelled') throw new Error(`Checkout session ${sessionId} was cancelled`);
      const successUrl = session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
      if (session.completedEvents === undefined) {
        const paidAt = new Date();
        const created = Math.floor(paidAt.getTime() / 1000);
        const customerId = `cus_sim_${session.userId}`;
        const subscription: SimulatedSubscription = {
          id: newId('sub_sim'),
          userId: session.userId,
          customerId,
          status: 'active',
          currentPeriodEnd: monthAfter(paidAt).toISOString(),
          cancelAtPeriodEnd: false,
        };
        subscriptions.set(subscription.id, subscription);
        const invoiceId = newId('in_sim');
        invoiceCount += 1;
        const invoice: StoredInvoice = {
          id: invoiceId,
          number: `SIM-${String(invoiceCount).padStart(4, '0')}`,
          amountCents: session.amountCents,
          currency: session.currency,
          status: 'paid',
          paidAt: paidAt.toISOString(),
          receiptUrl: `${publicUrl}/simulated-portal/receipts/${customerId}/${invoiceId}`,
          customerId,
          subscriptionId: subscription.id,
          userId: session.userId,
          refunded: false,
        };
        invoices.set(invoiceId, invoice);
        const checkout = eventJson('checkout.session.completed', {
          id: session.id,
          object: 'checkout.session',
          client_reference_id: session.userId,
          customer_email: session.email,
          customer_details: { email: session.email },
          customer: customerId,
          subscription: subscription.id,
          invoice: invoiceId,
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
        });
        const subscriptionCreated = eventJson('customer.subscription.created', subscriptionObject(subscription));
        const invoicePaid = eventJson('invoice.paid', {
          id: invoiceId,
          object: 'invoice',
          number: invoice.number,
          customer: customerId,
          status: 'paid',
          amount_paid: session.amountCents,
          currency: session.currency,
          billing_reason: 'subscription_create',
          hosted_invoice_url: invoice.receiptUrl,
          status_transitions: { paid_at: created },
          parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: { userId: session.userId } } },
          livemode: false,
        });
        session.completedEvents = [checkout, subscriptionCreated, invoicePaid];
        session.status = 'complete';
      }
      const [checkout, ...followUps] = session.completedEvents;
      return { ...signed(checkout!), successUrl, followUps: followUps.map(signed) };
    },
    cancelCheckout(sessionId) {
      const session = sessionOrThrow(sessionId);
      if (session.status === 'open') session.status = 'cancelled';
      return { cancelUrl: session.cancelUrl };
    },

    async createPortalSession(request: PortalRequest) {
      // After a restart the subscription is known only to our side: take it from there.
      const known = request.subscription;
      if (known && !subscriptions.has(known.id)) {
        subscriptions.set(known.id, { ...known, userId: request.userId, customerId: request.customerId });
      }
      const current =
        known?.id ?? [...subscriptions.values()].find((sub) => sub.customerId === request.customerId && LIVE.has(sub.status))?.id;
      const id = newId('bps_sim');
      portals.set(id, { id, userId: request.userId, customerId: request.customerId, returnUrl: request.returnUrl, subscriptionId: current });
      return { url: `${publicUrl}/simulated-portal/${id}` };
    },

    getPortalSession(portalSessionId) {
      const portal = portals.get(portalSessionId);
      if (!portal) return undefined;
      const sub = portal.subscriptionId ? subscriptions.get(portal.subscriptionId) : undefined;
      return {
        id: portal.id,
        userId: portal.userId,
        customerId: portal.customerId,
        returnUrl: portal.returnUrl,
        subscription: sub ? { ...sub } : undefined,
        invoices: invoicesOf(portal.customerId).map(invoiceView),
      };
    },

    setCancelAtPeriodEnd(portalSessionId, cancel) {
      const portal = portals.get(portalSessionId);
      const sub = portal?.subscriptionId ? subscriptions.get(portal.subscriptionId) : undefined;
      if (!portal || !sub || !LIVE.has(sub.status)) throw new UnknownSubscription(`No running subscription in portal session ${portalSessionId}`);
      sub.cancelAtPeriodEnd = cancel;
      return signed(eventJson('customer.subscription.updated', subscriptionObject(sub)));
    },

    getInvoice(customerId, invoiceId) {
      const invoice = invoices.get(invoiceId);
      return invoice && invoice.customerId === customerId ? invoiceView(invoice) : undefined;
    },

    async listInvoices(customerId) {
      return invoicesOf(customerId).map(invoiceView);
    },

    async refundPayment(request: RefundRequest) {
      const done = refunds.get(request.idempotencyKey);
      if (done) return done;
      const invoice = invoices.get(request.paymentId);
      // After a restart the invoice is gone from memory; the simulated refund still "succeeds".
      if (invoice) invoice.refunded = true;
      const sub = request.subscriptionId ? subscriptions.get(request.subscriptionId) : undefined;
      if (sub) {
        sub.status = 'canceled';
        sub.cancelAtPeriodEnd = false;
      }
      const refund = { refundId: newId('re_sim') };
      refunds.set(request.idempotencyKey, refund);
      return refund;
    },

    verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
      return verifyStripeWebhook(rawBody, signatureHeader, options.webhookSecret);
    },
  };
}
