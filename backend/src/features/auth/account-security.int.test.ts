/**
 * Accounts nobody can take (issue 12): admin only through a confirmed e-mail (finding 2), sessions that end
 * with a password change or reset (finding 5), and login and sign-up throttles that hold under parallel
 * requests and rotated addresses (finding 6).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { io as connect, type Socket } from 'socket.io-client';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { ADMIN_EMAIL, STRONG_PASSWORD, startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';

const NEW_PASSWORD = 'N3w!Passw0rd-2026';

let app: TestApp;
const sockets: Socket[] = [];
before(async () => {
  // Confirmation and reset e-mails are the workers'.
  app = await startTestApp({}, { workers: true });
});
after(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}_${process.pid}`;
const login = (target: TestApp, username: string, password: string, headers: Record<string, string> = {}) =>
  target.request('POST', '/auth/login', { form: { username, password }, headers });
const me = (token: string) => app.request('GET', '/auth/me', { token });

/** The link of the first e-mail to `to` whose text has `marker`, polled with a deadline. */
async function mailedLink(target: TestApp, to: string, marker: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    await target.settleJobs();
    const mail = (await target.outbox()).find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && m.text.includes(marker));
    const link = mail && new RegExp(`https?://\\S+${marker.replace(/[?]/g, '\\?')}\\S+`).exec(mail.text)?.[0];
    if (link) {
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }
    if (Date.now() > deadline) assert.fail(`no e-mail with ${marker} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function openSocket(token: string): Socket {
  const socket = connect(app.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
const refused = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected with a revoked token')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
const disconnected = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe('admin by e-mail only once the e-mail is confirmed (finding 2)', () => {
  test('an ADMIN_EMAILS address in another case is not admin at registration; the e-mailed link makes it admin', async () => {
    const admin = await app.register({ username: unique('boss'), email: ADMIN_EMAIL.toUpperCase() });
    assert.equal(admin.user.is_admin, false);
    assert.equal((await me(admin.token)).body.is_admin, false);
    const flags = await app.request('GET', '/flags/', { token: admin.token });
    assert.equal(flags.status, 403);

    // A forged link confirms nothing.
    const path = await mailedLink(app, ADMIN_EMAIL, '/auth/confirm-email?');
    const forged = await app.request('GET', path.replace(/token=[^&]+/, 'token=AAAA'));
    assert.equal(forged.status, 400);
    assert.equal(forged.body.detail, 'Invalid or expired confirmation link.');
    assert.equal((await app.request('GET', '/auth/confirm-email')).status, 400);
    assert.equal((await me(admin.token)).body.is_admin, false);

    const confirmed = await app.request('GET', path);
    assert.equal(confirmed.status, 303);
    assert.equal(confirmed.headers.get('location'), '/login?email_confirmed=1');
    assert.equal((await me(admin.token)).body.is_admin, true);
    assert.equal((await app.request('GET', '/flags/', { token: admin.token })).status, 200);
    // Following it again changes nothing.
    assert.equal((await app.request('GET', path)).status, 303);
  });

  test('confirming an address that is not in ADMIN_EMAILS confirms it and grants nothing', async () => {
    const session = await app.register();
    const path = await mailedLink(app, session.user.email, '/auth/confirm-email?');
    assert.equal((await app.request('GET', path)).status, 303);
    const user = await app.ctx.readStore.collection<UserDoc>(USERS).findOne({ _id: session.user.id });
    assert.equal(user?.email_confirmed, true);
    assert.equal(user?.is_admin, false);
  });

  test("one account's link does not confirm another", async () => {
    const a = await app.register();
    const b = await app.register();
    const path = await mailedLink(app, a.user.email, '/auth/confirm-email?');
    const other = await app.request('GET', path.replace(/user=[^&]+/, `user=${b.user.id}`));
    assert.equal(other.status, 400);
  });
});

describe('a password change or reset ends earlier sessions (finding 5)', () => {
  test('update-password revokes earlier tokens and sockets and answers a fresh token for this session', async () => {
    const session = await app.register();
    const other = await login(app, session.user.username, STRONG_PASSWORD);
    const socket = openSocket(session.token);
    await connected(socket);
    const closed = disconnected(socket);

    const changed = await app.request('POST', '/auth/update-password', {
      token: session.token,
      json: { current_password: STRONG_PASSWORD, new_password: NEW_PASSWORD },
    });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.message, 'Password updated successfully.');
    assert.equal(typeof changed.body.access_token, 'string');

    assert.equal(await closed, 'io server disconnect');
    for (const token of [session.token, other.body.access_token as string]) {
      const refusedCall = await me(token);
      assert.equal(refusedCall.status, 401);
      assert.match(refusedCall.body.detail, /password was changed/);
    }
    assert.match(await refused(openSocket(session.token)), /Invalid or expired token/);

    const fresh = changed.body.access_token as string;
    assert.equal((await me(fresh)).status, 200);
    await connected(openSocket(fresh));
    assert.equal((await login(app, session.user.username, NEW_PASSWORD)).status, 200);
  });

  test('a reset through the e-mailed link revokes every earlier token and socket', async () => {
    const session = await app.register();
    const socket = openSocket(session.token);
    await connected(socket);
    const closed = disconnected(socket);
    assert.equal((await app.request('POST', '/auth/forgot-password', { json: { email: session.user.email } })).status, 200);
    const path = await mailedLink(app, session.user.email, '/reset-password?');
    const token = decodeURIComponent(new URL(path, 'http://x').searchParams.get('token') ?? '');
    const reset = await app.request('POST', '/auth/reset-password', { json: { token, new_password: NEW_PASSWORD } });
    assert.equal(reset.status, 200, reset.text);
    assert.equal(await closed, 'io server disconnect');
    assert.equal((await me(session.token)).status, 401);
    const again = await login(app, session.user.username, NEW_PASSWORD);
    assert.equal(again.status, 200);
    assert.equal((await me(again.body.access_token)).status, 200);
  });
});

describe('login and sign-up throttles (finding 6)', () => {
  test('60 parallel wrong logins for one account from one address: exactly 5 are checked, the rest answer 429', async () => {
    const session = await app.register();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(app, session.user.username, `Wr0ng!${i}xxxx`)));
    const statuses = answers.map((answer) => answer.status);
    assert.equal(statuses.filter((status) => status === 401).length, 5);
    assert.equal(statuses.filter((status) => status === 429).length, 55);
    for (const answer of answers.filter((a) => a.status === 429)) assert.match(answer.body.detail, /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/);
  });

  test('the username and the e-mail of an account share one count', async () => {
    const session = await app.register();
    for (let i = 0; i < 5; i++) {
      const name = i % 2 === 0 ? session.user.username.toUpperCase() : session.user.email;
      assert.equal((await login(app, name, `Wr0ng!${i}xxxx`)).status, 401);
    }
    assert.equal((await login(app, session.user.email, STRONG_PASSWORD)).status, 429);
    assert.equal((await login(app, session.user.username, STRONG_PASSWORD)).status, 429);
  });

  test('without TRUST_PROXY, a rotated X-Forwarded-For changes nothing', async () => {
    const session = await app.register();
    for (let i = 0; i < 5; i++) {
      assert.equal((await login(app, session.user.username, 'Wr0ng!Password', { 'x-forwarded-for': `203.0.113.${i + 1}` })).status, 401);
    }
    const next = await login(app, session.user.username, STRONG_PASSWORD, { 'x-forwarded-for': '198.51.100.77' });
    assert.equal(next.status, 429);
  });

  test('behind a trusted proxy, one account is limited across addresses, with backoff', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const session = await proxied.register();
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const answer = await login(proxied, session.user.username, 'Wr0ng!Password', { 'x-forwarded-for': `203.0.113.${i + 1}` });
        statuses.push(answer.status);
      }
      assert.deepEqual(statuses.slice(0, 20), Array<number>(20).fill(401));
      assert.deepEqual(statuses.slice(20), Array<number>(5).fill(429));
      // Blocked for everyone, the right password too, from a fresh address.
      const blocked = await login(proxied, session.user.username, STRONG_PASSWORD, { 'x-forwarded-for': '198.51.100.1' });
      assert.equal(blocked.status, 429);
      assert.match(blocked.body.detail, /Please try again in 1 minute\./);
    } finally {
      await proxied.close();
    }
  });

  test('registrations and waitlist sign-ups are throttled per address, with a detail', async () => {
    const limited = await startTestApp({ REGISTRATIONS_PER_IP_PER_HOUR: '3', WAITLIST_SIGNUPS_PER_IP_PER_HOUR: '5' }, { workers: true });
    try {
      const registrations = [];
      for (let i = 0; i < 4; i++) {
        const username = unique('burst');
        registrations.push(await limited.request('POST', '/auth/register', { json: { username, email: `${username}@example.com`, password: STRONG_PASSWORD } }));
      }
      assert.deepEqual(registrations.map((r) => r.status), [201, 201, 201, 429]);
      assert.match(registrations[3]!.body.detail, /^Too many sign-ups from your network\. Please try again in \d+ minutes?\.$/);

      const signups = await Promise.all(
        Array.from({ length: 20 }, (_, i) => limited.request('POST', '/api/waitlist/signup', { json: { email: `flood${i}.${process.pid}@example.com`, referred_by: null } })),
      );
      assert.equal(signups.filter((s) => s.status === 200).length, 5);
      assert.equal(signups.filter((s) => s.status === 429).length, 15);
      await limited.settleJobs();
      const mails = (await limited.outbox()).filter((mail) => mail.text.includes('/api/waitlist/confirm?'));
      assert.equal(mails.length, 5, 'one confirmation e-mail per accepted sign-up only');
    } finally {
      await limited.close();
    }
  });
});

describe('password reset tells nobody whether an address has an account', () => {
  test('known, unknown and throttled addresses get the same answer, and unknown ones no e-mail', async () => {
    const session: Session = await app.register();
    const ghost = `${unique('ghost')}@example.com`;
    const answers = [];
    for (const email of [session.user.email, ghost, session.user.email, session.user.email, session.user.email]) {
      const answer = await app.request('POST', '/auth/forgot-password', { json: { email } });
      answers.push({ status: answer.status, text: answer.text });
    }
    assert.equal(new Set(answers.map((a) => `${a.status} ${a.text}`)).size, 1);
    await app.settleJobs();
    assert.equal((await app.outbox()).filter((mail) => mail.to.includes(ghost)).length, 0);
  });
});
