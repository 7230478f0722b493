import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fold } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { AssignReferralCode, EndPremium, RecordPremiumPayment, RecordSubscription, RefundPremium, RegisterUser, StartPremium } from './user.commands.ts';
import type {
  PasswordResetCompleted,
  PasswordResetRequested,
  PremiumEndChanged,
  PremiumEnded,
  PremiumPaymentReceived,
  PremiumRefunded,
  PremiumStarted,
  ProfileCreated,
  ReferralCodeAssigned,
  SubscriptionUpdated,
  UserEvent,
  UserRegistered,
} from './user.events.ts';
import { userDecider } from './user.decider.ts';
import { LONG_STREAM, foldInPlace } from '../testing/linear-fold.ts';

const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T10:30:00.000Z';
const afterExpiry = '2026-11-21T11:00:00.000Z';
const register: RegisterUser = {
  type: 'RegisterUser',
  data: { userId: 'u1', username: 'ada', email: 'Ada@Example.com', passwordHash: 'hash', isAdmin: false, now },
};
const registered: UserRegistered = {
  type: 'UserRegistered',
  data: { userId: 'u1', username: 'ada', email: 'ada@example.com', passwordHash: 'hash', isAdmin: false, registeredAt: now },
};
const resetRequested = (tokenHash: string, requestedAt = now): PasswordResetRequested => ({
  type: 'PasswordResetRequested',
  data: { userId: 'u1', tokenHash, expiresAt: afterExpiry, requestedAt },
});
const resetCompleted = (tokenHash: string): PasswordResetCompleted => ({
  type: 'PasswordResetCompleted',
  data: { userId: 'u1', tokenHash, passwordHash: 'new-hash', resetAt: later },
});
const profile = { name: 'Ada', bio: 'Builds engines', categories: ['technology'], interests: ['Cloud Computing'], contentType: 'article' };
const profileCreated: ProfileCreated = { type: 'ProfileCreated', data: { userId: 'u1', createdAt: now, ...profile } };
const startPremium = (reference: string, endsAt: string | null, at = now): StartPremium => ({
  type: 'StartPremium',
  data: { userId: 'u1', source: endsAt ? 'promo' : 'checkout', reference, now: at, endsAt },
});
const premiumStarted = (reference: string, endsAt: string | null, at = now): PremiumStarted => ({
  type: 'PremiumStarted',
  data: { userId: 'u1', source: endsAt ? 'promo' : 'checkout', reference, startedAt: at, endsAt },
});
const endPremium = (reason: EndPremium['data']['reason'], at = later): EndPremium => ({
  type: 'EndPremium',
  data: { userId: 'u1', reason, reference: 'sub_1', now: at },
});
const premiumEnded = (reason: PremiumEnded['data']['reason'], at = later): PremiumEnded => ({
  type: 'PremiumEnded',
  data: { userId: 'u1', reason, reference: 'sub_1', endedAt: at },
});
const spec = deciderSpec(userDecider);

describe('user decider: registration', () => {
  test('registers a new user with a lowercased email and the command time', () => {
    spec.given([]).when(register).then([registered]);
  });

  test('carries the referral code into the event', () => {
    spec
      .given([])
      .when({ ...register, data: { ...register.data, referralCode: 'AB12CD34' } })
      .then([{ ...registered, data: { ...registered.data, referralCode: 'AB12CD34' } }]);
  });

  test('a sign-up with a confirmed waitlist entry carries its tier and code in the same append; the drawn code goes unused', () => {
    const entry = { emailKey: 'ada@example.com', email: 'ada@example.com', confirmed: true, position: 7, referralCode: 'WAIT0007' };
    spec
      .given([])
      .when({ ...register, data: { ...register.data, referralCode: 'DRAWN123', waitlist: { entry, monthFree: 'at-signup' } } })
      .then([
        registered,
        {
          type: 'WaitlistTierCarriedOver',
          data: { userId: 'u1', emailKey: 'ada@example.com', position: 7, tier: 'lifetime', referralCode: 'WAIT0007', monthFreeGranted: false, carriedAt: now },
        },
        { type: 'PremiumStarted', data: { userId: 'u1', source: 'waitlist', reference: 'waitlist:ada@example.com', startedAt: now, endsAt: null } },
      ]);
  });

  test('a waitlist entry of another mailbox carries nothing (the waitlist-tier rule decides): the drawn code is the account\'s', () => {
    const entry = { emailKey: 'bob@example.com', email: 'bob@example.com', confirmed: true, position: 7, referralCode: 'WAIT0007' };
    spec
      .given([])
      .when({ ...register, data: { ...register.data, referralCode: 'DRAWN123', waitlist: { entry, monthFree: 'at-signup' } } })
      .then([{ ...registered, data: { ...registered.data, referralCode: 'DRAWN123' } }]);
  });

  test('rejects registering a user twice', () => {
    spec.given([registered]).when(register).thenThrows(ConflictError, /already registered/);
  });

  test('refuses account commands for a user that does not exist', () => {
    spec
      .given([])
      .when({ type: 'ChangePassword', data: { userId: 'u1', passwordHash: 'x', now } })
      .thenThrows(NotFoundError, /User not found/);
  });

  test('ignores events of other deciders on the same stream', () => {
    const foreign = { type: 'ContentSubmitted', data: { contentId: 'c1' } } as unknown as UserEvent;
    const state = fold(userDecider, [registered, foreign]);
    assert.equal(state.status, 'registered');
    spec.given([registered, foreign]).when(register).thenThrows(ConflictError);
  });
});

describe('user decider: passwords', () => {
  test('changes the password', () => {
    spec
      .given([registered])
      .when({ type: 'ChangePassword', data: { userId: 'u1', passwordHash: 'new-hash', now: later } })
      .then([{ type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'new-hash', changedAt: later } }]);
  });

  test('records a reset request with the token hash and its expiry', () => {
    spec
      .given([registered])
      .when({ type: 'RequestPasswordReset', data: { userId: 'u1', tokenHash: 't1', expiresAt: afterExpiry, now } })
      .then([resetRequested('t1')]);
  });

  test('completes a reset with the latest unexpired, unused token', () => {
    spec
      .given([registered, resetRequested('t1')])
      .when({ type: 'CompletePasswordReset', data: { userId: 'u1', tokenHash: 't1', passwordHash: 'new-hash', now: later } })
      .then([resetCompleted('t1')]);
  });

  test('refuses a token used once already', () => {
    spec
      .given([registered, resetRequested('t1'), resetCompleted('t1')])
      .when({ type: 'CompletePasswordReset', data: { userId: 'u1', tokenHash: 't1', passwordHash: 'again', now: later } })
      .thenThrows(ValidationError, /^Invalid or expired password reset token\.$/);
  });

  test('refuses an expired token', () => {
    spec
      .given([registered, resetRequested('t1')])
      .when({ type: 'CompletePasswordReset', data: { userId: 'u1', tokenHash: 't1', passwordHash: 'x', now: afterExpiry } })
      .thenThrows(ValidationError, /Invalid or expired/);
  });

  test('refuses an older token once a newer one was requested', () => {
    spec
      .given([registered, resetRequested('t1'), resetRequested('t2', later)])
      .when({ type: 'CompletePasswordReset', data: { userId: 'u1', tokenHash: 't1', passwordHash: 'x', now: later } })
      .thenThrows(ValidationError, /Invalid or expired/);
  });

  test('refuses a token that was never requested', () => {
    spec
      .given([registered])
      .when({ type: 'CompletePasswordReset', data: { userId: 'u1', tokenHash: 'nope', passwordHash: 'x', now } })
      .thenThrows(ValidationError, /Invalid or expired/);
  });
});

describe('user decider: profile', () => {
  test('creates the profile with normalized categories and trimmed text', () => {
    spec
      .given([registered])
      .when({
        type: 'CreateProfile',
        data: { userId: 'u1', now, ...profile, name: ' Ada ', categories: [' Technology', 'technology', 'ART'], interests: ['Cloud Computing', ' '] },
      })
      .then([{ type: 'ProfileCreated', data: { userId: 'u1', createdAt: now, ...profile, categories: ['technology', 'art'] } }]);
  });

  test('refuses a second profile', () => {
    spec
      .given([registered, profileCreated])
      .when({ type: 'CreateProfile', data: { userId: 'u1', now, ...profile } })
      .thenThrows(ConflictError, /Profile already exists/);
  });

  test('updates an existing profile', () => {
    spec
      .given([registered, profileCreated])
      .when({ type: 'UpdateProfile', data: { userId: 'u1', now: later, ...profile, name: 'Ada L.', contentType: 'video' } })
      .then([{ type: 'ProfileUpdated', data: { userId: 'u1', updatedAt: later, ...profile, name: 'Ada L.', contentType: 'video' } }]);
  });

  test('refuses to update a profile that does not exist', () => {
    spec
      .given([registered])
      .when({ type: 'UpdateProfile', data: { userId: 'u1', now, ...profile } })
      .thenThrows(NotFoundError, /Profile not found/);
  });
});

describe('user decider: premium', () => {
  test('starts Premium', () => {
    spec.given([registered]).when(startPremium('cs_1', null)).then([premiumStarted('cs_1', null)]);
  });

  test('decides nothing for a reference already applied (a replayed webhook)', () => {
    spec.given([registered, premiumStarted('cs_1', null)]).when(startPremium('cs_1', null, later)).then([]);
  });

  test('decides nothing for an old reference even after Premium ended', () => {
    spec.given([registered, premiumStarted('cs_1', null), premiumEnded('cancelled')]).when(startPremium('cs_1', null, later)).then([]);
  });

  test('never shortens a running open-ended Premium with a time-limited one', () => {
    spec
      .given([registered, premiumStarted('cs_1', null)])
      .when(startPremium('PROMO-1', afterExpiry, later))
      .then([{ ...premiumStarted('PROMO-1', null, later), data: { ...premiumStarted('PROMO-1', null, later).data, source: 'promo' } }]);
  });

  test('keeps the later end of two time-limited Premiums', () => {
    const far = '2027-01-01T00:00:00.000Z';
    spec.given([registered, premiumStarted('PROMO-1', far)]).when(startPremium('PROMO-2', afterExpiry, later)).then([
      premiumStarted('PROMO-2', far, later),
    ]);
  });

  test('ends Premium', () => {
    spec.given([registered, premiumStarted('cs_1', null)]).when(endPremium('cancelled')).then([premiumEnded('cancelled')]);
  });

  test('decides nothing when the user is not Premium', () => {
    spec.given([registered]).when(endPremium('payment_failed')).then([]);
    spec.given([registered, premiumStarted('cs_1', null), premiumEnded('cancelled')]).when(endPremium('cancelled')).then([]);
  });

  test('expires a time-limited Premium once its end has passed', () => {
    spec
      .given([registered, premiumStarted('PROMO-1', later)])
      .when(endPremium('expired', afterExpiry))
      .then([premiumEnded('expired', afterExpiry)]);
  });

  test('ignores a stale expiry for a Premium that still runs', () => {
    spec.given([registered, premiumStarted('PROMO-1', afterExpiry)]).when(endPremium('expired', later)).then([]);
    spec.given([registered, premiumStarted('cs_1', null)]).when(endPremium('expired', later)).then([]);
  });
});

describe('user decider: subscription and money-back refunds', () => {
  const periodEnd = '2026-12-21T10:00:00.000Z';
  const nextPeriodEnd = '2027-01-21T10:00:00.000Z';
  const sub = (over: Partial<RecordSubscription['data']> = {}): RecordSubscription => ({
    type: 'RecordSubscription',
    data: { userId: 'u1', subscriptionId: 'sub_1', customerId: 'cus_1', status: 'active', currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false, occurredAt: now, now, ...over },
  });
  const subUpdated = (over: Partial<SubscriptionUpdated['data']> = {}): SubscriptionUpdated => ({
    type: 'SubscriptionUpdated',
    data: { userId: 'u1', subscriptionId: 'sub_1', customerId: 'cus_1', status: 'active', currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false, occurredAt: now, updatedAt: now, ...over },
  });
  const endChanged = (endsAt: string | null, at = later): PremiumEndChanged => ({
    type: 'PremiumEndChanged',
    data: { userId: 'u1', endsAt, reason: endsAt === null ? 'resumed' : 'cancel_at_period_end', changedAt: at },
  });
  const payment = (paymentId = 'in_1', paidAt = now): RecordPremiumPayment => ({
    type: 'RecordPremiumPayment',
    data: { userId: 'u1', paymentId, subscriptionId: 'sub_1', amountCents: 1200, currency: 'usd', paidAt, now: paidAt },
  });
  const paid = (paymentId = 'in_1', paidAt = now): PremiumPaymentReceived => ({
    type: 'PremiumPaymentReceived',
    data: { userId: 'u1', paymentId, subscriptionId: 'sub_1', amountCents: 1200, currency: 'usd', paidAt, receivedAt: paidAt },
  });
  const refund = (at: string, paymentId = 'in_1'): RefundPremium => ({
    type: 'RefundPremium',
    data: { userId: 'u1', paymentId, refundId: 're_1', adminId: 'admin1', now: at },
  });
  const refunded = (at: string): PremiumRefunded => ({
    type: 'PremiumRefunded',
    data: { userId: 'u1', paymentId: 'in_1', refundId: 're_1', amountCents: 1200, currency: 'usd', refundedBy: 'admin1', refundedAt: at },
  });
  const subscribed = [registered, premiumStarted('cs_1', null), subUpdated()];

  test('records a new subscription without touching an open-ended Premium', () => {
    spec.given([registered, premiumStarted('cs_1', null)]).when(sub()).then([subUpdated()]);
  });

  test('the same subscription update again decides nothing (idempotent)', () => {
    spec.given(subscribed).when(sub({ now: later })).then([]);
  });

  test('cancel at period end keeps Premium until the period end; resuming makes it open-ended again', () => {
    spec
      .given(subscribed)
      .when(sub({ cancelAtPeriodEnd: true, occurredAt: later, now: later }))
      .then([subUpdated({ cancelAtPeriodEnd: true, occurredAt: later, updatedAt: later }), endChanged(periodEnd)]);
    spec
      .given([...subscribed, subUpdated({ cancelAtPeriodEnd: true, occurredAt: later }), endChanged(periodEnd)])
      .when(sub({ occurredAt: afterExpiry, now: afterExpiry }))
      .then([subUpdated({ occurredAt: afterExpiry, updatedAt: afterExpiry }), endChanged(null, afterExpiry)]);
  });

  test('an update older than the recorded one changes nothing', () => {
    spec
      .given([...subscribed, subUpdated({ cancelAtPeriodEnd: true, occurredAt: later }), endChanged(periodEnd)])
      .when(sub({ occurredAt: now, now: afterExpiry }))
      .then([]);
  });

  test('a deleted subscription ends Premium now, whatever period was left', () => {
    spec
      .given(subscribed)
      .when(sub({ status: 'canceled', now: later, occurredAt: later }))
      .then([subUpdated({ status: 'canceled', occurredAt: later, updatedAt: later }), premiumEnded('cancelled')]);
  });

  test('lifetime Premium outlives a deleted subscription and a refund', () => {
    const lifetime: UserEvent = {
      type: 'WaitlistTierCarriedOver',
      data: { userId: 'u1', emailKey: 'ada@example.com', position: 4, tier: 'lifetime', referralCode: 'AB12CD34', monthFreeGranted: false, carriedAt: now },
    };
    spec
      .given([...subscribed, lifetime])
      .when(sub({ status: 'canceled', now: later, occurredAt: later }))
      .then([subUpdated({ status: 'canceled', occurredAt: later, updatedAt: later })]);
    const types = userDecider.decide(refund(later), fold(userDecider, [...subscribed, lifetime, paid()])).map((event) => event.type);
    assert.deepEqual(types, ['PremiumRefunded', 'SubscriptionUpdated']);
  });

  test('a late word about an earlier subscription does not touch the running one', () => {
    spec.given(subscribed).when(sub({ subscriptionId: 'sub_0', status: 'canceled', occurredAt: later, now: later })).then([]);
  });

  test('a checkout whose subscription was set to cancel first ends with the period', () => {
    spec
      .given([registered, subUpdated({ cancelAtPeriodEnd: true })])
      .when(startPremium('cs_1', null, later))
      .then([premiumStarted('cs_1', periodEnd, later)].map((event) => ({ ...event, data: { ...event.data, source: 'checkout' as const } })));
  });

  test('records a paid invoice once; an older or empty one is ignored', () => {
    spec.given(subscribed).when(payment()).then([paid()]);
    spec.given([...subscribed, paid()]).when(payment()).then([]);
    spec.given([...subscribed, paid('in_2', later)]).when(payment('in_1', now)).then([]);
    spec.given(subscribed).when({ ...payment(), data: { ...payment().data, amountCents: 0 } }).then([]);
  });

  test('a refund within 14 days records it, cancels the subscription and ends Premium now', () => {
    const day13 = '2026-12-04T10:00:00.000Z';
    spec
      .given([...subscribed, paid()])
      .when(refund(day13))
      .then([
        refunded(day13),
        subUpdated({ status: 'canceled', occurredAt: day13, updatedAt: day13 }),
        { type: 'PremiumEnded', data: { userId: 'u1', reason: 'refunded', reference: 'in_1', endedAt: day13 } },
      ]);
  });

  test('a refund after 14 days, twice, of another payment or without one is a conflict', () => {
    const day15 = '2026-12-06T10:00:00.000Z';
    spec.given([...subscribed, paid()]).when(refund(day15)).thenThrows(ConflictError, /14-day money-back guarantee for this payment ended on 2026-12-05/);
    spec.given([...subscribed, paid(), refunded(later)]).when(refund(later)).thenThrows(ConflictError, /already refunded/);
    spec.given([...subscribed, paid('in_2')]).when(refund(later)).thenThrows(ConflictError, /has changed/);
    spec.given(subscribed).when(refund(later)).thenThrows(ConflictError, /no Premium payment to refund/);
  });

  test('a renewal moves the period end of a subscription set to cancel', () => {
    spec
      .given([...subscribed, subUpdated({ cancelAtPeriodEnd: true, occurredAt: later }), endChanged(periodEnd)])
      .when(sub({ cancelAtPeriodEnd: true, currentPeriodEnd: nextPeriodEnd, occurredAt: afterExpiry, now: afterExpiry }))
      .then([
        subUpdated({ cancelAtPeriodEnd: true, currentPeriodEnd: nextPeriodEnd, occurredAt: afterExpiry, updatedAt: afterExpiry }),
        { ...endChanged(nextPeriodEnd, afterExpiry) },
      ]);
  });
});

describe('user decider: long streams', () => {
  test('folding 100,000 events stays linear: the Premium references are kept in place', () => {
    const state = foldInPlace(
      userDecider,
      LONG_STREAM,
      (i): UserEvent =>
        i === 0
          ? registered
          : i % 2 === 0
            ? { type: 'PremiumStarted', data: { userId: 'u1', source: 'promo', reference: `promo-${i}`, startedAt: now, endsAt: null } }
            : { type: 'PremiumEnded', data: { userId: 'u1', reason: 'expired', reference: null, endedAt: now } },
      (s) => (s.status === 'registered' ? [s.premiumReferences] : []),
    );
    assert.ok(state.status === 'registered' && state.premiumReferences.size === LONG_STREAM / 2 - 1);
  });
});

describe('user decider: e-mail confirmation and admin rights', () => {
  const confirm = (grantAdmin: boolean, email = 'ada@example.com') =>
    ({ type: 'ConfirmUserEmail', data: { userId: 'u1', email, grantAdmin, now: later } }) as const;
  const confirmed: UserEvent = { type: 'UserEmailConfirmed', data: { userId: 'u1', email: 'ada@example.com', confirmedAt: later } };
  const grantedByEmail: UserEvent = { type: 'AdminGranted', data: { userId: 'u1', reason: 'admin-email', grantedAt: later } };

  test('confirms the address; an ADMIN_EMAILS address becomes admin only then', () => {
    spec.given([registered]).when(confirm(false)).then([confirmed]);
    spec.given([registered]).when(confirm(true)).then([confirmed, grantedByEmail]);
  });

  test('confirming again changes nothing, unless the address has joined ADMIN_EMAILS since', () => {
    spec.given([registered, confirmed]).when(confirm(false)).then([]);
    spec.given([registered, confirmed]).when(confirm(true)).then([grantedByEmail]);
    spec.given([registered, confirmed, grantedByEmail]).when(confirm(true)).then([]);
  });

  test('a link for another address confirms nothing', () => {
    spec.given([registered]).when(confirm(true, 'someone@example.com')).thenThrows(ValidationError, /confirmation link/);
  });

  test('the operator grants and revokes admin rights, once each', () => {
    const grant = { type: 'GrantAdmin', data: { userId: 'u1', now: later } } as const;
    const revoke = { type: 'RevokeAdmin', data: { userId: 'u1', now: later } } as const;
    const granted: UserEvent = { type: 'AdminGranted', data: { userId: 'u1', reason: 'operator', grantedAt: later } };
    const revoked: UserEvent = { type: 'AdminRevoked', data: { userId: 'u1', reason: 'operator', revokedAt: later } };
    spec.given([registered]).when(grant).then([granted]);
    spec.given([registered, granted]).when(grant).then([]);
    spec.given([registered, granted]).when(revoke).then([revoked]);
    spec.given([registered]).when(revoke).then([]);
    spec.given([]).when(grant).thenThrows(NotFoundError);
  });

  test('an account registered as admin by an earlier version stays admin', () => {
    const legacyAdmin: UserEvent = { ...registered, data: { ...registered.data, isAdmin: true } };
    spec.given([legacyAdmin]).when({ type: 'GrantAdmin', data: { userId: 'u1', now: later } }).then([]);
  });
});

describe('user decider: a referral code drawn at registration that someone else held', () => {
  const drawn: UserRegistered = { ...registered, data: { ...registered.data, referralCode: 'DRAWN123' } };
  const assign = (referralCode: string, replaces = 'DRAWN123'): AssignReferralCode => ({
    type: 'AssignReferralCode',
    data: { userId: 'u1', referralCode, replaces, now: later },
  });
  const assigned = (referralCode: string): ReferralCodeAssigned => ({
    type: 'ReferralCodeAssigned',
    data: { userId: 'u1', referralCode, replaces: 'DRAWN123', assignedAt: later },
  });

  test('is replaced by the code the job reserved', () => {
    spec.given([drawn]).when(assign('FRESH456')).then([assigned('FRESH456')]);
  });

  test('is replaced once: a second run of the job decides nothing', () => {
    spec.given([drawn, assigned('FRESH456')]).when(assign('OTHER789')).then([]);
  });

  test('a waitlist code carried over since stays the account\'s', () => {
    const carried: UserEvent = {
      type: 'WaitlistTierCarriedOver',
      data: { userId: 'u1', emailKey: 'ada@example.com', position: 300, tier: 'one_month', referralCode: 'WAIT0300', monthFreeGranted: false, carriedAt: now },
    };
    spec.given([drawn, carried]).when(assign('FRESH456')).then([]);
  });

  test('an account registered with its waitlist entry\'s code (logs from before the carry-over joined the registration) keeps it', () => {
    const withEntryCode: UserRegistered = { ...registered, data: { ...registered.data, referralCode: 'WAIT0300' } };
    const carried: UserEvent = {
      type: 'WaitlistTierCarriedOver',
      data: { userId: 'u1', emailKey: 'ada@example.com', position: 300, tier: 'one_month', referralCode: 'WAIT0300', monthFreeGranted: false, carriedAt: now },
    };
    spec.given([withEntryCode, carried]).when(assign('FRESH456', 'WAIT0300')).then([]);
  });

  test('an account that does not exist gets none', () => {
    spec.given([]).when(assign('FRESH456')).thenThrows(NotFoundError);
  });
});
