import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { paymentEventStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { execute } from '../../api/execute.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { unauthorizedChecks } from '../../testing/unauthorized-checks.ts';

const WEBHOOK_SECRET = 'whsec_subscription_test_secret';
const DAY = 24 * 60 * 60 * 1000;

let app: TestApp;
before(async () => {
  app = await startTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
});
after(() => app.close());

const expectUnauthorized = unauthorizedChecks(() => app);

let eventCounter = 0;
const stripeEvent = (type: string, object: Record<string, unknown>, id = `evt_test_${++eventCounter}_${process.pid}`) =>
  JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });

const postWebhook = (payload: string, signature: string | undefined, contentType = 'application/json; charset=utf-8') =>
  app.request('POST', '/api/subscription/webhook', {
    body: payload,
    headers: { 'content-type': contentType, ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
  });

const checkoutCompleted = (userId: string, sessionId = `cs_test_${++eventCounter}`) =>
  stripeEvent('checkout.session.completed', { id: sessionId, object: 'checkout.session', client_reference_id: userId });

const isPremium = async (token: string): Promise<boolean> => (await app.request('GET', '/auth/me', { token })).body.is_premium;
const premiumEvents = async (userId: string) =>
  (await app.ctx.eventStore.readStream(userStream(userId))).filter((event) => event.type === 'PremiumStarted' || event.type === 'PremiumEnded');

describe('POST /api/subscription/create-checkout-session', () => {
  test('creates a hosted checkout for the caller and answers its id and URL', async () => {
    const session = await app.register();
    const response = await app.request('POST', '/api/subscription/create-checkout-session', { token: session.token });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), ['checkout_session_id', 'checkout_url']);
    assert.match(response.body.checkout_session_id, /^cs_sim_[0-9a-f]{32}$/);
    assert.equal(response.body.checkout_url, `${app.ctx.config.PUBLIC_URL}/simulated-checkout/${response.body.checkout_session_id}`);
  });

  test('refuses a user who is already Premium (409)', async () => {
    const session = await app.register();
    await app.grantPremium(session.user.id);
    const response = await app.request('POST', '/api/subscription/create-checkout-session', { token: session.token });
    assert.equal(response.status, 409);
    assert.equal(response.body.detail, 'You are already a Premium user.');
  });

  test('lets a user whose promo Premium has run out subscribe', async () => {
    const session = await app.register();
    const now = new Date();
    await execute(app.ctx, userDecider, userStream(session.user.id), {
      type: 'StartPremium',
      data: { userId: session.user.id, source: 'promo', reference: 'PROMO-TEST1', now: now.toISOString(), endsAt: new Date(now.getTime() + DAY).toISOString() },
    });
    assert.equal((await app.request('POST', '/api/subscription/create-checkout-session', { token: session.token })).status, 409);
    app.setNow(new Date(now.getTime() + 2 * DAY).toISOString());
    try {
      const response = await app.request('POST', '/api/subscription/create-checkout-session', { token: session.token });
      assert.equal(response.status, 200, response.text);
    } finally {
      app.setNow(undefined);
    }
  });

  test('refuses a body with fields (the call takes none)', async () => {
    const session = await app.register();
    const response = await app.request('POST', '/api/subscription/create-checkout-session', {
      token: session.token,
      json: { price_cents: 1 },
    });
    assert.equal(response.status, 400);
    assert.equal(typeof response.body.detail, 'string');
  });

  test('answers 401 without a valid token', async () => {
    await expectUnauthorized('POST', '/api/subscription/create-checkout-session');
  });
});

describe('POST /api/subscription/webhook', () => {
  test('a valid signed checkout.session.completed makes the user Premium', async () => {
    const session = await app.register();
    const payload = checkoutCompleted(session.user.id, 'cs_test_valid');
    const response = await postWebhook(payload, sign(payload));
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { received: true });
    assert.equal(await isPremium(session.token), true);
    const events = await premiumEvents(session.user.id);
    assert.equal(events.length, 1);
    assert.deepEqual(
      { source: (events[0]!.data as any).source, reference: (events[0]!.data as any).reference, endsAt: (events[0]!.data as any).endsAt },
      { source: 'checkout', reference: 'cs_test_valid', endsAt: null },
    );
  });

  test('a replayed event is answered as a duplicate without effect', async () => {
    const session = await app.register();
    const id = `evt_replay_${process.pid}`;
    const cancelled = stripeEvent('customer.subscription.deleted', { id: 'sub_1', object: 'subscription', metadata: { userId: session.user.id } }, id);
    await app.grantPremium(session.user.id);
    assert.deepEqual((await postWebhook(cancelled, sign(cancelled))).body, { received: true });
    assert.equal(await isPremium(session.token), false);

    // Premium again; a redelivery of the cancellation must not end it.
    await app.grantPremium(session.user.id);
    const replay = await postWebhook(cancelled, sign(cancelled));
    assert.equal(replay.status, 200);
    assert.deepEqual(replay.body, { received: true, duplicate: true });
    assert.equal(await isPremium(session.token), true);
    assert.equal((await app.ctx.eventStore.readStream(paymentEventStream(id))).length, 1);
  });

  test('concurrent deliveries of one checkout start Premium once', async () => {
    const session = await app.register();
    const payload = checkoutCompleted(session.user.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(payload, sign(payload))));
    for (const answer of answers) assert.equal(answer.status, 200);
    assert.equal(answers.filter((answer) => !answer.body.duplicate).length, 1);
    assert.equal((await premiumEvents(session.user.id)).length, 1);
    assert.equal(await isPremium(session.token), true);
  });

  test('an unpaid completed session waits for its async payment to succeed', async () => {
    const session = await app.register();
    const object = { id: 'cs_test_async', object: 'checkout.session', client_reference_id: session.user.id, payment_status: 'unpaid' };
    const completed = stripeEvent('checkout.session.completed', object);
    assert.deepEqual((await postWebhook(completed, sign(completed))).body, { received: true });
    assert.equal(await isPremium(session.token), false);
    const succeeded = stripeEvent('checkout.session.async_payment_succeeded', { ...object, payment_status: 'paid' });
    assert.deepEqual((await postWebhook(succeeded, sign(succeeded))).body, { received: true });
    assert.equal(await isPremium(session.token), true);
  });

  test('invoice.payment_failed ends Premium for the user in the metadata', async () => {
    const session = await app.register();
    await app.grantPremium(session.user.id);
    const payload = stripeEvent('invoice.payment_failed', { id: 'in_1', object: 'invoice', subscription: 'sub_9', metadata: { userId: session.user.id } });
    assert.equal((await postWebhook(payload, sign(payload))).status, 200);
    assert.equal(await isPremium(session.token), false);
    const ended = (await premiumEvents(session.user.id)).at(-1);
    assert.equal(ended?.type, 'PremiumEnded');
    assert.equal((ended?.data as any).reason, 'payment_failed');
    assert.equal((ended?.data as any).reference, 'sub_9');
  });

  test('a tampered body, a wrong secret, a stale or missing signature are 400 with no effect', async () => {
    const session = await app.register();
    const payload = checkoutCompleted(session.user.id);
    const stale = Math.floor(Date.now() / 1000) - Stripe.webhooks.DEFAULT_TOLERANCE - 60;
    const forgeries: [string, string, string | undefined][] = [
      ['tampered body', payload.replace(session.user.id, `${session.user.id}x`), sign(payload)],
      ['wrong secret', payload, sign(payload, { secret: 'whsec_someone_else' })],
      ['stale timestamp', payload, sign(payload, { timestamp: stale })],
      ['missing signature', payload, undefined],
      ['garbage signature', payload, 'not-a-signature'],
    ];
    for (const [name, body, signature] of forgeries) {
      const response = await postWebhook(body, signature);
      assert.equal(response.status, 400, name);
      assert.equal(response.body.detail, 'Invalid webhook signature.', name);
    }
    assert.equal(await isPremium(session.token), false);
    assert.equal((await premiumEvents(session.user.id)).length, 0);
    const id = JSON.parse(payload).id as string;
    assert.equal((await app.ctx.eventStore.readStream(paymentEventStream(id))).length, 0);
  });

  test('verifies the raw bytes whatever the content type, and refuses an empty body', async () => {
    const session = await app.register();
    const payload = checkoutCompleted(session.user.id);
    assert.equal((await postWebhook(payload, sign(payload), 'text/plain')).status, 200);
    assert.equal(await isPremium(session.token), true);
    const empty = await postWebhook('', sign(''));
    assert.equal(empty.status, 400);
  });

  test('events for unknown users or of other types are acknowledged without effect', async () => {
    const unknownUser = checkoutCompleted('no-such-user');
    assert.deepEqual((await postWebhook(unknownUser, sign(unknownUser))).body, { received: true });
    const other = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });
    assert.deepEqual((await postWebhook(other, sign(other))).body, { received: true });
  });
});

describe('simulated checkout', () => {
  const pathOf = (url: string) => new URL(url).pathname;

  test('Pay runs the signed webhook, makes the user Premium and redirects to the success page', async () => {
    const session = await app.register();
    const created = (await app.request('POST', '/api/subscription/create-checkout-session', { token: session.token })).body;
    const page = await app.request('GET', pathOf(created.checkout_url));
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.match(page.text, /Crossfeed test checkout/);
    assert.match(page.text, /\$12 USD\/month/);
    assert.match(page.text, new RegExp(`action="/simulated-checkout/${created.checkout_session_id}/pay"`));
    assert.match(page.text, new RegExp(`action="/simulated-checkout/${created.checkout_session_id}/cancel"`));
    // No inline script (CSP): the page's one script is our own file.
    assert.doesNotMatch(page.text, /<script(?![^>]*\bsrc="\/simulated-checkout\/checkout\.js")/i);
    assert.doesNotMatch(page.text, new RegExp(session.user.email), 'the page names no account');

    const paid = await app.request('POST', `/simulated-checkout/${created.checkout_session_id}/pay`, { token: session.token });
    assert.equal(paid.status, 303);
    assert.equal(paid.headers.get('location'), `${app.ctx.config.PUBLIC_URL}/success?session_id=${created.checkout_session_id}`);
    assert.equal(await isPremium(session.token), true);
    const started = await premiumEvents(session.user.id);
    assert.equal(started.length, 1);
    assert.equal((started[0]!.data as any).reference, created.checkout_session_id);

    // Paying again (a double submit) is a redelivery: still one Premium start.
    assert.equal((await app.request('POST', `/simulated-checkout/${created.checkout_session_id}/pay`, { token: session.token })).status, 303);
    assert.equal((await premiumEvents(session.user.id)).length, 1);
    assert.match((await app.request('GET', pathOf(created.checkout_url))).text, /already paid/);
  });

  test('Cancel redirects to the cancel page and the session can no longer be paid', async () => {
    const session = await app.register();
    const created = (await app.request('POST', '/api/subscription/create-checkout-session', { token: session.token })).body;
    const cancelled = await app.request('POST', `/simulated-checkout/${created.checkout_session_id}/cancel`, { token: session.token });
    assert.equal(cancelled.status, 303);
    assert.equal(cancelled.headers.get('location'), `${app.ctx.config.PUBLIC_URL}/cancel`);
    const pay = await app.request('POST', `/simulated-checkout/${created.checkout_session_id}/pay`, { token: session.token });
    assert.equal(pay.status, 409);
    assert.equal(await isPremium(session.token), false);
  });

  test("paying needs the checkout's own account: no token 401, another account 403; the form's token works", async () => {
    const session = await app.register();
    const stranger = await app.register();
    const created = (await app.request('POST', '/api/subscription/create-checkout-session', { token: session.token })).body;
    const pay = `/simulated-checkout/${created.checkout_session_id}/pay`;
    const anonymous = await app.request('POST', pay);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.detail, 'Sign in as the account that started this checkout, then try again.');
    const other = await app.request('POST', pay, { token: stranger.token });
    assert.equal(other.status, 403);
    assert.equal(other.body.detail, 'This checkout belongs to another account.');
    assert.equal((await app.request('POST', pay, { form: { access_token: 'not-a-token' } })).status, 401);
    assert.equal((await app.request('POST', `/simulated-checkout/${created.checkout_session_id}/cancel`, { token: stranger.token })).status, 403);
    assert.equal(await isPremium(session.token), false);
    assert.equal(await isPremium(stranger.token), false);

    // The page's script puts the signed-in browser's token in the form, as a browser submits it.
    const script = await app.request('GET', '/simulated-checkout/checkout.js');
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    assert.match(script.text, /localStorage\.getItem\('token'\)/);
    const paid = await app.request('POST', pay, { form: { access_token: session.token } });
    assert.equal(paid.status, 303);
    assert.equal(await isPremium(session.token), true);
  });

  test('an unknown session is 404', async () => {
    assert.equal((await app.request('GET', '/simulated-checkout/cs_sim_nope')).status, 404);
    assert.equal((await app.request('POST', '/simulated-checkout/cs_sim_nope/pay')).status, 404);
    assert.equal((await app.request('POST', '/simulated-checkout/cs_sim_nope/cancel')).status, 404);
  });
});

describe('signed but malformed webhook events (finding 9)', () => {
  test('data.object null or missing, a JSON array, a body that is not JSON: 400 with a detail, nothing recorded', async () => {
    const session = await app.register();
    const id = `evt_malformed_${process.pid}`;
    const bodies: [string, string][] = [
      ['data.object null', JSON.stringify({ id, object: 'event', type: 'checkout.session.completed', data: { object: null } })],
      ['data.object missing', JSON.stringify({ id, object: 'event', type: 'checkout.session.completed', data: {} })],
      ['data missing', JSON.stringify({ id, object: 'event', type: 'checkout.session.completed' })],
      ['a JSON array', JSON.stringify([{ id, type: 'checkout.session.completed', data: { object: { client_reference_id: session.user.id } } }])],
      ['an array as data.object', JSON.stringify({ id, object: 'event', type: 'checkout.session.completed', data: { object: [] } })],
      ['no id', JSON.stringify({ object: 'event', type: 'checkout.session.completed', data: { object: { client_reference_id: session.user.id } } })],
      // Sent as text, so the raw bytes reach the webhook (a JSON content type is refused by the body parser).
      ['not JSON', 'not json at all'],
      ['a JSON string', JSON.stringify('hello')],
    ];
    for (const [name, body] of bodies) {
      const response = await postWebhook(body, sign(body), 'text/plain');
      assert.equal(response.status, 400, name);
      assert.match(response.body.detail, /^Malformed webhook event/, name);
    }
    assert.equal((await app.ctx.eventStore.readStream(paymentEventStream(id))).length, 0);
    assert.equal((await premiumEvents(session.user.id)).length, 0);
  });

  test('a signature timestamped more than 5 minutes in the future is refused', async () => {
    const session = await app.register();
    const payload = checkoutCompleted(session.user.id);
    const future = Math.floor(Date.now() / 1000) + Stripe.webhooks.DEFAULT_TOLERANCE + 60;
    const response = await postWebhook(payload, sign(payload, { timestamp: future }));
    assert.equal(response.status, 400);
    assert.equal(response.body.detail, 'Invalid webhook signature.');
    assert.equal(await isPremium(session.token), false);
    // A little clock skew is fine.
    const soon = Math.floor(Date.now() / 1000) + 60;
    assert.equal((await postWebhook(payload, sign(payload, { timestamp: soon }))).status, 200);
  });
});

describe('production without Stripe keys (finding 4)', () => {
  let production: TestApp;
  before(async () => {
    production = await startTestApp({ NODE_ENV: 'production', MAIL_POSTAL_ADDRESS: 'Crossfeed, 1 Example Street, Springfield' });
  });
  after(() => production.close());

  test('upgrading answers 503 with a detail, and the simulated checkout does not exist', async () => {
    const session = await production.register();
    const response = await production.request('POST', '/api/subscription/create-checkout-session', { token: session.token });
    assert.equal(response.status, 503);
    assert.match(response.body.detail, /payments are not set up on this server/);
    for (const [method, path] of [
      ['GET', '/simulated-checkout/cs_sim_0123'],
      ['POST', '/simulated-checkout/cs_sim_0123/pay'],
      ['POST', '/simulated-checkout/cs_sim_0123/cancel'],
      ['GET', '/simulated-checkout/checkout.js'],
      ['GET', '/simulated-portal/bps_sim_0123'],
      ['POST', '/simulated-portal/bps_sim_0123/cancel'],
      ['GET', '/simulated-portal/receipts/cus_sim_1/in_sim_1'],
    ] as const) {
      const answer = await production.request(method, path, { token: session.token });
      assert.equal(answer.status, 404, `${method} ${path}`);
    }
    const payload = checkoutCompleted(session.user.id);
    const webhook = await production.request('POST', '/api/subscription/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
    });
    assert.equal(webhook.status, 503);
    assert.equal((await production.request('GET', '/auth/me', { token: session.token })).body.is_premium, false);
    // Nobody has a subscription to manage, and a refund cannot reach a provider.
    assert.equal((await production.request('POST', '/api/subscription/portal-session', { token: session.token })).status, 409);
    assert.equal((await production.request('GET', '/api/subscription', { token: session.token })).body.plan, 'free');
  });
});

describe('a subscription somebody can cancel (issue 23, finding 8)', () => {
  const pathOf = (url: string) => new URL(url).pathname;
  const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

  /** A user who paid through the simulated checkout, as a browser does. */
  async function subscriber() {
    const session = await app.register();
    const created = (await app.request('POST', '/api/subscription/create-checkout-session', { token: session.token })).body;
    const paid = await app.request('POST', `/simulated-checkout/${created.checkout_session_id}/pay`, { token: session.token });
    assert.equal(paid.status, 303);
    return session;
  }
  const portalOf = async (token: string) => {
    const response = await app.request('POST', '/api/subscription/portal-session', { token });
    assert.equal(response.status, 200, response.text);
    return pathOf(response.body.url);
  };

  test('after paying, the subscription shows its renewal date, an invoice with a receipt, and can be managed', async () => {
    const session = await subscriber();
    const response = await app.request('GET', '/api/subscription', { token: session.token });
    assert.equal(response.status, 200, response.text);
    const sub = response.body;
    assert.equal(sub.plan, 'subscription');
    assert.equal(sub.is_premium, true);
    assert.equal(sub.status, 'active');
    assert.equal(sub.cancel_at_period_end, false);
    assert.equal(sub.cancels_on, null);
    assert.equal(sub.can_manage, true);
    const periodEnd = Date.parse(sub.current_period_end);
    assert.ok(periodEnd > Date.now() + 27 * DAY && periodEnd < Date.now() + 32 * DAY, 'a month ahead');
    assert.equal(sub.renews_on, sub.current_period_end);
    assert.equal(sub.invoices.length, 1);
    assert.equal(sub.invoices[0].amount_cents, 1200);
    assert.equal(sub.invoices[0].status, 'paid');
    assert.equal(sub.invoices[0].refunded, false);
    const receipt = await app.request('GET', pathOf(sub.invoices[0].receipt_url));
    assert.equal(receipt.status, 200);
    assert.match(receipt.text, /\$12 USD/);
    // Another customer's path to the same invoice finds nothing.
    const other = sub.invoices[0].receipt_url.replace(/cus_sim_[^/]+/, 'cus_sim_someone');
    assert.equal((await app.request('GET', pathOf(other))).status, 404);
  });

  test('cancelling in the simulated portal keeps Premium until the period end and shows "Cancels on"; resuming undoes it', async () => {
    const session = await subscriber();
    const before = (await app.request('GET', '/api/subscription', { token: session.token })).body;
    const portal = await portalOf(session.token);
    assert.match(portal, /^\/simulated-portal\/bps_sim_[0-9a-f]{32}$/);
    const page = await app.request('GET', portal);
    assert.equal(page.status, 200);
    assert.match(page.text, new RegExp(`Renews on ${dateText(before.current_period_end)}`));
    assert.match(page.text, new RegExp(`action="${portal}/cancel"`));
    assert.doesNotMatch(page.text, /<script(?![^>]*\bsrc="\/simulated-checkout\/checkout\.js")/i);

    const cancelled = await app.request('POST', `${portal}/cancel`, { form: { access_token: session.token } });
    assert.equal(cancelled.status, 303);
    assert.equal(cancelled.headers.get('location'), portal);
    assert.match((await app.request('GET', portal)).text, new RegExp(`Cancels on ${dateText(before.current_period_end)}`));
    const after = (await app.request('GET', '/api/subscription', { token: session.token })).body;
    assert.equal(after.cancel_at_period_end, true);
    assert.equal(after.cancels_on, before.current_period_end);
    assert.equal(after.renews_on, null);
    assert.equal(after.is_premium, true);
    assert.equal(after.premium_until, before.current_period_end);
    const me = (await app.request('GET', '/auth/me', { token: session.token })).body;
    assert.equal(me.is_premium, true);
    assert.equal(me.premium_until, before.current_period_end);

    // Past the period end the account is Free (and may subscribe again).
    app.setNow(new Date(Date.parse(before.current_period_end) + 60_000).toISOString());
    try {
      assert.equal((await app.request('GET', '/api/subscription', { token: session.token })).body.is_premium, false);
      assert.equal((await app.request('POST', '/api/subscription/create-checkout-session', { token: session.token })).status, 200);
    } finally {
      app.setNow(undefined);
    }

    assert.equal((await app.request('POST', `${portal}/resume`, { token: session.token })).status, 303);
    const resumed = (await app.request('GET', '/api/subscription', { token: session.token })).body;
    assert.equal(resumed.cancels_on, null);
    assert.equal(resumed.renews_on, before.current_period_end);
    assert.equal(resumed.premium_until, null);
  });

  test("nobody can act on another account's subscription: no token 401, another account 403, nothing changes", async () => {
    const session = await subscriber();
    const stranger = await subscriber();
    const portal = await portalOf(session.token);
    const anonymous = await app.request('POST', `${portal}/cancel`);
    assert.equal(anonymous.status, 401);
    assert.equal(typeof anonymous.body.detail, 'string');
    const other = await app.request('POST', `${portal}/cancel`, { token: stranger.token });
    assert.equal(other.status, 403);
    assert.equal(other.body.detail, 'This subscription belongs to another account.');
    assert.equal((await app.request('POST', `${portal}/cancel`, { form: { access_token: 'not-a-token' } })).status, 401);
    assert.equal((await app.request('GET', '/api/subscription', { token: session.token })).body.cancel_at_period_end, false);
    assert.equal((await app.request('POST', '/simulated-portal/bps_sim_nope/cancel', { token: session.token })).status, 404);
    assert.equal((await app.request('GET', '/simulated-portal/bps_sim_nope')).status, 404);
  });

  test('no subscription to manage: Free, promo and granted Premium get 409; bad input 400; no token 401', async () => {
    const free = await app.register();
    const answer = await app.request('POST', '/api/subscription/portal-session', { token: free.token });
    assert.equal(answer.status, 409);
    assert.equal(answer.body.detail, 'You have no subscription to manage.');
    const granted = await app.register();
    await app.grantPremium(granted.user.id);
    assert.equal((await app.request('POST', '/api/subscription/portal-session', { token: granted.token })).status, 409);
    const view = (await app.request('GET', '/api/subscription', { token: granted.token })).body;
    assert.deepEqual(
      { plan: view.plan, is_premium: view.is_premium, can_manage: view.can_manage, invoices: view.invoices, renews_on: view.renews_on },
      { plan: 'promo', is_premium: true, can_manage: false, invoices: [], renews_on: null },
    );
    assert.equal((await app.request('GET', '/api/subscription', { token: free.token })).body.plan, 'free');
    const withFields = await app.request('POST', '/api/subscription/portal-session', { token: free.token, json: { customer: 'cus_x' } });
    assert.equal(withFields.status, 400);
    assert.equal(typeof withFields.body.detail, 'string');
    await expectUnauthorized('POST', '/api/subscription/portal-session');
    await expectUnauthorized('GET', '/api/subscription');
  });

  test('Stripe-shaped subscription webhooks: cancel at period end, a redelivery, a late older update, then deletion now', async () => {
    const session = await app.register();
    await app.grantPremium(session.user.id);
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 24 * 3600;
    const subscription = (over: Record<string, unknown>) => ({
      id: 'sub_stripe_1',
      object: 'subscription',
      customer: 'cus_stripe_1',
      status: 'active',
      cancel_at_period_end: false,
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: periodEnd }] },
      metadata: { userId: session.user.id },
      ...over,
    });
    const at = (offset: number, type: string, object: Record<string, unknown>) =>
      JSON.stringify({ ...JSON.parse(stripeEvent(type, object)), created: Math.floor(Date.now() / 1000) + offset });
    const created = at(-30, 'customer.subscription.created', subscription({}));
    const cancelling = at(-10, 'customer.subscription.updated', subscription({ cancel_at_period_end: true }));
    const stale = at(-20, 'customer.subscription.updated', subscription({ cancel_at_period_end: false }));
    for (const payload of [created, cancelling]) assert.deepEqual((await postWebhook(payload, sign(payload))).body, { received: true });
    const end = new Date(periodEnd * 1000).toISOString();
    const expectCancelling = async () => {
      const view = (await app.request('GET', '/api/subscription', { token: session.token })).body;
      assert.deepEqual({ cancels_on: view.cancels_on, premium_until: view.premium_until }, { cancels_on: end, premium_until: end });
    };
    await expectCancelling();
    assert.deepEqual((await postWebhook(cancelling, sign(cancelling))).body, { received: true, duplicate: true });
    assert.deepEqual((await postWebhook(stale, sign(stale))).body, { received: true });
    await expectCancelling();

    const deleted = at(0, 'customer.subscription.deleted', subscription({ status: 'canceled', cancel_at_period_end: true }));
    assert.deepEqual((await postWebhook(deleted, sign(deleted))).body, { received: true });
    assert.equal(await isPremium(session.token), false);
    const ended = (await premiumEvents(session.user.id)).at(-1);
    assert.deepEqual([ended?.type, (ended?.data as any).reason], ['PremiumEnded', 'cancelled']);
  });
});

describe('admin refunds under the 14-day money-back guarantee (issue 23, finding 8)', () => {
  let admin: Awaited<ReturnType<TestApp['registerAdmin']>>;
  before(async () => {
    admin = await app.registerAdmin();
  });

  async function subscriber() {
    const session = await app.register();
    const created = (await app.request('POST', '/api/subscription/create-checkout-session', { token: session.token })).body;
    assert.equal((await app.request('POST', `/simulated-checkout/${created.checkout_session_id}/pay`, { token: session.token })).status, 303);
    return session;
  }
  const refundPath = (userId: string) => `/admin/subscriptions/${encodeURIComponent(userId)}/refund`;

  test('an admin refunds a recent payment: Premium ends now, the refund is recorded, the invoice shows it, and it cannot happen twice', async () => {
    const session = await subscriber();
    const listed = await app.request('GET', '/admin/subscriptions?refundable=true', { token: admin.token });
    assert.equal(listed.status, 200, listed.text);
    const entry = listed.body.payments.find((payment: any) => payment.user_id === session.user.id);
    assert.equal(entry?.amount_cents, 1200);
    assert.equal(entry?.refundable, true);
    assert.equal(entry?.username, session.user.username);

    const refunded = await app.request('POST', refundPath(session.user.id), { token: admin.token });
    assert.equal(refunded.status, 200, refunded.text);
    assert.equal(refunded.body.refunded, true);
    assert.match(refunded.body.refund_id, /^re_sim_/);
    assert.equal(refunded.body.payment_id, entry.payment_id);
    assert.equal(await isPremium(session.token), false);
    const events = (await app.ctx.eventStore.readStream(userStream(session.user.id))).map((event) => event.type);
    assert.deepEqual(events.slice(-3), ['PremiumRefunded', 'SubscriptionUpdated', 'PremiumEnded']);
    const view = (await app.request('GET', '/api/subscription', { token: session.token })).body;
    assert.equal(view.plan, 'free');
    assert.equal(view.status, 'canceled');
    assert.equal(view.can_manage, false);
    assert.equal(view.invoices[0].refunded, true);

    const again = await app.request('POST', refundPath(session.user.id), { token: admin.token });
    assert.equal(again.status, 409);
    assert.equal(again.body.detail, 'This Premium payment was already refunded.');
    const after = (await app.request('GET', '/admin/subscriptions?refundable=true', { token: admin.token })).body.payments;
    assert.equal(after.some((payment: any) => payment.user_id === session.user.id), false);
    const all = (await app.request('GET', '/admin/subscriptions', { token: admin.token })).body.payments;
    assert.ok(all.find((payment: any) => payment.user_id === session.user.id)?.refunded_at);
  });

  test('after 14 days the refund is refused with a clear 409 and Premium stays', async () => {
    const session = await subscriber();
    app.setNow(new Date(Date.now() + 15 * DAY).toISOString());
    try {
      const response = await app.request('POST', refundPath(session.user.id), { token: admin.token });
      assert.equal(response.status, 409);
      assert.match(response.body.detail, /^The 14-day money-back guarantee for this payment ended on \d{4}-\d{2}-\d{2}\.$/);
      const listed = (await app.request('GET', '/admin/subscriptions?refundable=true', { token: admin.token })).body.payments;
      assert.equal(listed.some((payment: any) => payment.user_id === session.user.id), false);
    } finally {
      app.setNow(undefined);
    }
    assert.equal(await isPremium(session.token), true);
  });

  test('admins only; unknown account 404; no payment 409; bad input 400', async () => {
    const session = await subscriber();
    const member = await app.register();
    const forbidden = await app.request('POST', refundPath(session.user.id), { token: member.token });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.detail, 'Access denied. Admins only.');
    // Not even one's own payment.
    assert.equal((await app.request('POST', refundPath(session.user.id), { token: session.token })).status, 403);
    assert.equal((await app.request('GET', '/admin/subscriptions', { token: member.token })).status, 403);
    await expectUnauthorized('POST', refundPath(session.user.id));
    await expectUnauthorized('GET', '/admin/subscriptions');
    assert.equal(await isPremium(session.token), true);

    const unknown = await app.request('POST', refundPath('no-such-user'), { token: admin.token });
    assert.equal(unknown.status, 404);
    assert.equal(typeof unknown.body.detail, 'string');
    const none = await app.request('POST', refundPath(member.user.id), { token: admin.token });
    assert.equal(none.status, 409);
    assert.equal(none.body.detail, 'This account has no Premium payment to refund.');
    const badQuery = await app.request('GET', '/admin/subscriptions?refundable=maybe', { token: admin.token });
    assert.equal(badQuery.status, 400);
    assert.equal(typeof badQuery.body.detail, 'string');
    const body = await app.request('POST', refundPath(session.user.id), { token: admin.token, json: { amount_cents: 99999 } });
    assert.equal(body.status, 400);
    assert.equal(await isPremium(session.token), true);
  });
});
