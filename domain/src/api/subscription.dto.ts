import { z } from 'zod';

/**
 * The subscription answers, one shape for the server and the UI: the plan window's `GET /api/subscription`
 * and the admin's `GET /admin/subscriptions` (field meanings in backend/src/features/subscription/). The
 * zod schemas describe them in the OpenAPI document (issue 26); the types are derived from them.
 */

/** One invoice of the account, with its receipt. */
export const InvoiceDtoSchema = z
  .object({
    id: z.string(),
    number: z.string().nullable(),
    amount_cents: z.number().int(),
    currency: z.string(),
    status: z.string(),
    paid_at: z.string().nullable(),
    receipt_url: z.string().nullable(),
    refunded: z.boolean(),
  })
  .meta({ id: 'Invoice' });
export type InvoiceDto = z.infer<typeof InvoiceDtoSchema>;

/** `GET /api/subscription`: what applies to the signed-in account now. */
export const SubscriptionDtoSchema = z
  .object({
    plan: z
      .enum(['free', 'subscription', 'promo', 'lifetime'])
      .describe("'subscription' (a running paid subscription), 'promo' (time-limited or granted Premium), 'lifetime' (the waitlist's top tier) or 'free'."),
    is_premium: z.boolean(),
    premium_until: z.string().nullable().describe('When a time-limited Premium, or a cancelled subscription, ends.'),
    status: z.string().nullable().describe("The provider's subscription status, or null."),
    current_period_end: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    renews_on: z.string().nullable().describe('The period end of a subscription that renews.'),
    cancels_on: z.string().nullable().describe('The period end of a subscription set to cancel.'),
    can_manage: z.boolean().describe('A running subscription the portal can manage.'),
    invoices: z
      .array(InvoiceDtoSchema)
      .nullable()
      .describe('Newest first; `[]` without a subscription, null when the provider could not be asked.'),
  })
  .meta({ id: 'Subscription' });
export type SubscriptionDto = z.infer<typeof SubscriptionDtoSchema>;

/** One account's last Premium payment, as `GET /admin/subscriptions` lists it. */
export const AdminPaymentDtoSchema = z
  .object({
    user_id: z.string(),
    username: z.string(),
    email: z.string(),
    payment_id: z.string(),
    amount_cents: z.number().int(),
    currency: z.string(),
    paid_at: z.string(),
    refundable_until: z.string().describe('Last moment of the 14-day money-back guarantee.'),
    refundable: z.boolean(),
    refunded_at: z.string().nullable(),
    is_premium: z.boolean(),
  })
  .meta({ id: 'AdminPayment' });
export type AdminPaymentDto = z.infer<typeof AdminPaymentDtoSchema>;
