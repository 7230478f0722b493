/**
 * The waitlist carries into the product (issue 11 part 5): a confirmed waitlist member who signs up keeps the
 * referral code and gets the tier (top 100 lifetime Premium, others one month of Premium); nobody gets a
 * tier for an address they do not control; one's own entry is read back by its secret token.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { addOneMonth } from '@crossfeed/domain/users/waitlist-tier.decider.ts';
import { reservationOwner } from '@crossfeed/platform/reservations/reservations.ts';
import { referralCodeRoute } from '@crossfeed/workers/referrals/referral-code.processor.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp({}, { workers: true });
});
after(() => app.close());

let n = 0;
const tag = () => `${++n}x${process.pid}`;
const PASSWORD = 'Str0ng!Passw0rd';

interface Joined {
  position: number;
  referrals: number;
  referral_code: string;
  entry_token?: string;
}

const join = async (email: string): Promise<Joined> => {
  const response = await app.request('POST', '/api/waitlist/signup', { json: { email, referred_by: null } });
  assert.equal(response.status, 200, response.text);
  // The SPEC's answer keeps its three fields; a new entry's secret token comes in a header.
  assert.deepEqual(Object.keys(response.body).sort(), ['position', 'referral_code', 'referrals']);
  const token = response.headers.get('x-waitlist-entry-token');
  return { ...(response.body as Joined), ...(token ? { entry_token: token } : {}) };
};

/** The link e-mailed to `to` whose path matches. */
async function mailedLink(to: string, pathPattern: RegExp): Promise<URL> {
  await app.settleJobs();
  const mails = (await app.outbox()).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
  const link = mails.map((mail) => new RegExp(`https?://\\S+${pathPattern.source}\\S+`).exec(mail.text)?.[0]).find(Boolean);
  assert.ok(link, `an e-mail to ${to} with a link to ${pathPattern.source}`);
  return new URL(link);
}

/** Follows the waitlist confirmation e-mail, as the mailbox's reader does; returns what the redirect hands the page. */
async function confirmWaitlist(email: string): Promise<{ entry: string; claim: string }> {
  const link = await mailedLink(email, /\/api\/waitlist\/confirm\?/);
  const response = await app.request('GET', `${link.pathname}${link.search}`);
  assert.equal(response.status, 303, response.text);
  assert.equal(response.headers.get('location'), '/waitlist?confirmed=1');
  // The waitlist page's short-lived cookie carries the entry token and the claim.
  const cookie = response.headers.get('set-cookie') ?? '';
  const match = /crossfeed_waitlist_entry=([^;]+)/.exec(cookie);
  assert.ok(match, `the confirmation sets the waitlist page's cookie: ${cookie}`);
  assert.match(cookie, /Path=\/waitlist/);
  const values = new URLSearchParams(decodeURIComponent(match[1]!));
  const entry = values.get('entry');
  const claim = values.get('claim');
  assert.ok(entry && claim, `the cookie carries the entry token and the claim: ${cookie}`);
  await app.settleJobs();
  return { entry, claim };
}

const register = async (email: string, claim?: string) => {
  const username = `wl${tag()}`.slice(0, 20);
  const response = await app.request('POST', '/auth/register', {
    json: { username, email, password: PASSWORD, ...(claim === undefined ? {} : { waitlist_claim: claim }) },
  });
  assert.equal(response.status, 201, response.text);
  const login = await app.request('POST', '/auth/login', { form: { username, password: PASSWORD } });
  assert.equal(login.status, 200, login.text);
  return { user: response.body as Record<string, any>, token: (login.body as { access_token: string }).access_token };
};

const me = async (token: string) => (await app.request('GET', '/auth/me', { token })).body as Record<string, any>;

describe('the waitlist carries into the product', () => {
  test('a confirmed top-100 member who signs up from the confirming browser gets lifetime Premium and keeps the referral code', async () => {
    const email = `early${tag()}@example.com`;
    const joined = await join(email);
    assert.ok(joined.position <= 100);
    const { claim } = await confirmWaitlist(email);
    // Typed in another case: the same mailbox.
    const { user, token } = await register(email.toUpperCase(), claim);
    assert.equal(user.is_premium, true);
    assert.equal(user.premium_lifetime, true);
    assert.equal(user.premium_until, null);
    assert.equal(user.referral_code, joined.referral_code);
    assert.deepEqual(user.waitlist, {
      position: joined.position,
      tier: 'lifetime',
      month_free_granted: false,
      message: `Waitlist #${joined.position}: lifetime Premium`,
    });
    assert.deepEqual(await me(token), user);
    const notifications = (await app.request('GET', '/notifications/', { token })).body as { message: string }[];
    assert.ok(notifications.some((item) => item.message === `Waitlist #${joined.position}: lifetime Premium`), JSON.stringify(notifications));
    // The code still finds the waitlist entry (its referrals keep counting).
    const referral = await app.request('POST', '/api/waitlist/referral', { json: { referral_code: joined.referral_code } });
    assert.equal(referral.status, 200, referral.text);
    // One append: the registration and its carry-over; the entry's code is the entry's reservation, so no
    // referral-code job follows the registration.
    const events = await app.ctx.eventStore.readStream(userStream(user.id as string));
    assert.deepEqual(events.map((event) => event.type), ['UserRegistered', 'WaitlistTierCarriedOver', 'PremiumStarted']);
    assert.deepEqual(referralCodeRoute.jobs(events[0]!), []);
    await app.settleJobs();
    assert.equal(await reservationOwner(app.ctx.eventStore, 'referral-code', joined.referral_code), `waitlist:${email}`);
  });

  test('a member past the top 100 gets one month of Premium from sign-up', async () => {
    // Fill the top 100 (some places are taken by the other tests already).
    const count = ((await app.request('GET', '/api/waitlist/count')).body as { count: number }).count;
    for (let i = count; i < 100; i++) await join(`filler${tag()}@example.com`);
    const email = `later${tag()}@example.com`;
    const joined = await join(email);
    assert.ok(joined.position > 100, `position ${joined.position}`);
    const { claim } = await confirmWaitlist(email);
    const now = '2026-11-25T12:00:00.000Z';
    app.setNow(now);
    try {
      const { user } = await register(email, claim);
      assert.equal(user.is_premium, true);
      assert.equal(user.premium_lifetime, false);
      assert.equal(user.premium_until, addOneMonth(now));
      assert.equal(user.premium_until, '2026-12-25T12:00:00.000Z');
      assert.equal(user.referral_code, joined.referral_code);
      assert.equal(user.waitlist.tier, 'one_month');
      assert.equal(user.waitlist.message, 'Waitlist: one month of Premium free');
    } finally {
      app.setNow(undefined);
    }
  });

  test('signing up with a confirmed member\u2019s address but without the proof gives nothing until the account\u2019s e-mail is confirmed', async () => {
    const email = `owner${tag()}@example.com`;
    const joined = await join(email);
    await confirmWaitlist(email);
    const { user, token } = await register(email, 'not-the-proof');
    assert.equal(user.is_premium, false);
    assert.equal(user.waitlist, null);
    assert.notEqual(user.referral_code, joined.referral_code);
    // The account's own confirmation link (only the mailbox's reader has it) links the two.
    const link = await mailedLink(email, /\/auth\/confirm-email\?/);
    const confirmed = await app.request('GET', `${link.pathname}${link.search}`);
    assert.equal(confirmed.status, 303, confirmed.text);
    const after = await me(token);
    assert.equal(after.is_premium, true);
    assert.equal(after.waitlist?.position, joined.position);
    assert.equal(after.referral_code, joined.referral_code);
  });

  test('an unconfirmed waitlist entry carries nothing; confirming it later links an account already confirmed', async () => {
    const email = `unconfirmed${tag()}@example.com`;
    const joined = await join(email);
    const { user, token } = await register(email);
    assert.equal(user.is_premium, false);
    assert.equal(user.waitlist, null);
    const link = await mailedLink(email, /\/auth\/confirm-email\?/);
    assert.equal((await app.request('GET', `${link.pathname}${link.search}`)).status, 303);
    assert.equal((await me(token)).is_premium, false, 'the waitlist e-mail was never confirmed');
    await confirmWaitlist(email);
    const after = await me(token);
    assert.equal(after.is_premium, true);
    assert.equal(after.referral_code, joined.referral_code);
  });

  test("another entry's claim gives nothing", async () => {
    const mine = `mine${tag()}@example.com`;
    const victim = `victim${tag()}@example.com`;
    await join(mine);
    await join(victim);
    const { claim } = await confirmWaitlist(mine);
    await confirmWaitlist(victim);
    const { user } = await register(victim, claim);
    assert.equal(user.is_premium, false);
    assert.equal(user.waitlist, null);
  });

  test('GET /api/waitlist/me reads one\u2019s own entry by its secret token, and nothing without it', async () => {
    const email = `me${tag()}@example.com`;
    const joined = await join(email);
    assert.ok(joined.entry_token);
    const own = await app.request('GET', `/api/waitlist/me?token=${encodeURIComponent(joined.entry_token)}`);
    assert.equal(own.status, 200, own.text);
    assert.equal(own.body.position, joined.position);
    assert.equal(own.body.referrals, 0);
    assert.equal(own.body.referral_code, joined.referral_code);
    assert.equal(own.body.confirmed, false);
    assert.equal('email' in own.body, false);
    // The confirmation link hands the same token to the confirming browser.
    assert.equal((await confirmWaitlist(email)).entry, joined.entry_token);
    // Typed again, the address gets the position and a message: not the token, not the code.
    const again = await app.request('POST', '/api/waitlist/signup', { json: { email, referred_by: null } });
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(Object.keys(again.body).sort(), ['message', 'position']);
    assert.equal(again.headers.get('x-waitlist-entry-token'), null);

    const tampered = await app.request('GET', `/api/waitlist/me?token=${encodeURIComponent(`${joined.referral_code}.AAAA`)}`);
    assert.equal(tampered.status, 404);
    assert.equal(tampered.body.detail, 'Waitlist entry not found.');
    const missing = await app.request('GET', '/api/waitlist/me');
    assert.equal(missing.status, 400);
    assert.ok(missing.body.detail);
  });
});
