import { api } from '@/lib/api-client';
import type { AdminPaymentDto } from '@crossfeed/domain/api/subscription.dto.ts';

export type { AdminPaymentDto } from '@crossfeed/domain/api/subscription.dto.ts';

/** GET /admin/subscriptions (admins): recent Premium payments, newest first; `refundable` keeps those refundable now. */
export function getAdminPayments(refundableOnly: boolean, signal?: AbortSignal): Promise<{ payments: AdminPaymentDto[] }> {
  return api.get<{ payments: AdminPaymentDto[] }>('/admin/subscriptions', {
    query: refundableOnly ? { refundable: 'true' } : {},
    signal,
  });
}
