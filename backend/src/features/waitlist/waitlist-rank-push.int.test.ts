/**
 * The joiner's own page follows its position live (DESIGN §3 `waitlist:rank`): an anonymous socket on the
 * read-only `/public` namespace whose handshake carries the entry's secret token hears that entry's changes;
 * no token, a tampered one or another entry's token hears nothing of it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { PUBLIC_NAMESPACE } from '@crossfeed/domain/api/realtime-events.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
const sockets: Socket[] = [];
before(async () => {
  app = await startTestApp({}, { workers: true });
});
after(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

let n = 0;
const tag = () => `${++n}x${process.pid}`;

async function listen(auth: Record<string, unknown> | undefined): Promise<{ events: { event: string; payload: any }[] }> {
  const socket = connect(`${app.url}${PUBLIC_NAMESPACE}`, { ...(auth ? { auth } : {}), transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  const events: { event: string; payload: any }[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { events };
}

async function join(email: string, referredBy: string | null = null) {
  const response = await app.request('POST', '/api/waitlist/signup', { json: { email, referred_by: referredBy } });
  assert.equal(response.status, 200, response.text);
  const token = response.headers.get('x-waitlist-entry-token');
  assert.ok(token, 'a new entry answers its secret token');
  return { ...(response.body as { position: number; referral_code: string }), entry_token: token };
}

async function confirm(email: string): Promise<void> {
  await app.settleJobs();
  const mail = (await app.outbox()).find((item) => item.to.includes(email));
  const link = mail && /https?:\/\/\S+\/api\/waitlist\/confirm\?\S+/.exec(mail.text)?.[0];
  assert.ok(link, `a confirmation e-mail to ${email}`);
  const url = new URL(link);
  assert.equal((await app.request('GET', `${url.pathname}${url.search}`)).status, 303);
  await app.settleJobs();
}

async function waitFor<T>(what: string, check: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('waitlist:rank', () => {
  test("a confirmed referral reaches the referrer's page live, and only it", async () => {
    const referrerEmail = `ref${tag()}@example.com`;
    const referrer = await join(referrerEmail);
    const bystander = await join(`by${tag()}@example.com`);
    const own = await listen({ waitlistToken: referrer.entry_token });
    const anonymous = await listen(undefined);
    const tampered = await listen({ waitlistToken: `${referrer.referral_code}.forged` });
    const otherEntry = await listen({ waitlistToken: bystander.entry_token });

    const friendEmail = `friend${tag()}@example.com`;
    await join(friendEmail, referrer.referral_code);
    await confirm(friendEmail);

    const push = await waitFor('the referral on the referrer page', () =>
      own.events.find((item) => item.event === 'waitlist:rank' && item.payload.referrals === 1),
    );
    assert.equal(push.payload.position, referrer.position);
    // The page reads the same back from the server after a reload.
    const reread = await app.request('GET', `/api/waitlist/me?token=${encodeURIComponent(referrer.entry_token)}`);
    assert.equal(reread.body.referrals, 1);
    await sleep(150);
    for (const stranger of [anonymous, tampered, otherEntry]) {
      assert.deepEqual(stranger.events.filter((item) => item.event === 'waitlist:rank'), []);
    }
  });
});
