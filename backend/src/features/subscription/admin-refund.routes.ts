import { Router } from 'express';
import type { AdminPaymentDto } from '@crossfeed/domain/api/subscription.dto.ts';
import { z } from 'zod';
import { MONEY_BACK_DAYS, moneyBackEndsAt, withinMoneyBack } from '@crossfeed/domain/rules/premium.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { refundablePayment, userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { commandHandlerFor } from '@crossfeed/platform/commands/command-handler.ts';
import { PaymentsUnavailable } from '@crossfeed/platform/payments/unavailable-payments.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAdmin, requireAuth } from '../../auth/require-auth.ts';
import { HttpError } from '../../http/http-error.ts';
import { parseInput } from '../../http/validate.ts';

export const REFUND_FAILED = 'The refund could not be made at the payment provider. Nothing was changed; please try again.';
const LIST_LIMIT = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

export const ListQuery = z.strictObject({ refundable: z.enum(['true', 'false'], { error: 'must be true or false.' }).optional() });
export const EmptyBody = z.strictObject({});
export const UserIdParam = z.string().trim().min(1).max(200);

const toDto = (user: UserDoc, now: string): AdminPaymentDto | null => {
  const payment = user.last_payment;
  if (!payment) return null;
  return {
    user_id: user._id,
    username: user.username,
    email: user.email,
    payment_id: payment.id,
    amount_cents: payment.amount_cents,
    currency: payment.currency,
    paid_at: payment.paid_at,
    refundable_until: moneyBackEndsAt(payment.paid_at),
    refundable: payment.refunded_at === null && withinMoneyBack(payment.paid_at, now),
    refunded_at: payment.refunded_at,
    is_premium: user.is_premium,
  };
};

/**
 * The money-back guarantee (SPEC §9, 14 days), admins only:
 *
 * `GET /admin/subscriptions[?refundable=true]` → `{ payments: AdminPaymentDto[] }`: each account's last
 *   Premium payment, newest first (at most 100); `refundable=true` keeps those an admin can refund now
 *   (not refunded, paid at most 14 days ago).
 * `POST /admin/subscriptions/{userId}/refund` (empty body) → `{ refunded: true, refund_id, payment_id,
 *   amount_cents, currency }`: refunds that account's last payment in full through the Payments port,
 *   cancels its subscription at the provider, records `PremiumRefunded` and ends Premium now. 409 with a
 *   detail when there is no payment, it was refunded already or the 14 days have passed; 404 for an
 *   unknown account. The provider is asked with an idempotency key per payment, so a retry after a failure
 *   never pays back twice.
 */
export function adminRefundRoutes(ctx: ApiContext): Router {
  const router = Router();
  const admin = [requireAuth(ctx), requireAdmin];

  router.get('/admin/subscriptions', ...admin, async (req, res) => {
    const query = parseInput(ListQuery, { ...req.query });
    const now = ctx.clock().toISOString();
    const filter: Record<string, unknown> =
      query.refundable === 'true'
        ? { 'last_payment.paid_at': { $gte: new Date(Date.parse(now) - MONEY_BACK_DAYS * DAY_MS).toISOString() }, 'last_payment.refunded_at': null }
        : { last_payment: { $exists: true } };
    const users = await ctx.readStore.collection<UserDoc>(USERS).find(filter, { sort: { 'last_payment.paid_at': -1 }, limit: LIST_LIMIT });
    const payments = users.map((user) => toDto(user, now)).filter((dto): dto is AdminPaymentDto => dto !== null);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ payments: query.refundable === 'true' ? payments.filter((payment) => payment.refundable) : payments });
  });

  router.post('/admin/subscriptions/:userId/refund', ...admin, async (req, res) => {
    const adminUser = currentUser(req);
    const userId = parseInput(UserIdParam, req.params.userId);
    parseInput(EmptyBody, req.body ?? {});
    const now = ctx.clock().toISOString();
    const stream = userStream(userId);
    // The rule is asked before any money moves (unknown account 404; no payment, refunded, past 14 days 409).
    const payment = await commandHandlerFor(ctx.eventStore).query(userDecider, stream, (state) => refundablePayment(state, now));
    let refund;
    try {
      refund = await ctx.payments.refundPayment({
        paymentId: payment.id,
        subscriptionId: payment.subscriptionId,
        idempotencyKey: `crossfeed-refund-${userId}-${payment.id}`,
      });
    } catch (error) {
      if (error instanceof PaymentsUnavailable) throw new HttpError(503, error.message);
      ctx.logger.error({ err: error, userId, paymentId: payment.id }, 'could not refund a Premium payment');
      throw new HttpError(502, REFUND_FAILED);
    }
    await execute(
      ctx,
      userDecider,
      stream,
      { type: 'RefundPremium', data: { userId, paymentId: payment.id, refundId: refund.refundId, adminId: adminUser._id, now } },
      { userId: adminUser._id },
    );
    ctx.logger.info({ userId, paymentId: payment.id, refundId: refund.refundId, adminId: adminUser._id }, 'refunded a Premium payment');
    res.json({ refunded: true, refund_id: refund.refundId, payment_id: payment.id, amount_cents: payment.amountCents, currency: payment.currency });
  });

  return router;
}
