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
  /** When the provider created the event (ISO), when it says so: orders updates of one object. */
  createdAt?: string;
}

/** The subscription as our side last recorded it (the simulated adapter picks it up after a restart). */
export interface KnownSubscription {
  id: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export interface PortalRequest {
  userId: string;
  /** The provider's customer (from the subscription's webhooks). */
  customerId: string;
  /** Where the portal's "return" link leads. */
  returnUrl: string;
  subscription?: KnownSubscription;
}

/** A provider invoice and where its receipt is. */
export interface PaymentInvoice {
  id: string;
  number: string | null;
  amountCents: number;
  currency: string;
  status: string;
  paidAt: string | null;
  /** The provider's hosted invoice / receipt page. */
  receiptUrl: string | null;
  /** Known refunded (the simulated provider says so; Stripe's invoice list does not). */
  refunded?: boolean;
}

export interface RefundRequest {
  /** The paid invoice to refund (our `paymentId`). */
  paymentId: string;
  /** Subscription to cancel at once with the refund (the money-back guarantee ends Premium). */
  subscriptionId: string | null;
  /** Same key, same refund: a retried refund never pays back twice. */
  idempotencyKey: string;
}

export interface Refund {
  refundId: string;
}

export interface Payments {
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The provider's self-service portal for the customer (cancel at period end, resume, invoices). */
  createPortalSession(request: PortalRequest): Promise<{ url: string }>;
  /** The customer's recent invoices, newest first. */
  listInvoices(customerId: string): Promise<PaymentInvoice[]>;
  /** Refunds a paid invoice in full and cancels its subscription now. */
  refundPayment(request: RefundRequest): Promise<Refund>;
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
