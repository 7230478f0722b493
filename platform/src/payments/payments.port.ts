/**
 * The Payments port: Stripe Checkout + signed webhooks in production; in embedded mode a simulated hosted
 * checkout page served by the backend that, when "paid", posts a correctly signed webhook to ourselves.
 */

export interface CheckoutRequest {
  userId: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  checkoutSessionId: string;
  checkoutUrl: string;
}

/** The subset of provider events the product reacts to, already verified. */
export interface PaymentEvent {
  /** Provider event id: the idempotency key. */
  id: string;
  type: string;
  /** The provider's event object (`data.object`). */
  object: Record<string, unknown>;
}

export interface Payments {
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies the signature header over the raw body and returns the event; throws
   * `InvalidWebhookSignature` when the signature is missing, wrong or older than the tolerance.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}

export class InvalidWebhookSignature extends Error {
  override readonly name = 'InvalidWebhookSignature';
}

/** A correctly signed webhook whose body is not an event the product can read (no object, an array...). */
export class MalformedWebhookEvent extends Error {
  override readonly name = 'MalformedWebhookEvent';
}
