import { api } from '@/lib/api-client';

export type RefundResponse = { refunded: true; refund_id: string; payment_id: string; amount_cents: number; currency: string };

/** POST /admin/subscriptions/{userId}/refund (admins): refunds the account's last payment and ends its Premium. */
export function refundPayment(userId: string): Promise<RefundResponse> {
  return api.post<RefundResponse>(`/admin/subscriptions/${encodeURIComponent(userId)}/refund`, {});
}
