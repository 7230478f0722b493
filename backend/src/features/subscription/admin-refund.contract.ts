import { z } from 'zod';
import { AdminPaymentDtoSchema } from '@crossfeed/domain/api/subscription.dto.ts';
import { MONEY_BACK_DAYS } from '@crossfeed/domain/rules/premium.ts';
import { operations } from '../../api/openapi/operation.ts';
import { EmptyBody, ListQuery } from './admin-refund.routes.ts';

const AdminPaymentsSchema = z.object({ payments: z.array(AdminPaymentDtoSchema).describe('Newest first, at most 100.') });

const RefundSchema = z.object({
  refunded: z.literal(true),
  refund_id: z.string(),
  payment_id: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
});

/** The operations of the money-back guarantee (admins) as the OpenAPI document describes them (issue 26). */
export const adminRefundOperations = operations([
  {
    method: 'get',
    route: '/admin/subscriptions',
    operationId: 'listPremiumPayments',
    summary: "Each account's last Premium payment",
    description: `Newest first (at most 100). \`refundable=true\` keeps those an admin can refund now: not refunded, paid at most ${MONEY_BACK_DAYS} days ago.`,
    tag: 'Admin',
    access: 'admin',
    query: ListQuery,
    responses: { 200: { description: 'The payments.', schema: AdminPaymentsSchema } },
    errors: [400, 401, 403],
  },
  {
    method: 'post',
    route: '/admin/subscriptions/:userId/refund',
    operationId: 'refundPremiumPayment',
    summary: "Refund an account's last Premium payment",
    description: `The body is empty. Refunds the payment in full at the provider (idempotently: a retry never pays back twice), cancels the subscription and ends Premium now. 404 for an unknown account; 409 when there is no payment, it was refunded already or the ${MONEY_BACK_DAYS} days have passed; 502 when the provider fails (nothing changed), 503 when payments are not configured.`,
    tag: 'Admin',
    access: 'admin',
    body: EmptyBody,
    responses: { 200: { description: 'The refund.', schema: RefundSchema } },
    errors: [400, 401, 403, 404, 409, 502, 503],
  },
]);
