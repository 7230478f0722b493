import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isPremiumActive } from '../rules/premium.ts';
import { NotFoundError } from '../shared/errors.ts';
import { fold } from '../shared/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { LONG_STREAM, assertBoundedState } from '../testing/linear-fold.ts';
import { userDecider } from './user.decider.ts';
import type { PremiumStarted, UserEvent, UserRegistered, WaitlistTierCarriedOver } from './user.events.ts';
import type { CarryOverWaitlistTier, WaitlistEntrySnapshot } from './waitlist-tier.commands.ts';
import { addOneMonth, waitlistTierDecider } from './waitlist-tier.decider.ts';

const now = '2026-11-21T10:00:00.000Z';
const registered: UserRegistered = {
  type: 'UserRegistered',
  data: { userId: 'u1', username: 'ada', email: 'ada.l+news@gmail.com', passwordHash: 'h', isAdmin: false, referralCode: 'NEWCODE1', registeredAt: now },
};
const entry = (overrides: Partial<WaitlistEntrySnapshot> = {}): WaitlistEntrySnapshot => ({
  emailKey: 'adal@gmail.com',
  email: 'AdaL@gmail.com',
  confirmed: true,
  position: 4,
  referralCode: 'WAIT2345',
  ...overrides,
});
const carry = (overrides: Partial<CarryOverWaitlistTier['data']> = {}): CarryOverWaitlistTier => ({
  type: 'CarryOverWaitlistTier',
  data: { userId: 'u1', entry: entry(), mailboxProven: true, monthFree: 'at-signup', now, ...overrides },
});
const carried = (data: Partial<WaitlistTierCarriedOver['data']> = {}): WaitlistTierCarriedOver => ({
  type: 'WaitlistTierCarriedOver',
  data: { userId: 'u1', emailKey: 'adal@gmail.com', position: 4, tier: 'lifetime', referralCode: 'WAIT2345', monthFreeGranted: false, carriedAt: now, ...data },
});
const premium = (endsAt: string | null, reference = 'waitlist:adal@gmail.com', source: PremiumStarted['data']['source'] = 'waitlist'): PremiumStarted => ({
  type: 'PremiumStarted',
  data: { userId: 'u1', source, reference, startedAt: now, endsAt },
});

describe('waitlist tier carry-over decider', () => {
  test('the top 100 carry over as lifetime Premium with the waitlist referral code', () => {
    deciderSpec(waitlistTierDecider).given([registered]).when(carry()).then([carried(), premium(null)]);
  });

  test('position 100 is still the top tier; 101 gets one month of Premium from now', () => {
    deciderSpec(waitlistTierDecider)
      .given([registered])
      .when(carry({ entry: entry({ position: 100 }) }))
      .then([carried({ position: 100 }), premium(null)]);
    deciderSpec(waitlistTierDecider)
      .given([registered])
      .when(carry({ entry: entry({ position: 101 }) }))
      .then([carried({ position: 101, tier: 'one_month', monthFreeGranted: true }), premium('2026-12-21T10:00:00.000Z')]);
  });

  test('the month free extends a running promo Premium instead of restarting it', () => {
    deciderSpec(waitlistTierDecider)
      .given([registered, premium('2026-11-28T10:00:00.000Z', 'PROMO1', 'promo')])
      .when(carry({ entry: entry({ position: 500 }) }))
      .then([carried({ position: 500, tier: 'one_month', monthFreeGranted: true }), premium('2026-12-28T10:00:00.000Z')]);
  });

  test('with the month free switched off the tier and code carry over without Premium', () => {
    deciderSpec(waitlistTierDecider)
      .given([registered])
      .when(carry({ entry: entry({ position: 150 }), monthFree: 'off' }))
      .then([carried({ position: 150, tier: 'one_month', monthFreeGranted: false })]);
  });

  test('an unconfirmed waitlist entry carries nothing', () => {
    deciderSpec(waitlistTierDecider).given([registered]).when(carry({ entry: entry({ confirmed: false }) })).then([]);
  });

  test('an account holder who has not proven the mailbox gets nothing', () => {
    deciderSpec(waitlistTierDecider).given([registered]).when(carry({ mailboxProven: false })).then([]);
  });

  test("another mailbox's entry carries nothing, whatever its tier", () => {
    deciderSpec(waitlistTierDecider)
      .given([registered])
      .when(carry({ entry: entry({ emailKey: 'grace@gmail.com', email: 'grace@gmail.com' }) }))
      .then([]);
  });

  test('carries over once per account', () => {
    deciderSpec(waitlistTierDecider).given([registered, carried(), premium(null)]).when(carry({ entry: entry({ position: 2 }) })).then([]);
  });

  test('refuses an unknown account', () => {
    deciderSpec(waitlistTierDecider).given([]).when(carry()).thenThrows(NotFoundError);
  });

  test('lifetime Premium is never ended by a cancelled subscription or an expiry', () => {
    const events: UserEvent[] = [registered, carried(), premium(null), premium(null, 'cs_1', 'checkout')];
    deciderSpec(userDecider)
      .given(events)
      .when({ type: 'EndPremium', data: { userId: 'u1', reason: 'cancelled', reference: 'cs_1', now } })
      .then([]);
    assert.equal(fold(userDecider, events).status, 'registered');
  });

  test('a lifetime Premium user is Premium at any time, a month-free user until the month ends', () => {
    assert.equal(isPremiumActive({ is_premium: false, premium_until: null, premium_lifetime: true }, '2099-01-01T00:00:00.000Z'), true);
    assert.equal(isPremiumActive({ is_premium: true, premium_until: '2026-12-21T10:00:00.000Z' }, '2026-12-22T00:00:00.000Z'), false);
  });

  test('one month is a calendar month, clamped to the last day', () => {
    assert.equal(addOneMonth('2027-01-31T08:00:00.000Z'), '2027-02-28T08:00:00.000Z');
    assert.equal(addOneMonth('2026-12-15T00:00:00.000Z'), '2027-01-15T00:00:00.000Z');
  });
});

describe('waitlist tier carry-over decider: long streams', () => {
  test('folding 100,000 events stays linear: the state does not grow', () => {
    const ended: UserEvent = { type: 'PremiumEnded', data: { userId: 'u1', reason: 'expired', reference: null, endedAt: now } };
    assertBoundedState(waitlistTierDecider, LONG_STREAM, (i) => (i === 0 ? registered : i % 2 === 1 ? premium('2026-12-21T10:00:00.000Z', `ref-${i % 7}`, 'checkout') : ended));
  });
});
