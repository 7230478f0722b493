import { api } from '@/lib/api-client';
import type { SubscriptionDto } from '@crossfeed/domain/api/subscription.dto.ts';

export type { InvoiceDto, SubscriptionDto } from '@crossfeed/domain/api/subscription.dto.ts';

/** GET /api/subscription: what applies to the signed-in account now. */
export function getSubscription(): Promise<SubscriptionDto> {
  return api.get<SubscriptionDto>('/api/subscription');
}
