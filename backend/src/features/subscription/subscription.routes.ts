import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { ConflictError } from '@crossfeed/domain/shared/errors.ts';
import type { Payments } from '@crossfeed/platform/payments/payments.port.ts';
import {
  UnknownCheckoutSession,
  UnknownSubscription,
  type SignedWebhook,
  type SimulatedPayments,
} from '@crossfeed/platform/payments/simulated-payments.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { bearerToken, currentUser, requireAuth, tokenAuthenticator } from '../../auth/require-auth.ts';
import { PaymentsUnavailable } from '@crossfeed/platform/payments/unavailable-payments.ts';
import { HttpError } from '../../http/http-error.ts';
import { parseInput } from '../../http/validate.ts';
import { handlePaymentWebhook } from './payment-webhook.ts';
import { SIMULATED_CHECKOUT_SCRIPT, simulatedCheckoutPage } from './simulated-checkout.page.ts';
import { simulatedPortalPage, simulatedReceiptPage } from './simulated-portal.page.ts';
import { hasManageableSubscription, subscriptionView } from './subscription-view.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';

export const ALREADY_PREMIUM = 'You are already a Premium user.';
const PAYMENT_FAILED = 'Failed to initiate payment.';
const SESSION_NOT_FOUND = 'Checkout session not found.';
const SIGN_IN_TO_PAY = 'Sign in as the account that started this checkout, then try again.';
const NOT_YOUR_CHECKOUT = 'This checkout belongs to another account.';
export const NO_SUBSCRIPTION_TO_MANAGE = 'You have no subscription to manage.';
const PORTAL_FAILED = 'Failed to open the subscription portal. Please try again.';
const PORTAL_NOT_FOUND = 'Billing portal session not found.';
const SIGN_IN_TO_MANAGE = 'Sign in as the account this subscription belongs to, then try again.';
const NOT_YOUR_SUBSCRIPTION = 'This subscription belongs to another account.';
const NOTHING_TO_CANCEL = 'This subscription is not running: there is nothing to cancel or resume.';
const RECEIPT_NOT_FOUND = 'Receipt not found.';

export const EmptyBody = z.object({}).strict();

const isSimulated = (payments: Payments): payments is SimulatedPayments =>
  typeof (payments as Partial<SimulatedPayments>).completeCheckout === 'function';

/**
 * Premium subscription (SPEC §7 Subscription): hosted checkout, signed webhooks, the subscription's state
 * and its management portal, and the simulated checkout and portal.
 *
 * `GET /api/subscription` (signed in) → what applies to the caller's account now:
 *   - `plan`: 'subscription' (a running paid subscription), 'promo' (time-limited or granted Premium, no
 *     subscription), 'lifetime' (the waitlist's top tier) or 'free';
 *   - `is_premium`, `premium_until` (when a time-limited Premium, or a cancelled subscription, ends);
 *   - `status` (the provider's subscription status, or null), `current_period_end`, `cancel_at_period_end`;
 *   - `renews_on` (period end of a subscription that renews) / `cancels_on` (period end of one set to cancel);
 *   - `can_manage`: a running subscription the portal can manage;
 *   - `invoices`: `[{ id, number, amount_cents, currency, status, paid_at, receipt_url, refunded }]`, newest
 *     first (`[]` without a subscription; `null` when the provider could not be asked).
 * `POST /api/subscription/portal-session` (signed in, empty body) → `{ url }` of the provider's portal for the
 *   caller's own customer (Stripe Customer Portal, or the simulated one); 409 without a running subscription.
 *
 * With Stripe, the webhook endpoint (`/api/subscription/webhook`) must send `checkout.session.completed`,
 * `checkout.session.async_payment_succeeded`, `customer.subscription.created|updated|deleted`, `invoice.paid`
 * and `invoice.payment_failed`; the Customer Portal (Dashboard → Billing → Customer portal) should allow
 * cancelling at the end of the billing period and show the invoice history.
 */
export function subscriptionRoutes(ctx: ApiContext): Router {
  const router = Router();
  const publicUrl = ctx.config.PUBLIC_URL;

  router.post('/api/subscription/create-checkout-session', requireAuth(ctx), async (req, res) => {
    const user = currentUser(req);
    parseInput(EmptyBody, req.body ?? {});
    const now = ctx.clock().toISOString();
    // A promo Premium past its end is Free again, even before the expiry job records it.
    if (isPremiumActive(user, now)) throw new ConflictError(ALREADY_PREMIUM);
    let session;
    try {
      session = await ctx.payments.createCheckoutSession({
        userId: user._id,
        email: user.email,
        successUrl: `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${publicUrl}/cancel`,
      });
    } catch (error) {
      if (error instanceof PaymentsUnavailable) throw new HttpError(503, error.message);
      ctx.logger.error({ err: error, userId: user._id }, 'could not create a checkout session');
      throw new HttpError(502, PAYMENT_FAILED);
    }
    res.json({ checkout_session_id: session.checkoutSessionId, checkout_url: session.checkoutUrl });
  });

  router.get('/api/subscription', requireAuth(ctx), async (req, res) => {
    const user = currentUser(req);
    const now = ctx.clock().toISOString();
    let invoices = null;
    const customerId = user.subscription?.customer_id;
    if (!customerId) {
      invoices = [];
    } else {
      try {
        invoices = await ctx.payments.listInvoices(customerId);
      } catch (error) {
        // The plan and its dates come from our own records; only the invoice list needs the provider.
        ctx.logger.warn({ err: error, userId: user._id }, 'could not list invoices');
      }
    }
    res.setHeader('Cache-Control', 'no-store');
    res.json(subscriptionView(user, now, invoices));
  });

  router.post('/api/subscription/portal-session', requireAuth(ctx), async (req, res) => {
    const user = currentUser(req);
    parseInput(EmptyBody, req.body ?? {});
    // Only the caller's own customer, as our records know it: no id from the request reaches the provider.
    const sub = user.subscription;
    if (!sub?.customer_id || !hasManageableSubscription(user)) throw new ConflictError(NO_SUBSCRIPTION_TO_MANAGE);
    let session;
    try {
      session = await ctx.payments.createPortalSession({
        userId: user._id,
        customerId: sub.customer_id,
        returnUrl: `${publicUrl}/app`,
        subscription: { id: sub.id, status: sub.status, currentPeriodEnd: sub.current_period_end, cancelAtPeriodEnd: sub.cancel_at_period_end },
      });
    } catch (error) {
      if (error instanceof PaymentsUnavailable) throw new HttpError(503, error.message);
      ctx.logger.error({ err: error, userId: user._id }, 'could not create a portal session');
      throw new HttpError(502, PORTAL_FAILED);
    }
    res.json({ url: session.url });
  });

  // Providers post JSON, which the app's parser keeps raw; any other type is read raw here.
  router.post('/api/subscription/webhook', express.raw({ type: () => true, limit: '100kb' }), async (req, res) => {
    const rawBody = (req as { rawBody?: Buffer }).rawBody ?? (Buffer.isBuffer(req.body) ? req.body : undefined);
    res.json(await handlePaymentWebhook(ctx, rawBody, req.get('stripe-signature')));
  });

  if (isSimulated(ctx.payments)) {
    mountSimulatedCheckout(router, ctx, ctx.payments);
    mountSimulatedPortal(router, ctx, ctx.payments);
  }
  return router;
}

/** Feeds simulated deliveries through the same verification and handler as real ones, in order. */
async function deliver(ctx: ApiContext, webhooks: readonly SignedWebhook[]): Promise<void> {
  for (const webhook of webhooks) await handlePaymentWebhook(ctx, webhook.rawBody, webhook.signature);
}

/** The signed-in account behind a simulated page's form: its bearer header, or the form's `access_token`. */
async function formUser(req: Request, authenticate: (token: string) => Promise<{ _id: string }>, signIn: string) {
  const form = req.body as { access_token?: unknown } | undefined;
  const token = bearerToken(req) ?? (typeof form?.access_token === 'string' && form.access_token ? form.access_token : undefined);
  if (!token) throw new HttpError(401, signIn);
  return authenticate(token);
}

/**
 * The simulated Customer Portal (embedded mode): "Cancel subscription" and "Resume" sign a
 * `customer.subscription.updated` event and feed it through the webhook handler, as Stripe's portal would
 * by calling our webhook. Acting needs the token of the account the portal session was made for.
 */
function mountSimulatedPortal(router: Router, ctx: ApiContext, payments: SimulatedPayments): void {
  const authenticate = tokenAuthenticator(ctx);
  const portalOf = (id: string) => {
    const portal = payments.getPortalSession(id);
    if (!portal) throw new HttpError(404, PORTAL_NOT_FOUND);
    return portal;
  };
  const ownPortal = async (req: Request) => {
    const portal = portalOf(String(req.params.id));
    const user = await formUser(req, authenticate, SIGN_IN_TO_MANAGE);
    if (user._id !== portal.userId) throw new HttpError(403, NOT_YOUR_SUBSCRIPTION);
    return portal;
  };
  const act = (cancel: boolean) => async (req: Request, res: Response) => {
    const portal = await ownPortal(req);
    let webhook;
    try {
      webhook = payments.setCancelAtPeriodEnd(portal.id, cancel);
    } catch (error) {
      if (error instanceof UnknownSubscription) throw new HttpError(409, NOTHING_TO_CANCEL);
      throw error;
    }
    await deliver(ctx, [webhook]);
    res.redirect(303, `/simulated-portal/${encodeURIComponent(portal.id)}`);
  };

  // Receipts are named by customer and invoice ids (unguessable, like Stripe's hosted invoice links).
  router.get('/simulated-portal/receipts/:customerId/:invoiceId', (req, res) => {
    const invoice = payments.getInvoice(String(req.params.customerId), String(req.params.invoiceId));
    if (!invoice) throw new HttpError(404, RECEIPT_NOT_FOUND);
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(simulatedReceiptPage(invoice));
  });

  router.get('/simulated-portal/:id', (req, res) => {
    const portal = portalOf(String(req.params.id));
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(simulatedPortalPage(portal));
  });

  router.post('/simulated-portal/:id/cancel', act(true));
  router.post('/simulated-portal/:id/resume', act(false));
}

/**
 * The simulated hosted checkout (embedded mode): "Pay" signs a checkout.session.completed event and feeds
 * it through the same verification and handler as a real webhook delivery.
 */
function mountSimulatedCheckout(router: Router, ctx: ApiContext, payments: SimulatedPayments): void {
  const sessionOf = (id: string) => {
    const session = payments.getCheckoutSession(id);
    if (!session) throw new HttpError(404, SESSION_NOT_FOUND);
    return session;
  };
  const authenticate = tokenAuthenticator(ctx);
  /**
   * Paying or cancelling needs the session token of the account that started the checkout: as a bearer
   * header, or as the form's `access_token` (filled in from the signed-in browser by the page's script).
   */
  const ownSession = async (req: Request) => {
    const session = sessionOf(String(req.params.id));
    const user = await formUser(req, authenticate, SIGN_IN_TO_PAY);
    if (user._id !== session.userId) throw new HttpError(403, NOT_YOUR_CHECKOUT);
    return session;
  };

  router.get('/simulated-checkout/checkout.js', (_req, res) => {
    res.type('application/javascript').setHeader('Cache-Control', 'no-cache');
    res.send(SIMULATED_CHECKOUT_SCRIPT);
  });

  router.get('/simulated-checkout/:id', (req, res) => {
    const session = sessionOf(String(req.params.id));
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(simulatedCheckoutPage(session));
  });

  router.post('/simulated-checkout/:id/pay', async (req, res) => {
    const session = await ownSession(req);
    if (session.status === 'cancelled') throw new HttpError(409, 'This checkout was cancelled.');
    let webhook;
    try {
      webhook = payments.completeCheckout(session.id);
    } catch (error) {
      if (error instanceof UnknownCheckoutSession) throw new HttpError(404, SESSION_NOT_FOUND);
      throw error;
    }
    // Then what Stripe sends after a paid subscription checkout: the subscription and its paid invoice.
    await deliver(ctx, [webhook, ...webhook.followUps]);
    res.redirect(303, webhook.successUrl);
  });

  router.post('/simulated-checkout/:id/cancel', async (req, res) => {
    const session = await ownSession(req);
    res.redirect(303, payments.cancelCheckout(session.id).cancelUrl);
  });
}
