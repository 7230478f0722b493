import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ConflictError } from '@crossfeed/domain/shared/errors.ts';
import { createSqliteEventStore, type SqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { REFERRAL_CODE_ALPHABET, claimName, claimReferralCode, claimShortCode, randomReferralCode, randomShortCode, reservationOwner } from './reservations.ts';

const AT = '2026-11-28T12:00:00.000Z';
let dir: string;
let store: SqliteEventStore;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'crossfeed-reservations-'));
  store = createSqliteEventStore({ file: path.join(dir, 'events.db') });
});
after(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('reservations: the one way routes and workers claim a unique value', () => {
  test('the first claimant wins; a later one learns who holds it; the key is case-blind', async () => {
    assert.deepEqual(await claimName(store, { kind: 'username', key: 'Ada', ownerId: 'u1', at: AT }), { claimed: true, holder: 'u1' });
    assert.deepEqual(await claimName(store, { kind: 'username', key: 'ada', ownerId: 'u2', at: AT }), { claimed: false, holder: 'u1' });
    // The same owner again (a retried job) is told it holds the value.
    assert.deepEqual(await claimName(store, { kind: 'username', key: 'ADA', ownerId: 'u1', at: AT }), { claimed: false, holder: 'u1' });
    assert.equal(await reservationOwner(store, 'username', 'ada'), 'u1');
    assert.equal(await reservationOwner(store, 'username', 'grace'), undefined);
    // Kinds do not collide.
    assert.equal((await claimName(store, { kind: 'email', key: 'ada', ownerId: 'u2', at: AT })).claimed, true);
  });

  test('an abandoned claim is taken over once: of two takers one wins, and the holder is the latest claim', async () => {
    await claimName(store, { kind: 'username', key: 'orphan', ownerId: 'ghost', at: AT });
    const kept = await claimName(store, { kind: 'username', key: 'orphan', ownerId: 'u3', at: AT }, { abandoned: async () => false });
    assert.deepEqual(kept, { claimed: false, holder: 'ghost' });
    // Two takers who both judge the ghost's claim abandoned: the stream's revision lets one win.
    const abandoned = async (holder: { ownerId: string }) => holder.ownerId === 'ghost';
    const [first, second] = await Promise.all([
      claimName(store, { kind: 'username', key: 'orphan', ownerId: 'u4', at: AT }, { abandoned }),
      claimName(store, { kind: 'username', key: 'orphan', ownerId: 'u5', at: AT }, { abandoned }),
    ]);
    assert.equal([first, second].filter((result) => result.claimed).length, 1, JSON.stringify([first, second]));
    const winner = first.claimed ? 'u4' : 'u5';
    assert.equal(await reservationOwner(store, 'username', 'orphan'), winner);
    assert.deepEqual(first.claimed ? second : first, { claimed: false, holder: winner });
  });

  test('a referral code (users and waitlist entries draw from one pool) is drawn again on a clash', async () => {
    await claimName(store, { kind: 'referral-code', key: 'TAKEN234', ownerId: 'waitlist:a@example.com', at: AT });
    const draws = ['TAKEN234', 'FRESH234'];
    assert.equal(await claimReferralCode(store, 'user:u9', AT, () => draws.shift() ?? 'NEVER234'), 'FRESH234');
    assert.equal(await reservationOwner(store, 'referral-code', 'FRESH234'), 'user:u9');
    await assert.rejects(claimReferralCode(store, 'user:u10', AT, () => 'TAKEN234'), /Could not draw a free referral code/);
    assert.match(randomReferralCode(), new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`));
  });

  test('a short code is drawn again on a clash, and a run of clashes is a 409', async () => {
    await claimName(store, { kind: 'short-code', key: 'taken22', ownerId: 'content:other', at: AT });
    const draws = ['taken22', 'fresh22'];
    assert.equal(await claimShortCode(store, 'c1', AT, () => draws.shift() ?? 'never22'), 'fresh22');
    assert.equal(await reservationOwner(store, 'short-code', 'fresh22'), 'content:c1');
    await assert.rejects(claimShortCode(store, 'c2', AT, () => 'taken22'), ConflictError);
  });

  test('random short codes use the short-code alphabet and length', () => {
    for (let i = 0; i < 50; i++) assert.match(randomShortCode(), /^[2-9a-hjkmnp-z]{7}$/);
  });
});
