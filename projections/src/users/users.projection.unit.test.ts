import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { UserEvent } from '@crossfeed/domain/users/user.events.ts';
import { formatPosition, type RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { guardOps } from '../projection.ts';
import { USERS, usersProjection, type UserDoc } from './users.projection.ts';

const now = '2026-11-21T10:00:00.000Z';

/** Applies the events in order as the runner does (position-guarded), each one twice to prove idempotence. */
async function project(events: readonly UserEvent[]): Promise<ReadStore> {
  const store = await createSqliteReadStore({ file: ':memory:' });
  let position = 0;
  for (const event of events) {
    position += 1;
    const recorded: RecordedEvent = {
      id: `e${position}`,
      type: event.type,
      stream: 'user-u1',
      revision: BigInt(position - 1),
      position: formatPosition(position),
      data: event.data,
      metadata: {},
      createdAt: now,
    };
    const ops = guardOps(usersProjection.project(recorded), recorded.position, (name) => name);
    await store.applyBatch(ops);
    await store.applyBatch(ops);
  }
  return store;
}

const user = (store: ReadStore) => store.collection<UserDoc>(USERS).findOne({ _id: 'u1' });
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', username: 'Ada', email: 'ada@example.com', passwordHash: 'h0', isAdmin: false, referralCode: 'AB12CD34', registeredAt: now },
};
const profile = { name: 'Ada', bio: 'Engines', categories: ['technology', 'art'], interests: ['Cloud Computing'], contentType: 'article' };

describe('users projection', () => {
  test('creates the account without a profile, Free, with its referral code', async () => {
    const doc = await user(await project([registered]));
    assert.equal(doc?.username_key, 'ada');
    assert.equal(doc?.referral_code, 'AB12CD34');
    assert.equal(doc?.has_profile_completed, false);
    assert.equal(doc?.is_premium, false);
    assert.equal(doc?.profile, null);
    assert.deepEqual(doc?.categories, []);
  });

  test('replaces the password hash on a change and on a completed reset', async () => {
    assert.equal(
      (await user(await project([registered, { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h1', changedAt: now } }])))
        ?.password_hash,
      'h1',
    );
    const reset: UserEvent = { type: 'PasswordResetCompleted', data: { userId: 'u1', tokenHash: 't', passwordHash: 'h2', resetAt: now } };
    assert.equal((await user(await project([registered, reset])))?.password_hash, 'h2');
  });

  test('stores the profile, its categories and the completed flag', async () => {
    const doc = await user(await project([registered, { type: 'ProfileCreated', data: { userId: 'u1', createdAt: now, ...profile } }]));
    assert.equal(doc?.has_profile_completed, true);
    assert.deepEqual(doc?.categories, ['technology', 'art']);
    assert.deepEqual(doc?.profile, {
      name: 'Ada',
      bio: 'Engines',
      categories: ['technology', 'art'],
      interests: ['Cloud Computing'],
      content_type: 'article',
      audience_score: null,
    });
  });

  test('updates the profile fields and the user categories, keeping the audience score', async () => {
    const store = await project([registered, { type: 'ProfileCreated', data: { userId: 'u1', createdAt: now, ...profile } }]);
    await store.collection(USERS).updateOne({ _id: 'u1' }, { $set: { 'profile.audience_score': 72.5 } });
    const updated: UserEvent = {
      type: 'ProfileUpdated',
      data: { userId: 'u1', updatedAt: now, ...profile, name: 'Ada L.', categories: ['science'], contentType: 'video' },
    };
    const ops = guardOps(
      usersProjection.project({ id: 'e9', type: updated.type, stream: 'user-u1', revision: 2n, position: formatPosition(9), data: updated.data, metadata: {}, createdAt: now }),
      formatPosition(9),
      (name) => name,
    );
    await store.applyBatch(ops);
    const doc = await user(store);
    assert.equal(doc?.profile?.name, 'Ada L.');
    assert.equal(doc?.profile?.content_type, 'video');
    assert.equal(doc?.profile?.audience_score, 72.5);
    assert.deepEqual(doc?.categories, ['science']);
  });

  test('follows Premium starts and ends, with premium_until from endsAt', async () => {
    const until = '2026-12-21T10:00:00.000Z';
    const started: UserEvent = {
      type: 'PremiumStarted',
      data: { userId: 'u1', source: 'promo', reference: 'PROMO-1', startedAt: now, endsAt: until },
    };
    const premium = await user(await project([registered, started]));
    assert.equal(premium?.is_premium, true);
    assert.equal(premium?.premium_until, until);
    const ended: UserEvent = { type: 'PremiumEnded', data: { userId: 'u1', reason: 'expired', reference: null, endedAt: until } };
    const free = await user(await project([registered, started, ended]));
    assert.equal(free?.is_premium, false);
    assert.equal(free?.premium_until, null);
  });
});

describe('users projection: subscription and payments', () => {
  const periodEnd = '2026-12-21T10:00:00.000Z';
  const started: UserEvent = { type: 'PremiumStarted', data: { userId: 'u1', source: 'checkout', reference: 'cs_1', startedAt: now, endsAt: null } };
  const subscription: UserEvent = {
    type: 'SubscriptionUpdated',
    data: { userId: 'u1', subscriptionId: 'sub_1', customerId: 'cus_1', status: 'active', currentPeriodEnd: periodEnd, cancelAtPeriodEnd: true, occurredAt: now, updatedAt: now },
  };
  const endChanged: UserEvent = { type: 'PremiumEndChanged', data: { userId: 'u1', endsAt: periodEnd, reason: 'cancel_at_period_end', changedAt: now } };
  const paid: UserEvent = {
    type: 'PremiumPaymentReceived',
    data: { userId: 'u1', paymentId: 'in_1', subscriptionId: 'sub_1', amountCents: 1200, currency: 'usd', paidAt: now, receivedAt: now },
  };
  const refunded: UserEvent = {
    type: 'PremiumRefunded',
    data: { userId: 'u1', paymentId: 'in_1', refundId: 're_1', amountCents: 1200, currency: 'usd', refundedBy: 'admin1', refundedAt: periodEnd },
  };

  test('records the subscription, the Premium end of a cancel at period end, and the last payment', async () => {
    const doc = await user(await project([registered, started, subscription, endChanged, paid]));
    assert.deepEqual(doc?.subscription, { id: 'sub_1', customer_id: 'cus_1', status: 'active', current_period_end: periodEnd, cancel_at_period_end: true });
    assert.equal(doc?.is_premium, true);
    assert.equal(doc?.premium_until, periodEnd);
    assert.deepEqual(doc?.last_payment, {
      id: 'in_1', subscription_id: 'sub_1', amount_cents: 1200, currency: 'usd', paid_at: now, refunded_at: null, refund_id: null, refunded_by: null,
    });
  });

  test('marks the refunded payment, and only that one', async () => {
    const doc = await user(await project([registered, started, paid, refunded]));
    assert.equal(doc?.last_payment?.refunded_at, periodEnd);
    assert.equal(doc?.last_payment?.refund_id, 're_1');
    assert.equal(doc?.last_payment?.refunded_by, 'admin1');
    const other: UserEvent = { ...refunded, data: { ...(refunded.data as object), paymentId: 'in_0' } } as UserEvent;
    assert.equal((await user(await project([registered, started, paid, other])))?.last_payment?.refunded_at, null);
  });
});

describe('users projection: account security', () => {
  test('counts password changes and resets in token_version, once each even when applied twice', async () => {
    const changed: UserEvent = { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h1', changedAt: now } };
    const reset: UserEvent = { type: 'PasswordResetCompleted', data: { userId: 'u1', tokenHash: 't', passwordHash: 'h2', resetAt: now } };
    assert.equal((await user(await project([registered])))?.token_version, 0);
    const doc = await user(await project([registered, changed, reset]));
    assert.equal(doc?.token_version, 2);
    assert.equal(doc?.password_hash, 'h2');
  });

  test('follows e-mail confirmation and admin grants and revocations', async () => {
    const confirmed: UserEvent = { type: 'UserEmailConfirmed', data: { userId: 'u1', email: 'ada@example.com', confirmedAt: now } };
    const granted: UserEvent = { type: 'AdminGranted', data: { userId: 'u1', reason: 'admin-email', grantedAt: now } };
    const revoked: UserEvent = { type: 'AdminRevoked', data: { userId: 'u1', reason: 'operator', revokedAt: now } };
    const fresh = await user(await project([registered]));
    assert.equal(fresh?.email_confirmed, false);
    assert.equal(fresh?.is_admin, false);
    const admin = await user(await project([registered, confirmed, granted]));
    assert.equal(admin?.email_confirmed, true);
    assert.equal(admin?.is_admin, true);
    assert.equal((await user(await project([registered, confirmed, granted, revoked])))?.is_admin, false);
  });

  test('takes the referral code the reservation job assigned when the drawn one was taken (each event applied twice)', async () => {
    const assigned: UserEvent = { type: 'ReferralCodeAssigned', data: { userId: 'u1', referralCode: 'FRESH456', replaces: 'AB12CD34', assignedAt: now } };
    assert.equal((await user(await project([registered])))?.referral_code, 'AB12CD34');
    assert.equal((await user(await project([registered, assigned])))?.referral_code, 'FRESH456');
  });

  test('follows the guided tour being completed and reset (absent on a new account: not completed)', async () => {
    const completed: UserEvent = { type: 'TourCompleted', data: { userId: 'u1', completedAt: now } };
    const reset: UserEvent = { type: 'TourReset', data: { userId: 'u1', resetAt: now } };
    assert.equal((await user(await project([registered])))?.has_completed_tour ?? false, false);
    assert.equal((await user(await project([registered, completed])))?.has_completed_tour, true);
    assert.equal((await user(await project([registered, completed, reset])))?.has_completed_tour, false);
    assert.equal((await user(await project([registered, completed, reset, completed])))?.has_completed_tour, true);
  });
});
