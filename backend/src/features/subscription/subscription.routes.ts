import express, { Router, type Request } from 'express';
import { z } from 'zod';
import { ConflictError } from '@crossfeed/domain/shared/errors.ts';
import type { Payments } from '@crossfeed/platform/payments/payments.port.ts';
import { UnknownCheckoutSession, type SimulatedPayments } from '@crossfeed/platform/payments/simulated-payments.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { bearerToken, currentUser, requireAuth, tokenAuthenticator } from '../../auth/require-auth.ts';
import { PaymentsUnavailable } from '@crossfeed/platform/payments/unavailable-payments.ts';
import { HttpError } from '../../http/http-error.ts';
import { parseInput } from '../../http/validate.ts';
import { handlePaymentWebhook } from './payment-webhook.ts';
import { SIMULATED_CHECKOUT_SCRIPT, simulatedCheckoutPage } from './simulated-checkout.page.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';

export const ALREADY_PREMIUM = 'You are already a Premium user.';
const PAYMENT_FAILED = 'Failed to initiate payment.';
const SESSION_NOT_FOUND = 'Checkout session not found.';
const SIGN_IN_TO_PAY = 'Sign in as the account that started this checkout, then try again.';
const NOT_YOUR_CHECKOUT = 'This checkout belongs to another account.';

const EmptyBody = z.object({}).strict();

const isSimulated = (payments: Payments): payments is SimulatedPayments =>
  typeof (payments as Partial<SimulatedPayments>).completeCheckout === 'function';

/** Premium subscription (SPEC §7 Subscription): hosted checkout, signed webhooks, and the simulated checkout. */
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

  // Providers post JSON, which the app's parser keeps raw; any other type is read raw here.
  router.post('/api/subscription/webhook', express.raw({ type: () => true, limit: '100kb' }), async (req, res) => {
    const rawBody = (req as { rawBody?: Buffer }).rawBody ?? (Buffer.isBuffer(req.body) ? req.body : undefined);
    res.json(await handlePaymentWebhook(ctx, rawBody, req.get('stripe-signature')));
  });

  if (isSimulated(ctx.payments)) mountSimulatedCheckout(router, ctx, ctx.payments);
  return router;
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
    const form = req.body as { access_token?: unknown } | undefined;
    const token = bearerToken(req) ?? (typeof form?.access_token === 'string' && form.access_token ? form.access_token : undefined);
    if (!token) throw new HttpError(401, SIGN_IN_TO_PAY);
    const user = await authenticate(token);
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
    await handlePaymentWebhook(ctx, webhook.rawBody, webhook.signature);
    res.redirect(303, webhook.successUrl);
  });

  router.post('/simulated-checkout/:id/cancel', async (req, res) => {
    const session = await ownSession(req);
    res.redirect(303, payments.cancelCheckout(session.id).cancelUrl);
  });
}
