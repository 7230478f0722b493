import { isLiveSubscription, isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import type { PaymentInvoice } from '@crossfeed/platform/payments/payments.port.ts';
import type { UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { InvoiceDto, SubscriptionDto } from '@crossfeed/domain/api/subscription.dto.ts';

/** "December 21, 2026" (UTC), as the plan window and the simulated portal write a billing date. */
export const formatBillingDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Whether the account has a running provider subscription the portal can manage. */
export const hasManageableSubscription = (user: UserDoc): boolean =>
  Boolean(user.subscription?.customer_id) && isLiveSubscription(user.subscription?.status ?? '');

export function toInvoiceDto(invoice: PaymentInvoice, refundedPaymentId: string | null): InvoiceDto {
  return {
    id: invoice.id,
    number: invoice.number,
    amount_cents: invoice.amountCents,
    currency: invoice.currency,
    status: invoice.status,
    paid_at: invoice.paidAt,
    receipt_url: invoice.receiptUrl,
    refunded: invoice.refunded === true || invoice.id === refundedPaymentId,
  };
}

/**
 * What applies to the account now: a running subscription (renews, or cancels at its period end), a
 * time-limited or admin Premium (promo), lifetime Premium, or Free.
 */
export function subscriptionView(user: UserDoc, now: string, invoices: PaymentInvoice[] | null): SubscriptionDto {
  const premium = isPremiumActive(user, now);
  const sub = user.subscription;
  const live = premium && sub !== undefined && isLiveSubscription(sub.status);
  const plan = user.premium_lifetime ? 'lifetime' : live ? 'subscription' : premium ? 'promo' : 'free';
  const periodEnd = sub?.current_period_end ?? null;
  const refunded = user.last_payment?.refunded_at ? user.last_payment.id : null;
  return {
    plan,
    is_premium: premium,
    premium_until: premium && !user.premium_lifetime ? user.premium_until : null,
    status: sub?.status ?? null,
    current_period_end: periodEnd,
    cancel_at_period_end: sub?.cancel_at_period_end ?? false,
    renews_on: live && !sub.cancel_at_period_end ? periodEnd : null,
    cancels_on: live && sub.cancel_at_period_end ? periodEnd : null,
    can_manage: hasManageableSubscription(user),
    invoices: invoices?.map((invoice) => toInvoiceDto(invoice, refunded)) ?? null,
  };
}
