/**
 * The referral loop as an attacker plays it (issue 12, finding 1): made-up addresses, `+tag` and dotted
 * copies of one mailbox, throwaway domains and self-referrals earn nothing; a real person who confirms
 * earns the referrer exactly one reward; a referrer earns at most REFERRAL_REWARDS_PER_MONTH a month.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { REFERRAL_REWARDS_PER_MONTH } from '@crossfeed/domain/rules/limits.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { ALREADY_ON_LIST } from './waitlist.routes.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp({}, { workers: true });
});
after(() => app.close());

let n = 0;
const tag = () => `${++n}x${process.pid}`;
/** The answer, and the entry's token when this call created the entry. */
const signup = async (email: string, referredBy: string | null) => {
  const response = await app.request('POST', '/api/waitlist/signup', { json: { email, referred_by: referredBy } });
  assert.equal(response.status, 200, response.text);
  const token = response.headers.get('x-waitlist-entry-token');
  return { ...(response.body as { position: number; referrals?: number; referral_code?: string; message?: string }), token };
};
/** One's own entry in full, by its token (GET /api/waitlist/me). */
const entry = async (token: string | null) => (await app.request('GET', `/api/waitlist/me?token=${encodeURIComponent(token ?? '')}`)).body;
const promoCodes = async (session: Session) =>
  (await app.request('GET', '/api/referrals/promo-codes', { token: session.token })).body as { code: string; redeemed: boolean }[];

/** Every waitlist confirmation link e-mailed to `to` (exact address, any case). */
async function confirmationLinks(to: string): Promise<string[]> {
  await app.settleJobs();
  return (await app.outbox())
    .filter((mail) => mail.to.toLowerCase().includes(`<${to.toLowerCase()}>`) || mail.to.toLowerCase() === to.toLowerCase())
    .map((mail) => /https?:\/\/\S+\/api\/waitlist\/confirm\?\S+/.exec(mail.text)?.[0])
    .filter((link): link is string => link !== undefined);
}

/** Follows the e-mailed link, as the owner of the mailbox does; then lets the workers credit. */
async function confirm(email: string): Promise<void> {
  const [link] = await confirmationLinks(email);
  assert.ok(link, `a confirmation e-mail to ${email}`);
  const url = new URL(link);
  const response = await app.request('GET', `${url.pathname}${url.search}`);
  assert.equal(response.status, 303, response.text);
  await app.settleJobs();
}

describe('the referral loop, played by an attacker', () => {
  test('50 made-up e-mails, plus-addressed copies and throwaway domains earn nothing; one real confirmed friend earns one reward', async () => {
    const attackerName = `mallory${tag()}`;
    const attacker = await app.register({ username: attackerName, email: `${attackerName}@gmail.com` });
    const code = attacker.user.referral_code as string;

    // 50 addresses nobody reads: joined, never confirmed.
    for (let i = 0; i < 50; i++) await signup(`made.up.${i}.${tag()}@example.com`, code);
    // Copies of the attacker's own mailbox, confirmed by the attacker: self-referrals.
    const ownCopies = [`${attackerName}+1@gmail.com`, `${attackerName.slice(0, 3)}.${attackerName.slice(3)}@gmail.com`, `${attackerName}+x@googlemail.com`];
    for (const email of ownCopies) await signup(email, code);
    // Throwaway mailboxes the attacker can read, confirmed.
    const throwaways = [`burner${tag()}@mailinator.com`, `burner${tag()}@guerrillamail.com`, `burner${tag()}@sub.yopmail.com`];
    for (const email of throwaways) await signup(email, code);
    for (const email of [...ownCopies.slice(0, 1), ...throwaways]) await confirm(email);
    await app.settleJobs();
    assert.deepEqual(await promoCodes(attacker), [], 'no reward for any of it');

    // A real friend joins with the code and confirms: exactly one reward.
    const friend = `real.friend${tag()}@gmail.com`;
    await signup(friend, code);
    await app.settleJobs();
    assert.deepEqual(await promoCodes(attacker), [], 'nothing before the friend confirms');
    await confirm(friend);
    const codes = await promoCodes(attacker);
    assert.equal(codes.length, 1);
    assert.match(codes[0]!.code, /^REF-[A-Z0-9]{6}$/);

    // Variants of the friend's mailbox are the friend: same entry (its position only), no new e-mail, no new reward.
    const [local, domain] = friend.split('@') as [string, string];
    const friendPosition = (await app.request('GET', `/api/waitlist/status?email=${encodeURIComponent(friend)}`)).body.position;
    for (const variant of [`${local}+again@${domain}`, `${local.replaceAll('.', '')}@googlemail.com`, friend.toUpperCase()]) {
      const answer = await signup(variant, code);
      assert.deepEqual(answer, { position: friendPosition, message: ALREADY_ON_LIST, token: null }, variant);
    }
    for (const variant of [`${local}+again@${domain}`, `${local.replaceAll('.', '')}@googlemail.com`]) {
      assert.deepEqual(await confirmationLinks(variant), [], `no e-mail to ${variant}`);
    }
    assert.equal((await confirmationLinks(friend)).length, 1, 'one e-mail to the friend');
    await app.settleJobs();
    assert.equal((await promoCodes(attacker)).length, 1);

    // Redeemed, the one code moves Premium by one reward's days, not by five.
    const redeemed = await app.request('POST', '/api/referrals/redeem', { token: attacker.token, json: { code: codes[0]!.code } });
    assert.equal(redeemed.status, 200, redeemed.text);
    const days = (Date.parse(redeemed.body.premium_until) - Date.now()) / 86_400_000;
    assert.ok(days > 6 && days <= 7, `${days} days of Premium`);
  });

  test("the referrer's own account e-mail joining with their code earns nothing, even confirmed", async () => {
    const user = await app.register();
    await signup(user.user.email, user.user.referral_code as string);
    await confirm(user.user.email);
    assert.deepEqual(await promoCodes(user), []);
  });

  test("a waitlist entry's referrals, rank and tier count confirmed referrals only", async () => {
    const referrer = `ranked${tag()}@example.com`;
    const { referral_code, token } = await signup(referrer, null);
    const friends = [`pal${tag()}@example.com`, `pal${tag()}@example.com`];
    for (const friend of friends) await signup(friend, referral_code ?? null);
    await app.settleJobs();
    const before = await entry(token);
    assert.equal(before.referrals, 0);

    await confirm(friends[0]!);
    const after = await entry(token);
    assert.equal(after.referrals, 1);
    // The waitlist-rank worker moved the entry up by one confirmed referral (it joined before its friends).
    assert.equal(after.rank, Math.max(1, before.position - 1));
  });

  test(`a referrer earns at most ${REFERRAL_REWARDS_PER_MONTH} credits in a month`, async () => {
    const referrer = `busy${tag()}@example.com`;
    const { referral_code, token } = await signup(referrer, null);
    for (let i = 0; i <= REFERRAL_REWARDS_PER_MONTH; i++) {
      const friend = `crowd${i}.${tag()}@example.com`;
      await signup(friend, referral_code ?? null);
      await confirm(friend);
    }
    assert.equal((await entry(token)).referrals, REFERRAL_REWARDS_PER_MONTH);
  });
});
