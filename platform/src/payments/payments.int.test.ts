import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { InvalidWebhookSignature } from './payments.port.ts';
import type { Payments } from './payments.port.ts';
import { createSimulatedPayments, UnknownCheckoutSession, UnknownSubscription } from './simulated-payments.ts';
import { createStripePayments, WEBHOOK_TOLERANCE_SECONDS } from './stripe-payments.ts';

const webhookSecret = 'whsec_test_contract_secret';
const request = {
  userId: 'user-123',
  email: 'creator@example.com',
  successUrl: 'http://localhost:3000/premium/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/premium',
};

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}): string =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });

const stripeShapedEvent = JSON.stringify({
  id: 'evt_test_1',
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_test_1', object: 'checkout.session', client_reference_id: 'user-123' } },
});

/** The failures every adapter's verifyWebhook must reject, on a body that verifies when intact. */
function assertRejectsForgeries(payments: Payments, rawBody: Buffer): void {
  const body = rawBody.toString('utf8');
  const reject = (what: string, raw: Buffer, header: string | undefined): void => {
    assert.throws(() => payments.verifyWebhook(raw, header), InvalidWebhookSignature, what);
  };
  reject('a tampered body', Buffer.from(body.replace('user-123', 'user-999')), sign(body));
  reject('a wrong secret', rawBody, sign(body, { secret: 'whsec_someone_else' }));
  reject('a missing header', rawBody, undefined);
  reject('an empty header', rawBody, '');
  reject('a garbage header', rawBody, 'not-a-signature');
  const stale = Math.floor(Date.now() / 1000) - WEBHOOK_TOLERANCE_SECONDS - 10;
  reject('a timestamp older than the tolerance', rawBody, sign(body, { timestamp: stale }));
  // Within the tolerance is still fine.
  const recent = Math.floor(Date.now() / 1000) - WEBHOOK_TOLERANCE_SECONDS + 30;
  assert.doesNotThrow(() => payments.verifyWebhook(rawBody, sign(body, { timestamp: recent })));
}

describe('simulated payments', () => {
  test('a completed simulated checkout yields a Stripe-shaped event that verifies', async () => {
    const payments = createSimulatedPayments({ webhookSecret, publicUrl: 'http://localhost:3000/' });
    const session = await payments.createCheckoutSession(request);
    assert.match(session.checkoutSessionId, /^cs_sim_[0-9a-f]{32}$/);
    assert.equal(session.checkoutUrl, `http://localhost:3000/simulated-checkout/${session.checkoutSessionId}`);
    assert.equal(payments.getCheckoutSession(session.checkoutSessionId)?.status, 'open');

    const webhook = payments.completeCheckout(session.checkoutSessionId);
    assert.equal(webhook.successUrl, `http://localhost:3000/premium/success?session_id=${session.checkoutSessionId}`);
    const event = payments.verifyWebhook(webhook.rawBody, webhook.signature);
    assert.match(event.id, /^evt_sim_[0-9a-f]{32}$/);
    assert.equal(event.type, 'checkout.session.completed');
    assert.equal(event.object.id, session.checkoutSessionId);
    assert.equal(event.object.client_reference_id, 'user-123');
    assert.equal(event.object.customer_email, 'creator@example.com');
    assert.equal(event.object.mode, 'subscription');
    assert.equal(event.object.payment_status, 'paid');
    assert.equal(payments.getCheckoutSession(session.checkoutSessionId)?.status, 'complete');

    // The Stripe adapter's verification (same secret) accepts it too: one webhook code path.
    const stripe = createStripePayments({ secretKey: 'sk_test_unused', webhookSecret });
    assert.equal(stripe.verifyWebhook(webhook.rawBody, webhook.signature).id, event.id);

    // Completing again is a redelivery of the same event.
    const again = payments.completeCheckout(session.checkoutSessionId);
    assert.equal(payments.verifyWebhook(again.rawBody, again.signature).id, event.id);
  });

  test('a tampered body, a wrong secret, a missing header and a stale timestamp are rejected', async () => {
    const payments = createSimulatedPayments({ webhookSecret, publicUrl: 'http://localhost:3000' });
    const session = await payments.createCheckoutSession(request);
    assertRejectsForgeries(payments, payments.completeCheckout(session.checkoutSessionId).rawBody);
  });

  test('a cancelled checkout returns the cancel URL and cannot be completed; unknown sessions are refused', async () => {
    const payments = createSimulatedPayments({ webhookSecret, publicUrl: 'http://localhost:3000' });
    const session = await payments.createCheckoutSession(request);
    assert.deepEqual(payments.cancelCheckout(session.checkoutSessionId), { cancelUrl: request.cancelUrl });
    assert.equal(payments.getCheckoutSession(session.checkoutSessionId)?.status, 'cancelled');
    assert.throws(() => payments.completeCheckout(session.checkoutSessionId), /cancelled/);
    assert.throws(() => payments.completeCheckout('cs_sim_unknown'), UnknownCheckoutSession);
    assert.equal(payments.getCheckoutSession('cs_sim_unknown'), undefined);
  });
});

describe('simulated payments: subscription, portal, invoices and refunds', () => {
  const portalRequest = (customerId: string) => ({ userId: 'user-123', customerId, returnUrl: 'http://localhost:3000/app' });

  test('a paid checkout also yields the subscription and its paid invoice, signed, with a receipt', async () => {
    const payments = createSimulatedPayments({ webhookSecret, publicUrl: 'http://localhost:3000' });
    const session = await payments.createCheckoutSession(request);
    const webhook = payments.completeCheckout(session.checkoutSessionId);
    const [created, paid] = webhook.followUps.map((followUp) => payments.verifyWebhook(followUp.rawBody, followUp.signature));
    assert.equal(created?.type, 'customer.subscription.created');
    assert.equal(created?.object.status, 'active');
    assert.equal(created?.object.cancel_at_period_end, false);
    assert.deepEqual(created?.object.metadata, { userId: 'user-123' });
    const periodEnd = ((created?.object.items as any).data[0].current_period_end as number) * 1000;
    assert.ok(periodEnd > Date.now() + 27 * 24 * 3600 * 1000 && periodEnd < Date.now() + 32 * 24 * 3600 * 1000, 'about a month ahead');
    assert.equal(paid?.type, 'invoice.paid');
    assert.equal(paid?.object.amount_paid, 1200);
    const checkout = payments.verifyWebhook(webhook.rawBody, webhook.signature);
    assert.equal(checkout.object.subscription, created?.object.id);
    assert.equal(checkout.object.invoice, paid?.object.id);
    // A redelivery repeats the same events.
    const again = payments.completeCheckout(session.checkoutSessionId);
    assert.deepEqual(again.followUps.map((followUp) => payments.verifyWebhook(followUp.rawBody, followUp.signature).id), [created?.id, paid?.id]);

    const customerId = String(checkout.object.customer);
    const invoices = await payments.listInvoices(customerId);
    assert.equal(invoices.length, 1);
    assert.equal(invoices[0]?.id, paid?.object.id);
    assert.match(invoices[0]?.receiptUrl ?? '', new RegExp(`^http://localhost:3000/simulated-portal/receipts/${customerId}/in_sim_`));
    assert.deepEqual(await payments.listInvoices('cus_someone_else'), []);
    assert.equal(payments.getInvoice('cus_someone_else', String(paid?.object.id)), undefined);
  });

  test('the portal cancels at the period end and resumes, each a signed subscription update', async () => {
    const payments = createSimulatedPayments({ webhookSecret, publicUrl: 'http://localhost:3000' });
    const session = await payments.createCheckoutSession(request);
    const paid = payments.completeCheckout(session.checkoutSessionId);
    const customerId = String(payments.verifyWebhook(paid.rawBody, paid.signature).object.customer);
    const { url } = await payments.createPortalSession(portalRequest(customerId));
    const portalId = url.split('/').at(-1)!;
    assert.match(url, /^http:\/\/localhost:3000\/simulated-portal\/bps_sim_[0-9a-f]{32}$/);
    assert.equal(payments.getPortalSession(portalId)?.subscription?.cancelAtPeriodEnd, false);
    const cancelled = payments.setCancelAtPeriodEnd(portalId, true);
    const event = payments.verifyWebhook(cancelled.rawBody, cancelled.signature);
    assert.equal(event.type, 'customer.subscription.updated');
    assert.equal(event.object.cancel_at_period_end, true);
    assert.equal(payments.getPortalSession(portalId)?.subscription?.cancelAtPeriodEnd, true);
    const resumed = payments.setCancelAtPeriodEnd(portalId, false);
    assert.equal(payments.verifyWebhook(resumed.rawBody, resumed.signature).object.cancel_at_period_end, false);
  });

  test('a refund is made once per key and cancels the subscription; the portal then has nothing to cancel', async () => {
    const payments = createSimulatedPayments({ webhookSecret, publicUrl: 'http://localhost:3000' });
    const session = await payments.createCheckoutSession(request);
    const webhook = payments.completeCheckout(session.checkoutSessionId);
    const checkout = payments.verifyWebhook(webhook.rawBody, webhook.signature);
    const refund = { paymentId: String(checkout.object.invoice), subscriptionId: String(checkout.object.subscription), idempotencyKey: 'refund-1' };
    const first = await payments.refundPayment(refund);
    assert.match(first.refundId, /^re_sim_/);
    assert.deepEqual(await payments.refundPayment(refund), first);
    const customerId = String(checkout.object.customer);
    assert.equal((await payments.listInvoices(customerId))[0]?.refunded, true);
    const { url } = await payments.createPortalSession(portalRequest(customerId));
    assert.equal(payments.getPortalSession(url.split('/').at(-1)!)?.subscription, undefined);
    assert.throws(() => payments.setCancelAtPeriodEnd(url.split('/').at(-1)!, true), UnknownSubscription);
  });

  test('after a restart, a portal session learns the subscription from our side', async () => {
    const payments = createSimulatedPayments({ webhookSecret, publicUrl: 'http://localhost:3000' });
    const subscription = { id: 'sub_sim_known', status: 'active', currentPeriodEnd: '2027-01-01T00:00:00.000Z', cancelAtPeriodEnd: false };
    const { url } = await payments.createPortalSession({ ...portalRequest('cus_sim_user-123'), subscription });
    const portalId = url.split('/').at(-1)!;
    const update = payments.setCancelAtPeriodEnd(portalId, true);
    const event = payments.verifyWebhook(update.rawBody, update.signature);
    assert.equal(event.object.id, 'sub_sim_known');
    assert.equal(event.object.cancel_at_period_end, true);
  });
});

describe('Stripe payments', () => {
  const payments = createStripePayments({ secretKey: 'sk_test_unused', webhookSecret });

  test('verifyWebhook accepts a header generated by Stripe for the raw body', () => {
    const event = payments.verifyWebhook(Buffer.from(stripeShapedEvent), sign(stripeShapedEvent));
    assert.deepEqual(event, {
      id: 'evt_test_1',
      type: 'checkout.session.completed',
      object: { id: 'cs_test_1', object: 'checkout.session', client_reference_id: 'user-123' },
    });
  });

  test('verifyWebhook rejects a tampered body, a wrong secret, a missing header and a stale timestamp', () => {
    assertRejectsForgeries(payments, Buffer.from(stripeShapedEvent));
  });

  const secretKey = process.env.STRIPE_SECRET_KEY;
  if (!secretKey) {
    console.log('skipped: set STRIPE_SECRET_KEY (a test-mode key) to create a real Stripe Checkout session');
  } else {
    test('createCheckoutSession creates a hosted subscription checkout in Stripe test mode', async () => {
      const live = createStripePayments({ secretKey, webhookSecret });
      const session = await live.createCheckoutSession(request);
      assert.match(session.checkoutSessionId, /^cs_test_/);
      assert.match(session.checkoutUrl, /^https:\/\/checkout\.stripe\.com\//);
      const stripe = new Stripe(secretKey);
      const stored = await stripe.checkout.sessions.retrieve(session.checkoutSessionId);
      assert.equal(stored.mode, 'subscription');
      assert.equal(stored.client_reference_id, request.userId);
      assert.equal(stored.metadata?.userId, request.userId);
      assert.equal(stored.amount_total, 1200);
      assert.equal(stored.currency, 'usd');
      await stripe.checkout.sessions.expire(session.checkoutSessionId);
    });
  }
});
