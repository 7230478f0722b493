import { api } from '@/lib/api-client';

/** One account's last Premium payment, as GET /admin/subscriptions lists it. */
export type AdminPaymentDto = {
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
};

/** GET /admin/subscriptions (admins): recent Premium payments, newest first; `refundable` keeps those refundable now. */
export function getAdminPayments(refundableOnly: boolean, signal?: AbortSignal): Promise<{ payments: AdminPaymentDto[] }> {
  return api.get<{ payments: AdminPaymentDto[] }>('/admin/subscriptions', {
    query: refundableOnly ? { refundable: 'true' } : {},
    signal,
  });
}
