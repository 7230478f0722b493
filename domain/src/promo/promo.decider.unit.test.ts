import { describe, test } from 'node:test';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { IssuePromoCode, RedeemPromoCode } from './promo.commands.ts';
import type { PromoCodeIssued, PromoCodeRedeemed } from './promo.events.ts';
import { promoDecider } from './promo.decider.ts';
import { LONG_STREAM, assertBoundedState } from '../testing/linear-fold.ts';

const now = '2026-11-21T10:00:00.000Z';
const issue = (overrides: Partial<IssuePromoCode['data']> = {}): IssuePromoCode => ({
  type: 'IssuePromoCode',
  data: { code: 'REF-ABC234', ownerId: 'u1', premiumDays: 7, reason: 'waitlist referral', now, ...overrides },
});
const issued: PromoCodeIssued = {
  type: 'PromoCodeIssued',
  data: { code: 'REF-ABC234', ownerId: 'u1', premiumDays: 7, reason: 'waitlist referral', issuedAt: now },
};
const redeem: RedeemPromoCode = { type: 'RedeemPromoCode', data: { code: 'REF-ABC234', redeemedBy: 'u2', now } };
const redeemed: PromoCodeRedeemed = {
  type: 'PromoCodeRedeemed',
  data: { code: 'REF-ABC234', ownerId: 'u1', redeemedBy: 'u2', premiumDays: 7, redeemedAt: now },
};

describe('promo decider', () => {
  test('issues a code to its owner', () => {
    deciderSpec(promoDecider).given([]).when(issue()).then([issued]);
  });

  test('issuing the same code to the same owner again decides nothing', () => {
    deciderSpec(promoDecider).given([issued]).when(issue()).then([]);
  });

  test('refuses a code that already belongs to someone else', () => {
    deciderSpec(promoDecider).given([issued]).when(issue({ ownerId: 'u9' })).thenThrows(ConflictError, /already exists/);
  });

  test('refuses a non-positive number of premium days', () => {
    deciderSpec(promoDecider).given([]).when(issue({ premiumDays: 0 })).thenThrows(ValidationError);
  });

  test('redeems an issued code once', () => {
    deciderSpec(promoDecider).given([issued]).when(redeem).then([redeemed]);
  });

  test('an unknown code is invalid', () => {
    deciderSpec(promoDecider).given([]).when(redeem).thenThrows(NotFoundError, /^Invalid promo code\.$/);
  });

  test('a redeemed code cannot be redeemed again', () => {
    deciderSpec(promoDecider)
      .given([issued, redeemed])
      .when({ ...redeem, data: { ...redeem.data, redeemedBy: 'u3' } })
      .thenThrows(ConflictError, /^This promo code has already been redeemed\.$/);
  });
});

describe('promo decider: long streams', () => {
  test('folding 100,000 events stays linear: the state does not grow', () => {
    assertBoundedState(promoDecider, LONG_STREAM, (i) => (i % 2 === 0 ? issued : redeemed));
  });
});
