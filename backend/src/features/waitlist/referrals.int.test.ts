import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import type { PromoCodeIssued } from '@crossfeed/domain/promo/promo.events.ts';
import { promoStream } from '@crossfeed/domain/shared/streams.ts';
import { assertPagedList, minutesAfter, PAGED_SEED, seedEachOnItsStream } from '../../testing/paged-list-checks.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { issuePromoCode } from './promo-codes.ts';
import { signToken } from '../../testing/test-tokens.ts';

const NOW = '2026-11-21T10:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;
const plusDays = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * DAY).toISOString();

let app: TestApp;
before(async () => {
  app = await startTestApp();
  app.setNow(NOW);
});
after(() => app.close());

async function expectUnauthorized(method: string, path: string, json?: unknown) {
  const session = await app.register();
  const variants: [string, string | undefined][] = [
    ['no token', undefined],
    ['a garbage token', 'not-a-jwt'],
    ['an expired token', await signToken(session.user.id, -60)],
  ];
  for (const [name, token] of variants) {
    const response = await app.request(method, path, { token, json });
    assert.equal(response.status, 401, `${method} ${path} with ${name}`);
    assert.equal(typeof response.body.detail, 'string');
  }
}

const redeem = (token: string, code: unknown) => app.request('POST', '/api/referrals/redeem', { token, json: { code } });
const me = async (token: string) => (await app.request('GET', '/auth/me', { token })).body;

describe('POST /api/referrals/redeem', () => {
  test('redeems a code: the user is Premium until now + its days, and the code shows as redeemed', async () => {
    const owner = await app.register();
    const code = await issuePromoCode(app.ctx, owner.user.id, { premiumDays: 30, reason: 'test' });
    assert.match(code, /^REF-[A-Z0-9]{6}$/);

    const response = await redeem(owner.token, ` ${code} `);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { message: 'Promo code redeemed successfully!', premium_until: plusDays(NOW, 30) });
    const user = await me(owner.token);
    assert.equal(user.is_premium, true);
    assert.equal(user.premium_until, plusDays(NOW, 30));
    const codes = (await app.request('GET', '/api/referrals/promo-codes', { token: owner.token })).body;
    assert.deepEqual(codes, [{ id: code, code, redeemed: true }]);
  });

  test('a second code redeemed during a promo Premium adds its days to the running end', async () => {
    const session = await app.register();
    const first = await issuePromoCode(app.ctx, session.user.id, { premiumDays: 7, reason: 'test' });
    const second = await issuePromoCode(app.ctx, session.user.id, { premiumDays: 7, reason: 'test' });
    assert.equal((await redeem(session.token, first)).status, 200);
    const again = await redeem(session.token, second);
    assert.equal(again.status, 200);
    assert.equal(again.body.premium_until, plusDays(NOW, 14));
    assert.equal((await me(session.token)).premium_until, plusDays(NOW, 14));
  });

  test("anyone may redeem a code issued to someone else, but only once", async () => {
    const owner = await app.register();
    const other = await app.register();
    const code = await issuePromoCode(app.ctx, owner.user.id, { premiumDays: 7, reason: 'test' });
    assert.equal((await redeem(other.token, code)).status, 200);
    assert.equal((await me(other.token)).is_premium, true);
    const again = await redeem(owner.token, code);
    assert.equal(again.status, 409);
    assert.equal(again.body.detail, 'This promo code has already been redeemed.');
    assert.equal((await me(owner.token)).is_premium, false);
  });

  test('10 parallel redemptions of one code: exactly one succeeds', async () => {
    const owner = await app.register();
    const code = await issuePromoCode(app.ctx, owner.user.id, { premiumDays: 7, reason: 'test' });
    const sessions = await Promise.all(Array.from({ length: 10 }, () => app.register()));
    const answers = await Promise.all(sessions.map((session) => redeem(session.token, code)));
    const statuses = answers.map((answer) => answer.status).sort();
    assert.deepEqual(statuses, [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      assert.equal(answer.body.detail, 'This promo code has already been redeemed.');
    }
    const premium = await Promise.all(sessions.map(async (session) => (await me(session.token)).is_premium));
    assert.equal(premium.filter(Boolean).length, 1);
  });

  test('an unknown code is invalid (404)', async () => {
    const session = await app.register();
    const response = await redeem(session.token, 'NOPE-123456');
    assert.equal(response.status, 404);
    assert.equal(response.body.detail, 'Invalid promo code.');
  });

  test('refuses an empty code and a code outside 6-20 of A-Z, 0-9 and hyphen with the SPEC messages', async () => {
    const session = await app.register();
    for (const empty of ['', '   ', undefined]) {
      const response = await app.request('POST', '/api/referrals/redeem', { token: session.token, json: empty === undefined ? {} : { code: empty } });
      assert.equal(response.status, 400);
      assert.equal(response.body.detail, MESSAGES.promoEmpty);
    }
    for (const bad of ['abc-defg', 'ABC', 'A'.repeat(21), 'ABC_DEF', 'ABC DEF']) {
      const response = await redeem(session.token, bad);
      assert.equal(response.status, 400, bad);
      assert.equal(response.body.detail, MESSAGES.promoFormat);
    }
  });

  test('a subscribed Premium user keeps the code for later (409, the code stays unredeemed)', async () => {
    const owner = await app.register();
    await app.grantPremium(owner.user.id);
    const code = await issuePromoCode(app.ctx, owner.user.id, { premiumDays: 7, reason: 'test' });
    const response = await redeem(owner.token, code);
    assert.equal(response.status, 409);
    assert.equal(response.body.detail, 'You are already a Premium user.');
    const codes = (await app.request('GET', '/api/referrals/promo-codes', { token: owner.token })).body;
    assert.deepEqual(codes, [{ id: code, code, redeemed: false }]);
  });

  test('answers 401 without a valid token', async () => {
    await expectUnauthorized('POST', '/api/referrals/redeem', { code: 'WELCOME-2026' });
  });
});

describe('GET /api/referrals/promo-codes', () => {
  test("lists the caller's codes only, newest first", async () => {
    const session = await app.register();
    const stranger = await app.register();
    app.setNow('2026-11-21T10:00:00.000Z');
    const older = await issuePromoCode(app.ctx, session.user.id, { premiumDays: 7, reason: 'test' });
    app.setNow('2026-11-22T10:00:00.000Z');
    const newer = await issuePromoCode(app.ctx, session.user.id, { premiumDays: 7, reason: 'test', prefix: 'GIFT-' });
    app.setNow(NOW);
    await issuePromoCode(app.ctx, stranger.user.id, { premiumDays: 7, reason: 'test' });

    const response = await app.request('GET', '/api/referrals/promo-codes', { token: session.token });
    assert.equal(response.status, 200);
    assert.match(newer, /^GIFT-[A-Z0-9]{6}$/);
    assert.deepEqual(response.body, [
      { id: newer, code: newer, redeemed: false },
      { id: older, code: older, redeemed: false },
    ]);
  });

  test('pages newest first (ties by code) with X-Total-Count', async () => {
    const session = await app.register();
    const prefix = `PAGE${session.user.id.replace(/[^a-z0-9]/gi, '').slice(-6).toUpperCase()}`;
    const events: PromoCodeIssued[] = Array.from({ length: PAGED_SEED }, (_, i) => ({
      type: 'PromoCodeIssued',
      data: {
        code: `${prefix}-${String(i).padStart(4, '0')}`,
        ownerId: session.user.id,
        premiumDays: 7,
        reason: 'test',
        issuedAt: minutesAfter('2026-01-01T00:00:00.000Z', Math.floor(i / 2)),
      },
    }));
    await seedEachOnItsStream(app, events, (event) => promoStream(event.data.code));
    const expected = events
      .map(({ data }) => data)
      .sort((a, b) => (a.issuedAt === b.issuedAt ? (a.code < b.code ? -1 : 1) : a.issuedAt < b.issuedAt ? 1 : -1))
      .map((data) => data.code);
    await assertPagedList(app, '/api/referrals/promo-codes', session.token, expected);
  });

  test('answers an empty list to a user without codes', async () => {
    const session = await app.register();
    assert.deepEqual((await app.request('GET', '/api/referrals/promo-codes', { token: session.token })).body, []);
  });

  test('answers 401 without a valid token', async () => {
    await expectUnauthorized('GET', '/api/referrals/promo-codes');
  });
});
