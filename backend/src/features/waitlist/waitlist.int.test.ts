import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
before(async () => {
  // Confirmation e-mails are sent by the e-mail worker (on WaitlistJoined).
  app = await startTestApp({}, { workers: true });
});
after(() => app.close());

let n = 0;
const uniqueEmail = (prefix = 'fan') => `${prefix}${++n}.${process.pid}@example.com`;
const signup = (json: unknown) => app.request('POST', '/api/waitlist/signup', { json });
const status = (email: string) => app.request('GET', `/api/waitlist/status?email=${encodeURIComponent(email)}`);
const count = async (): Promise<number> => (await app.request('GET', '/api/waitlist/count')).body.count;

/** Follows the confirmation link e-mailed to `to`, as the person does, and waits for the credit jobs. */
async function confirm(to: string): Promise<void> {
  const response = await app.request('GET', await confirmationPath(to));
  assert.equal(response.status, 303, response.text);
  await app.settleJobs();
}

/** The confirmation link e-mailed to `to`, polled with a deadline. */
async function confirmationPath(to: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    await app.settleJobs();
    // The waitlist's e-mail, not the account confirmation a registered user also gets.
    const mail = (await app.outbox()).find((message) => message.to.includes(to) && message.text.includes('/api/waitlist/confirm?'));
    if (mail) {
      const link = /https?:\/\/\S+\/api\/waitlist\/confirm\?\S+/.exec(mail.text)?.[0];
      assert.ok(link, `no confirmation link in: ${mail.text}`);
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }
    if (Date.now() > deadline) assert.fail(`no confirmation e-mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('POST /api/waitlist/signup', () => {
  test('puts a new email on the list with the next position, no referrals and a referral code', async () => {
    const before = await count();
    const response = await signup({ email: uniqueEmail(), referred_by: null });
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.body).sort(), ['position', 'referral_code', 'referrals']);
    assert.equal(response.body.position, before + 1);
    assert.equal(response.body.referrals, 0);
    assert.match(response.body.referral_code, /^[A-Z0-9]{8}$/);
    assert.equal(await count(), before + 1);
  });

  test('accepts the name the form collects and ignores it', async () => {
    const response = await signup({ name: 'Ada', email: uniqueEmail(), referred_by: null });
    assert.equal(response.status, 200);
  });

  test('gives the same answer to the same email in any case, keeping one position', async () => {
    const email = uniqueEmail('Case');
    const first = await signup({ email: email.toLowerCase(), referred_by: null });
    const total = await count();
    const again = await signup({ email: ` ${email.toUpperCase()} `, referred_by: null });
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body);
    assert.equal(await count(), total);
  });

  test('10 parallel signups of one email in mixed case get one position and 10 equal answers', async () => {
    const email = uniqueEmail('Race');
    const before = await count();
    const variants = Array.from({ length: 10 }, (_, i) => (i % 2 ? email.toUpperCase() : email.toLowerCase()));
    const answers = await Promise.all(variants.map((variant) => signup({ email: variant, referred_by: null })));
    for (const answer of answers) {
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(answer.body, answers[0]!.body);
    }
    assert.equal(await count(), before + 1);
    assert.equal(answers[0]!.body.position, before + 1);
    // One confirmation e-mail, not ten.
    await app.settleJobs();
    const mails = (await app.outbox()).filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()));
    assert.equal(mails.length, 1);
  });

  test("a signup with someone's referral code credits them once the friend confirms, once per referred email", async () => {
    const referrer = uniqueEmail('referrer');
    const { referral_code } = (await signup({ email: referrer, referred_by: null })).body;
    const friend = uniqueEmail('friend');

    assert.equal((await signup({ email: friend, referred_by: referral_code })).status, 200);
    await app.settleJobs();
    assert.equal((await status(referrer)).body.referrals, 0, 'nothing before the friend confirms');
    await confirm(friend);
    assert.equal((await status(referrer)).body.referrals, 1);

    // The same referred email again (any case, with or without the code) does not count twice.
    await signup({ email: friend.toUpperCase(), referred_by: referral_code });
    await signup({ email: friend, referred_by: null });
    await app.settleJobs();
    assert.equal((await status(referrer)).body.referrals, 1);

    // Another friend, with the code in lowercase, does once confirmed.
    const another = uniqueEmail('friend');
    await signup({ email: another, referred_by: referral_code.toLowerCase() });
    await confirm(another);
    assert.equal((await status(referrer)).body.referrals, 2);
  });

  test('a self-referral or an unknown code credits nobody, and the email still joins', async () => {
    const email = uniqueEmail('self');
    const { referral_code } = (await signup({ email, referred_by: null })).body;
    await signup({ email, referred_by: referral_code });
    assert.equal((await status(email)).body.referrals, 0);

    const stranger = uniqueEmail('stranger');
    const joined = await signup({ email: stranger, referred_by: 'NOSUCHCODE' });
    assert.equal(joined.status, 200);
    assert.equal((await status(stranger)).status, 200);
  });

  test("a registered user's referral code earns that user a 7-day promo code once per confirmed referred email", async () => {
    const user = await app.register();
    const code = user.user.referral_code as string;
    assert.ok(code);
    const friend = uniqueEmail('userfriend');
    await signup({ email: friend, referred_by: code });
    await signup({ email: friend.toUpperCase(), referred_by: code });
    await app.settleJobs();
    assert.deepEqual((await app.request('GET', '/api/referrals/promo-codes', { token: user.token })).body, []);
    await confirm(friend);
    let codes = (await app.request('GET', '/api/referrals/promo-codes', { token: user.token })).body;
    assert.equal(codes.length, 1);
    assert.match(codes[0].code, /^REF-[A-Z0-9]{6}$/);
    assert.equal(codes[0].redeemed, false);

    const second = uniqueEmail('userfriend');
    await signup({ email: second, referred_by: code });
    await confirm(second);
    codes = (await app.request('GET', '/api/referrals/promo-codes', { token: user.token })).body;
    assert.equal(codes.length, 2);

    const referral = await app.request('POST', '/api/waitlist/referral', { json: { referral_code: code } });
    assert.equal(referral.status, 200);
    assert.equal(referral.body.referrals, 2);
    assert.equal(referral.body.position, null);
  });

  test("a user's own email joining with their own code earns nothing, even confirmed", async () => {
    const user = await app.register();
    await signup({ email: user.user.email, referred_by: user.user.referral_code });
    await confirm(user.user.email);
    const codes = (await app.request('GET', '/api/referrals/promo-codes', { token: user.token })).body;
    assert.deepEqual(codes, []);
  });

  test('refuses an invalid, missing or too long email with the SPEC message, and unknown fields', async () => {
    for (const json of [
      { email: 'not-an-email', referred_by: null },
      { email: 'ada@example', referred_by: null },
      { referred_by: null },
      { email: `${'a'.repeat(60)}@example.com`, referred_by: null },
    ]) {
      const response = await signup(json);
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.equal(response.body.detail, MESSAGES.invalidEmail);
    }
    const extra = await signup({ email: uniqueEmail(), referred_by: null, position: 1 });
    assert.equal(extra.status, 400);
    assert.equal(typeof extra.body.detail, 'string');
    const longName = await signup({ email: uniqueEmail(), name: 'n'.repeat(33) });
    assert.equal(longName.status, 400);
  });

  test('sends a confirmation e-mail whose link confirms the email and redirects to the waitlist page', async () => {
    const email = uniqueEmail('confirm');
    await signup({ email, referred_by: null });
    assert.equal((await status(email)).body.confirmed, false);
    const path = await confirmationPath(email);
    const response = await app.request('GET', path);
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/waitlist?confirmed=1');
    assert.equal((await status(email)).body.confirmed, true);
    // Following the link again is harmless.
    assert.equal((await app.request('GET', path)).status, 303);
  });

  test('refuses a confirmation link with a wrong token or for another email', async () => {
    const email = uniqueEmail('forged');
    await signup({ email, referred_by: null });
    const path = await confirmationPath(email);
    const url = new URL(path, 'http://x');
    const token = url.searchParams.get('token') ?? '';
    const wrongToken = await app.request('GET', `/api/waitlist/confirm?email=${encodeURIComponent(email)}&token=${token.slice(1)}x`);
    assert.equal(wrongToken.status, 400);
    assert.equal(wrongToken.body.detail, 'Invalid or expired confirmation link.');
    const other = uniqueEmail('other');
    await signup({ email: other, referred_by: null });
    const otherEmail = await app.request('GET', `/api/waitlist/confirm?email=${encodeURIComponent(other)}&token=${token}`);
    assert.equal(otherEmail.status, 400);
    assert.equal((await status(other)).body.confirmed, false);
    const missing = await app.request('GET', '/api/waitlist/confirm');
    assert.equal(missing.status, 400);
  });
});

describe('GET /api/waitlist/status', () => {
  test('answers position, referrals, code, confirmation, tier and referrals needed', async () => {
    const email = uniqueEmail('status');
    const joined = (await signup({ email, referred_by: null })).body;
    await app.settleJobs();
    const response = await status(email.toUpperCase());
    assert.equal(response.status, 200);
    const { rank, ...rest } = response.body;
    // The waitlist-rank worker's rank (workers run in this harness): set once its job is done.
    assert.equal(typeof rank, 'number');
    assert.deepEqual(rest, {
      position: joined.position,
      referrals: 0,
      referral_code: joined.referral_code,
      confirmed: false,
      tier: 'lifetime',
      referrals_needed: 0,
    });
  });

  test('answers 404 for an email not on the list and 400 for an invalid one', async () => {
    const unknown = await status(uniqueEmail('nobody'));
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.detail, 'This email is not on the waitlist.');
    const invalid = await status('nope');
    assert.equal(invalid.status, 400);
    assert.equal(invalid.body.detail, MESSAGES.invalidEmail);
    assert.equal((await app.request('GET', '/api/waitlist/status')).status, 400);
  });
});

describe('POST /api/waitlist/referral', () => {
  test('answers the code, its referrals, the position and the referral link', async () => {
    const email = uniqueEmail('link');
    const joined = (await signup({ email, referred_by: null })).body;
    const friend = uniqueEmail('linkfriend');
    await signup({ email: friend, referred_by: joined.referral_code });
    await confirm(friend);
    const response = await app.request('POST', '/api/waitlist/referral', { json: { referral_code: joined.referral_code.toLowerCase() } });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      referral_code: joined.referral_code,
      referrals: 1,
      position: joined.position,
      referral_link: `${app.ctx.config.PUBLIC_URL}/waitlist?ref=${joined.referral_code}`,
    });
  });

  test('answers 404 for an unknown code and 400 without one', async () => {
    const unknown = await app.request('POST', '/api/waitlist/referral', { json: { referral_code: 'NOPE1234' } });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.detail, 'Referral code not found.');
    const missing = await app.request('POST', '/api/waitlist/referral', { json: {} });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.detail, 'referral_code: Please enter a referral code.');
  });
});

describe('GET /api/waitlist/count', () => {
  test('is public and counts each email once', async () => {
    const response = await app.request('GET', '/api/waitlist/count');
    assert.equal(response.status, 200);
    assert.equal(typeof response.body.count, 'number');
    const email = uniqueEmail('counted');
    await signup({ email, referred_by: null });
    await signup({ email, referred_by: null });
    assert.equal(await count(), response.body.count + 1);
  });
});

describe('waitlist tiers', () => {
  test('position 101 is told it needs one more referral and gets the one-month tier', async () => {
    const fresh = await startTestApp();
    try {
      for (let i = 1; i <= 100; i++) {
        await fresh.request('POST', '/api/waitlist/signup', { json: { email: `early${i}@example.com`, referred_by: null } });
      }
      const hundredth = await fresh.request('GET', '/api/waitlist/status?email=early100@example.com');
      assert.equal(hundredth.body.position, 100);
      assert.equal(hundredth.body.tier, 'lifetime');
      const late = await fresh.request('POST', '/api/waitlist/signup', { json: { email: 'late@example.com', referred_by: null } });
      assert.equal(late.body.position, 101);
      const lateStatus = await fresh.request('GET', '/api/waitlist/status?email=late@example.com');
      assert.equal(lateStatus.body.tier, 'one_month');
      assert.equal(lateStatus.body.referrals_needed, 1);
    } finally {
      await fresh.close();
    }
  });
});
