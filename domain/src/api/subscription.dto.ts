/**
 * The subscription answers, one shape for the server and the UI: the plan window's `GET /api/subscription`
 * and the admin's `GET /admin/subscriptions` (field meanings in backend/src/features/subscription/).
 */

/** One invoice of the account, with its receipt. */
export interface InvoiceDto {
  id: string;
  number: string | null;
  amount_cents: number;
  currency: string;
  status: string;
  paid_at: string | null;
  receipt_url: string | null;
  refunded: boolean;
}

/** `GET /api/subscription`: what applies to the signed-in account now. */
export interface SubscriptionDto {
  plan: 'free' | 'subscription' | 'promo' | 'lifetime';
  is_premium: boolean;
  premium_until: string | null;
  status: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  renews_on: string | null;
  cancels_on: string | null;
  can_manage: boolean;
  invoices: InvoiceDto[] | null;
}

/** One account's last Premium payment, as `GET /admin/subscriptions` lists it. */
export interface AdminPaymentDto {
  user_id: string;
  username: string;
  email: string;
  payment_id: string;
  amount_cents: number;
  currency: string;
  paid_at: string;
  /** Last moment of the 14-day money-back guarantee. */
  refundable_until: string;
  refundable: boolean;
  refunded_at: string | null;
  is_premium: boolean;
}
