import { z } from 'zod';
import { SubscriptionDtoSchema } from '@crossfeed/domain/api/subscription.dto.ts';
import { operations } from '../../api/openapi/operation.ts';
import { EmptyBody } from './subscription.routes.ts';

const CheckoutSessionSchema = z.object({
  checkout_session_id: z.string(),
  checkout_url: z.string().describe("The provider's hosted checkout page (the /checkout page navigates to it)."),
});

const PortalSessionSchema = z.object({ url: z.string().describe("The provider's portal for the caller's own customer.") });

/** What the provider posts: its event, read raw (the signature covers the bytes as sent). */
const PaymentEventBody = z
  .looseObject({
    id: z.string().describe("The provider's event id: a repeated delivery is answered as a duplicate, with no effect."),
    type: z.string().describe('checkout.session.completed, checkout.session.async_payment_succeeded, customer.subscription.created|updated|deleted, invoice.paid, invoice.payment_failed; others are recorded and ignored.'),
    data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
  })
  .describe("The payment provider's event (Stripe's shape).");

const WebhookOutcomeSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional().describe('The event was handled before: nothing was done again.'),
});

/** The simulated pages' forms carry the signed-in browser's session token when no bearer header is sent. */
const SimulatedForm = z.object({
  access_token: z.string().optional().describe('The session token of the account the session was made for (instead of a bearer header).'),
});

const PAGE = 'text/html';
const SIMULATED = 'Only with the simulated payment provider (no STRIPE_SECRET_KEY configured; never in production).';
const redirect = (description: string) => ({ description, headers: { Location: { description: 'Where the browser goes next.', schema: z.string() } } });

/** The operations of `subscription` (SPEC §7 Subscription) as the OpenAPI document describes them (issue 26). */
export const subscriptionOperations = operations([
  {
    method: 'post',
    route: '/api/subscription/create-checkout-session',
    operationId: 'createCheckoutSession',
    summary: 'Start a Premium checkout',
    description:
      "The body is empty. The browser then goes to the provider's hosted checkout (`checkout_url`). 409 for an account already Premium; 502 when the provider fails, 503 when payments are not configured.",
    tag: 'Subscription',
    access: 'session',
    body: EmptyBody,
    responses: { 200: { description: 'The checkout session.', schema: CheckoutSessionSchema } },
    errors: [400, 401, 403, 409, 502, 503],
  },
  {
    method: 'get',
    route: '/api/subscription',
    operationId: 'getSubscription',
    summary: "The caller's plan, subscription and invoices",
    description: 'What applies to the account now. The invoices come from the provider: null when it could not be asked.',
    tag: 'Subscription',
    access: 'session',
    responses: { 200: { description: 'The subscription.', schema: SubscriptionDtoSchema } },
    errors: [401, 403],
  },
  {
    method: 'post',
    route: '/api/subscription/portal-session',
    operationId: 'createPortalSession',
    summary: 'Open the subscription portal',
    description: "The body is empty. The provider's portal for the caller's own customer (cancel, resume, invoices); 409 without a running subscription.",
    tag: 'Subscription',
    access: 'session',
    body: EmptyBody,
    responses: { 200: { description: 'The portal session.', schema: PortalSessionSchema } },
    errors: [400, 401, 403, 409, 502, 503],
  },
  {
    method: 'post',
    route: '/api/subscription/webhook',
    operationId: 'receivePaymentWebhook',
    summary: "The payment provider's webhook",
    description:
      "Signed by the provider (`Stripe-Signature` over the raw body); a missing, forged or stale signature, or an event without id, type and data.object, is a 400 with no effect. Each event id acts once.",
    tag: 'Subscription',
    access: 'signed',
    body: PaymentEventBody,
    bodyEncoding: 'raw',
    responses: { 200: { description: 'The event was received.', schema: WebhookOutcomeSchema } },
    errors: [400, 413, 503],
  },
  {
    method: 'get',
    route: '/simulated-portal/receipts/:customerId/:invoiceId',
    operationId: 'getSimulatedReceipt',
    summary: 'A receipt of the simulated provider',
    description: `Named by customer and invoice ids (unguessable, like the provider's hosted invoice links). ${SIMULATED}`,
    tag: 'Simulated payments',
    access: 'public',
    responses: { 200: { description: 'The receipt page.', contentType: PAGE } },
    errors: [404],
  },
  {
    method: 'get',
    route: '/simulated-portal/:id',
    operationId: 'getSimulatedPortal',
    summary: 'The simulated subscription portal',
    description: SIMULATED,
    tag: 'Simulated payments',
    access: 'public',
    responses: { 200: { description: 'The portal page.', contentType: PAGE } },
    errors: [404],
  },
  {
    method: 'post',
    route: '/simulated-portal/:id/cancel',
    operationId: 'cancelSimulatedSubscription',
    summary: 'Cancel the subscription at its period end (simulated portal)',
    description: `The account the portal session was made for only (its bearer token or the form's \`access_token\`). Delivers the signed subscription update through the webhook handler, then back to the portal. ${SIMULATED}`,
    tag: 'Simulated payments',
    access: 'session',
    body: SimulatedForm,
    bodyEncoding: 'form',
    responses: { 303: redirect('Back to the portal page.') },
    errors: [401, 403, 404, 409],
  },
  {
    method: 'post',
    route: '/simulated-portal/:id/resume',
    operationId: 'resumeSimulatedSubscription',
    summary: 'Resume a subscription set to cancel (simulated portal)',
    description: `The account the portal session was made for only (its bearer token or the form's \`access_token\`). ${SIMULATED}`,
    tag: 'Simulated payments',
    access: 'session',
    body: SimulatedForm,
    bodyEncoding: 'form',
    responses: { 303: redirect('Back to the portal page.') },
    errors: [401, 403, 404, 409],
  },
  {
    method: 'get',
    route: '/simulated-checkout/checkout.js',
    operationId: 'getSimulatedCheckoutScript',
    summary: "The simulated checkout page's script",
    description: SIMULATED,
    tag: 'Simulated payments',
    access: 'public',
    responses: { 200: { description: 'The script.', contentType: 'application/javascript' } },
    errors: [],
  },
  {
    method: 'get',
    route: '/simulated-checkout/:id',
    operationId: 'getSimulatedCheckout',
    summary: 'The simulated hosted checkout',
    description: SIMULATED,
    tag: 'Simulated payments',
    access: 'public',
    responses: { 200: { description: 'The checkout page.', contentType: PAGE } },
    errors: [404],
  },
  {
    method: 'post',
    route: '/simulated-checkout/:id/pay',
    operationId: 'paySimulatedCheckout',
    summary: 'Pay (simulated checkout)',
    description: `The account that started the checkout only (its bearer token or the form's \`access_token\`). Delivers the signed checkout, subscription and invoice events through the webhook handler, then redirects to the success page. ${SIMULATED}`,
    tag: 'Simulated payments',
    access: 'session',
    body: SimulatedForm,
    bodyEncoding: 'form',
    responses: { 303: redirect('The success page.') },
    errors: [401, 403, 404, 409],
  },
  {
    method: 'post',
    route: '/simulated-checkout/:id/cancel',
    operationId: 'cancelSimulatedCheckout',
    summary: 'Cancel (simulated checkout)',
    description: `The account that started the checkout only. Redirects to the cancel page. ${SIMULATED}`,
    tag: 'Simulated payments',
    access: 'session',
    body: SimulatedForm,
    bodyEncoding: 'form',
    responses: { 303: redirect('The cancel page.') },
    errors: [401, 403, 404],
  },
]);
