import { api } from '@/lib/api-client';

export type InvoiceDto = {
  id: string;
  number: string | null;
  amount_cents: number;
  currency: string;
  status: string;
  paid_at: string | null;
  receipt_url: string | null;
  refunded: boolean;
};

/**
 * GET /api/subscription: what applies to the signed-in account now (field meanings in
 * backend/src/features/subscription/subscription.routes.ts).
 */
export type SubscriptionDto = {
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
};

export function getSubscription(): Promise<SubscriptionDto> {
  return api.get<SubscriptionDto>('/api/subscription');
}
