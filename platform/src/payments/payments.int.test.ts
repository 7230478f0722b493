import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { InvalidWebhookSignature } from './payments.port.ts';
import type { Payments } from './payments.port.ts';
import { createSimulatedPayments, UnknownCheckoutSession } from './simulated-payments.ts';
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
