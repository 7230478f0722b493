/**
 * Production without Stripe keys: nobody can upgrade, and nothing pretends to take a payment. The simulated
 * checkout is for the embedded, non-production start only; in production a missing STRIPE_SECRET_KEY
 * makes checkout answer 503 and the simulated endpoints do not exist.
 */
import type { Payments } from './payments.port.ts';

export class PaymentsUnavailable extends Error {
  override readonly name = 'PaymentsUnavailable';
}

export const PAYMENTS_UNAVAILABLE = 'Upgrading is not available right now: payments are not set up on this server. Please try again later.';

export function createUnavailablePayments(): Payments {
  return {
    async createCheckoutSession() {
      throw new PaymentsUnavailable(PAYMENTS_UNAVAILABLE);
    },
    async createPortalSession() {
      throw new PaymentsUnavailable(PAYMENTS_UNAVAILABLE);
    },
    async listInvoices() {
      throw new PaymentsUnavailable(PAYMENTS_UNAVAILABLE);
    },
    async refundPayment() {
      throw new PaymentsUnavailable(PAYMENTS_UNAVAILABLE);
    },
    verifyWebhook() {
      throw new PaymentsUnavailable(PAYMENTS_UNAVAILABLE);
    },
  };
}
