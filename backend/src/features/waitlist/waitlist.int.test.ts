import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { WAITLIST_ENTRY_LINK_WINDOW_MS as ENTRY_LINK_WINDOW_MS } from '@crossfeed/domain/rules/limits.ts';
import { ENTRY_LINK_SUBJECT } from '@crossfeed/workers/email/waitlist-entry-link-email.processor.ts';
import { ENTRY_LINK_SENT } from './waitlist.ts';
import { ALREADY_ON_LIST } from './waitlist.routes.ts';

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
/** A new entry's answer and its secret token (the header only the creating call gets). */
const join = async (email: string, referredBy: string | null = null) => {
  const response = await signup({ email, referred_by: referredBy });
  assert.equal(response.status, 200, response.text);
  const token = response.headers.get('x-waitlist-entry-token');
  assert.ok(token, `a new entry's token for ${email}`);
  return { ...(response.body as { position: number; referrals: number; referral_code: string }), token };
};
/** One's own entry, by its token (GET /api/waitlist/me). */
const me = async (token: string) => {
  const response = await app.request('GET', `/api/waitlist/me?token=${encodeURIComponent(token)}`);
  assert.equal(response.status, 200, response.text);
  return response.body as Record<string, unknown>;
};
/** The referrals of a code, as its (public) referral link shows them. */
const referralsOf = async (code: string): Promise<number> =>
  (await app.request('POST', '/api/waitlist/referral', { json: { referral_code: code } })).body.referrals;
const ENTRY_FIELDS = ['referral_code', 'referrals', 'referral_link', 'confirmed', 'tier', 'referrals_needed', 'rank', 'email'];
/** The answer names none of the entry's identifying or crediting fields, nor its code anywhere in the text. */
function assertPositionOnly(response: { body: any; text: string }, code: string): void {
  assert.deepEqual(Object.keys(response.body).sort(), ['message', 'position']);
  for (const field of ENTRY_FIELDS) assert.equal(field in response.body, false, field);
  assert.equal(response.text.includes(code), false, 'the referral code appears nowhere in the answer');
}

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

  test('the same email again, in any case, keeps one position and answers only that position and a message', async () => {
    const email = uniqueEmail('Case');
    const first = await join(email.toLowerCase());
    const total = await count();
    const again = await signup({ email: ` ${email.toUpperCase()} `, referred_by: null });
    assert.equal(again.status, 200);
    // Whoever types an address already on the list is not handed its entry (issue 23, finding 7).
    assertPositionOnly(again, first.referral_code);
    assert.deepEqual(again.body, { position: first.position, message: ALREADY_ON_LIST });
    assert.equal(again.headers.get('x-waitlist-entry-token'), null);
    assert.equal(await count(), total);
  });

  test('10 parallel signups of one email in mixed case get one position: one full answer, nine with the position only', async () => {
    const email = uniqueEmail('Race');
    const before = await count();
    const variants = Array.from({ length: 10 }, (_, i) => (i % 2 ? email.toUpperCase() : email.toLowerCase()));
    const answers = await Promise.all(variants.map((variant) => signup({ email: variant, referred_by: null })));
    for (const answer of answers) assert.equal(answer.status, 200, answer.text);
    const created = answers.filter((answer) => answer.headers.get('x-waitlist-entry-token') !== null);
    assert.equal(created.length, 1);
    const code = created[0]!.body.referral_code as string;
    assert.match(code, /^[A-Z0-9]{8}$/);
    for (const answer of answers.filter((a) => a !== created[0])) {
      assertPositionOnly(answer, code);
      assert.equal(answer.body.position, before + 1);
    }
    assert.equal(await count(), before + 1);
    assert.equal(created[0]!.body.position, before + 1);
    // One confirmation e-mail, not ten (the join's e-mail counts as the entry's link for its first minutes).
    await app.settleJobs();
    const mails = (await app.outbox()).filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()));
    assert.equal(mails.length, 1);
  });

  test("a signup with someone's referral code credits them once the friend confirms, once per referred email", async () => {
    const referrer = uniqueEmail('referrer');
    const { referral_code, token } = await join(referrer);
    const friend = uniqueEmail('friend');

    assert.equal((await signup({ email: friend, referred_by: referral_code })).status, 200);
    await app.settleJobs();
    assert.equal(await referralsOf(referral_code), 0, 'nothing before the friend confirms');
    await confirm(friend);
    assert.equal(await referralsOf(referral_code), 1);
    assert.equal((await me(token)).referrals, 1);

    // The same referred email again (any case, with or without the code) does not count twice.
    await signup({ email: friend.toUpperCase(), referred_by: referral_code });
    await signup({ email: friend, referred_by: null });
    await app.settleJobs();
    assert.equal(await referralsOf(referral_code), 1);

    // Another friend, with the code in lowercase, does once confirmed.
    const another = uniqueEmail('friend');
    await signup({ email: another, referred_by: referral_code.toLowerCase() });
    await confirm(another);
    assert.equal(await referralsOf(referral_code), 2);
  });

  test('a self-referral or an unknown code credits nobody, and the email still joins', async () => {
    const email = uniqueEmail('self');
    const { referral_code } = await join(email);
    await signup({ email, referred_by: referral_code });
    assert.equal(await referralsOf(referral_code), 0);

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
    const { token } = await join(email);
    assert.equal((await me(token)).confirmed, false);
    const path = await confirmationPath(email);
    const response = await app.request('GET', path);
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/waitlist?confirmed=1');
    assert.equal((await me(token)).confirmed, true);
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
    const otherEntry = await join(other);
    const otherEmail = await app.request('GET', `/api/waitlist/confirm?email=${encodeURIComponent(other)}&token=${token}`);
    assert.equal(otherEmail.status, 400);
    assert.equal((await me(otherEntry.token)).confirmed, false);
    const missing = await app.request('GET', '/api/waitlist/confirm');
    assert.equal(missing.status, 400);
  });
});

/** Follows the link of an e-mail as its reader does; returns the entry token it hands the waitlist page. */
async function openMailedLink(text: string): Promise<string> {
  const link = /https?:\/\/\S+\/api\/waitlist\/confirm\?\S+/.exec(text)?.[0];
  assert.ok(link, `a link in: ${text}`);
  const url = new URL(link);
  const opened = await app.request('GET', `${url.pathname}${url.search}`);
  assert.equal(opened.status, 303, opened.text);
  assert.equal(opened.headers.get('location'), '/waitlist?confirmed=1');
  const cookie = /crossfeed_waitlist_entry=([^;]+)/.exec(opened.headers.get('set-cookie') ?? '')?.[1];
  assert.ok(cookie, 'the waitlist page cookie');
  const token = new URLSearchParams(decodeURIComponent(cookie)).get('entry');
  assert.ok(token);
  return token;
}

describe('GET /api/waitlist/status', () => {
  test("someone else's address answers the position and a message only: no referral code, link, referrals, confirmation, tier or rank", async () => {
    const victim = uniqueEmail('victim');
    const joined = await join(victim);
    const friend = uniqueEmail('vfriend');
    await signup({ email: friend, referred_by: joined.referral_code });
    await confirm(friend);
    await app.settleJobs();

    // The attack of issue 23, finding 7: anyone types the victim's address.
    const response = await status(victim.toUpperCase());
    assert.equal(response.status, 200, response.text);
    assertPositionOnly(response, joined.referral_code);
    assert.deepEqual(response.body, { position: joined.position, message: ENTRY_LINK_SENT });

    // The full entry is its holder's, by the entry's token.
    const own = await me(joined.token);
    assert.equal(own.referral_code, joined.referral_code);
    assert.equal(own.referrals, 1);
    assert.equal(own.tier, 'lifetime');
    assert.equal(typeof own.rank, 'number');
  });

  test("e-mails the entry's holder a link to it, at most once per address per 10 minutes, the join's e-mail counting as the first", async () => {
    const email = uniqueEmail('lost');
    const joined = await join(email);
    await app.settleJobs();
    const mails = async () => {
      await app.settleJobs();
      return (await app.outbox()).filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()));
    };
    assert.equal((await mails()).length, 1, "the join's confirmation e-mail");
    // Right after joining, the confirmation e-mail is the link: no second one.
    assert.equal((await status(email)).body.message, ENTRY_LINK_SENT);
    assert.equal((await mails()).length, 1);

    const joinedBy = Date.now();
    const later = (windows: number) => new Date(joinedBy + windows * ENTRY_LINK_WINDOW_MS + 60_000).toISOString();
    try {
      app.setNow(later(1));
      assert.equal((await status(email)).status, 200);
      assert.equal((await status(email)).status, 200);
      assert.equal((await signup({ email, referred_by: null })).body.message, ALREADY_ON_LIST);
      const unconfirmed = await mails();
      assert.equal(unconfirmed.length, 2, 'one more e-mail for three lookups within the window');
      // Unconfirmed: the link is the confirmation link; it confirms the spot and hands the page the entry's token.
      const entryToken = await openMailedLink(unconfirmed.at(-1)!.text);
      assert.equal(entryToken, joined.token);
      const own = await me(entryToken);
      assert.equal(own.referral_code, joined.referral_code);
      assert.equal(own.confirmed, true);

      // Confirmed, a window later: a link to the entry (the same route, which now changes nothing but the page).
      app.setNow(later(2));
      await status(email);
      await status(email);
      const confirmed = await mails();
      assert.equal(confirmed.length, 3);
      const mail = confirmed.at(-1)!;
      assert.equal(mail.subject, ENTRY_LINK_SUBJECT);
      assert.ok(mail.text.includes(`/waitlist?ref=${joined.referral_code}`), 'the holder gets the referral link');
      assert.equal(await openMailedLink(mail.text), joined.token);
    } finally {
      app.setNow(undefined);
    }
  });

  test('e-mails the address the entry joined with, not the spelling typed', async () => {
    const email = uniqueEmail('Spelled');
    await join(email);
    try {
      app.setNow(new Date(Date.now() + ENTRY_LINK_WINDOW_MS + 60_000).toISOString());
      await status(email.toUpperCase());
      await app.settleJobs();
      const mails = (await app.outbox()).filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()));
      assert.equal(mails.length, 2);
      assert.ok(mails.every((mail) => mail.to.includes(email)), mails.map((mail) => mail.to).join(', '));
    } finally {
      app.setNow(undefined);
    }
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
      const own = async (answer: { headers: Headers }) =>
        (await fresh.request('GET', `/api/waitlist/me?token=${encodeURIComponent(answer.headers.get('x-waitlist-entry-token') ?? '')}`)).body;
      let hundredthJoin: { headers: Headers } | undefined;
      for (let i = 1; i <= 100; i++) {
        hundredthJoin = await fresh.request('POST', '/api/waitlist/signup', { json: { email: `early${i}@example.com`, referred_by: null } });
      }
      assert.equal((await fresh.request('GET', '/api/waitlist/status?email=early100@example.com')).body.position, 100);
      const hundredth = await own(hundredthJoin!);
      assert.equal(hundredth.position, 100);
      assert.equal(hundredth.tier, 'lifetime');
      const late = await fresh.request('POST', '/api/waitlist/signup', { json: { email: 'late@example.com', referred_by: null } });
      assert.equal(late.body.position, 101);
      const lateEntry = await own(late);
      assert.equal(lateEntry.tier, 'one_month');
      assert.equal(lateEntry.referrals_needed, 1);
    } finally {
      await fresh.close();
    }
  });
});
