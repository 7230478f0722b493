import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { reservationOwner } from '@crossfeed/platform/reservations/reservations.ts';
import { ADMIN_EMAIL, STRONG_PASSWORD, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { USERNAME_RULE } from './auth.schemas.ts';
import { signToken } from '../../testing/test-tokens.ts';

const NEW_PASSWORD = 'N3w!Passw0rd-2026';
const FORGOT_ANSWER = { message: 'If that email is registered, a password reset link has been sent.' };

let app: TestApp;
before(async () => {
  // Reset e-mails are sent by the e-mail worker (on PasswordResetRequested).
  app = await startTestApp({}, { workers: true });
});
after(() => app.close());

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}_${process.pid}`;

/**
 * The reset token of the `skip`-th e-mail to `to`, polled with a deadline (the request is recorded after the
 * answer, then the worker sends the e-mail).
 */
async function resetTokenFor(to: string, skip = 0): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    await app.settleJobs();
    // Reset e-mails only: a registered address also gets its account confirmation.
    const mails = (await app.outbox()).filter((mail) => mail.to.includes(to) && mail.text.includes('/reset-password?token='));
    const mail = mails[skip];
    if (mail) {
      const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      assert.ok(token, `no reset link in: ${mail.text}`);
      return decodeURIComponent(token);
    }
    if (Date.now() > deadline) assert.fail(`no reset e-mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const login = (username: string, password: string) => app.request('POST', '/auth/login', { form: { username, password } });

async function expectUnauthorized(method: string, path: string, json?: unknown) {
  const session = await app.register();
  const variants: [string, string | undefined][] = [
    ['no token', undefined],
    ['a garbage token', 'not-a-jwt'],
    ['an expired token', await signToken(session.user.id, -60)],
    ['a token for a user that does not exist', await signToken('no-such-user', 3600)],
  ];
  for (const [name, token] of variants) {
    const response = await app.request(method, path, { token, json });
    assert.equal(response.status, 401, `${method} ${path} with ${name}`);
    assert.equal(typeof response.body.detail, 'string');
  }
}

describe('POST /auth/register', () => {
  test('creates the account and answers 201 with the user, never its secrets', async () => {
    const username = unique('Ada');
    const response = await app.request('POST', '/auth/register', {
      json: { username, email: `${username}@Example.com`, password: STRONG_PASSWORD },
    });
    assert.equal(response.status, 201);
    const user = response.body;
    assert.equal(user.username, username);
    assert.equal(user.email, `${username.toLowerCase()}@example.com`);
    assert.equal(user.is_admin, false);
    assert.equal(user.is_premium, false);
    assert.equal(user.has_profile_completed, false);
    assert.deepEqual(user.categories, []);
    assert.equal(user.share_count, 0);
    assert.equal(user.view_count, 0);
    assert.equal(user.avatar_url, null);
    assert.equal(user.premium_until, null);
    assert.equal(user.profile, null);
    assert.match(user.referral_code, /^[A-Z0-9]{8}$/);
    assert.match(user.id, /^[0-9a-f-]{36}$/);
    for (const secret of ['password_hash', 'username_key', '_pos', '_id', 'password']) assert.ok(!(secret in user), secret);
  });

  test('makes an ADMIN_EMAILS address an admin once its e-mail is confirmed', async () => {
    const admin = await app.registerAdmin();
    assert.equal(admin.user.is_admin, true);
    assert.equal(admin.user.email, ADMIN_EMAIL);
  });

  test('gives every user a different referral code', async () => {
    const [a, b] = await Promise.all([app.register(), app.register()]);
    assert.notEqual(a.user.referral_code, b.user.referral_code);
  });

  test('registers in one append on the account stream; the referral code is reserved by the follow-up job', async () => {
    const session = await app.register();
    const events = await app.ctx.eventStore.readStream(userStream(session.user.id));
    assert.deepEqual(events.map((event) => event.type), ['UserRegistered']);
    assert.equal((events[0]!.data as { referralCode?: string }).referralCode, session.user.referral_code);
    await app.settleJobs();
    assert.equal(await reservationOwner(app.ctx.eventStore, 'referral-code', session.user.referral_code as string), `user:${session.user.id}`);
  });

  test('asks for every field with the SPEC message', async () => {
    for (const json of [
      {},
      { username: 'someone', email: 'a@b.co' },
      { username: '  ', email: 'a@b.co', password: STRONG_PASSWORD },
      { username: 'someone', email: '', password: STRONG_PASSWORD },
    ]) {
      const response = await app.request('POST', '/auth/register', { json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.equal(response.body.detail, MESSAGES.signupRequired);
    }
  });

  test('refuses a malformed email, a bad username and a Weak password with their messages', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ username: unique('u'), email: 'not-an-email', password: STRONG_PASSWORD }, MESSAGES.invalidEmail],
      [{ username: unique('u'), email: 'a@b', password: STRONG_PASSWORD }, MESSAGES.invalidEmail],
      [{ username: 'ab', email: 'ab@example.com', password: STRONG_PASSWORD }, USERNAME_RULE],
      [{ username: 'has space', email: 'hs@example.com', password: STRONG_PASSWORD }, USERNAME_RULE],
      [{ username: 'x'.repeat(33), email: 'long@example.com', password: STRONG_PASSWORD }, USERNAME_RULE],
      [{ username: 'no@at', email: 'at@example.com', password: STRONG_PASSWORD }, USERNAME_RULE],
      [{ username: unique('u'), email: 'weak@example.com', password: 'password' }, MESSAGES.weakPassword],
    ];
    for (const [json, detail] of cases) {
      const response = await app.request('POST', '/auth/register', { json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.equal(response.body.detail, detail);
    }
  });

  test('refuses unknown fields such as is_admin', async () => {
    const username = unique('sneaky');
    const response = await app.request('POST', '/auth/register', {
      json: { username, email: `${username}@example.com`, password: STRONG_PASSWORD, is_admin: true },
    });
    assert.equal(response.status, 400);
    assert.match(response.body.detail, /is_admin/);
    assert.equal((await login(username, STRONG_PASSWORD)).status, 401);
  });

  test('refuses a taken username or e-mail whatever its case, with 409', async () => {
    const first = await app.register();
    const byUsername = await app.request('POST', '/auth/register', {
      json: { username: first.user.username.toUpperCase(), email: `${unique('other')}@example.com`, password: STRONG_PASSWORD },
    });
    assert.equal(byUsername.status, 409);
    assert.equal(byUsername.body.detail, 'Username already registered.');
    const byEmail = await app.request('POST', '/auth/register', {
      json: { username: unique('other'), email: first.user.email.toUpperCase(), password: STRONG_PASSWORD },
    });
    assert.equal(byEmail.status, 409);
    assert.equal(byEmail.body.detail, 'Email already registered.');
  });

  test('lets only one of two simultaneous registrations of a username through', async () => {
    const username = unique('race');
    const responses = await Promise.all(
      [1, 2, 3].map((i) =>
        app.request('POST', '/auth/register', { json: { username, email: `${username}-${i}@example.com`, password: STRONG_PASSWORD } }),
      ),
    );
    assert.deepEqual(responses.map((r) => r.status).sort(), [201, 409, 409]);
  });
});

describe('POST /auth/login', () => {
  test('answers a bearer token and the user for the username or the e-mail, in any case', async () => {
    const session = await app.register();
    for (const name of [session.user.username, session.user.username.toUpperCase(), session.user.email]) {
      const response = await login(name, STRONG_PASSWORD);
      assert.equal(response.status, 200, name);
      assert.equal(response.body.token_type, 'bearer');
      assert.equal(response.body.user.id, session.user.id);
      assert.ok(!('password_hash' in response.body.user));
      const me = await app.request('GET', '/auth/me', { token: response.body.access_token });
      assert.equal(me.body.id, session.user.id);
    }
  });

  test('gives the same 401 for a wrong password and for an unknown user', async () => {
    const session = await app.register();
    const wrong = await login(session.user.username, 'Wr0ng!Password');
    const unknown = await login(unique('nobody'), STRONG_PASSWORD);
    for (const response of [wrong, unknown]) {
      assert.equal(response.status, 401);
      assert.equal(response.body.detail, 'Incorrect username or password.');
    }
  });

  test('requires both fields', async () => {
    const response = await app.request('POST', '/auth/login', { form: { username: 'someone' } });
    assert.equal(response.status, 400);
    assert.equal(response.body.detail, 'Please enter your username and password.');
  });

  test('blocks a sixth attempt after five failures, even with the right password', async () => {
    const session = await app.register();
    for (let i = 0; i < 5; i++) assert.equal((await login(session.user.username, `Wr0ng!${i}xxxx`)).status, 401);
    const blocked = await login(session.user.username, STRONG_PASSWORD);
    assert.equal(blocked.status, 429);
    assert.match(blocked.body.detail, /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/);
    // Another account from the same address is not blocked by this one's failures.
    const other = await app.register();
    assert.equal((await login(other.user.username, STRONG_PASSWORD)).status, 200);
  });

  test('forgets earlier failures after a successful login', async () => {
    const session = await app.register();
    for (let i = 0; i < 4; i++) await login(session.user.username, 'Wr0ng!Password');
    assert.equal((await login(session.user.username, STRONG_PASSWORD)).status, 200);
    for (let i = 0; i < 4; i++) await login(session.user.username, 'Wr0ng!Password');
    assert.equal((await login(session.user.username, STRONG_PASSWORD)).status, 200);
  });
});

describe('GET /auth/me', () => {
  test('answers the signed-in user', async () => {
    const session = await app.register();
    const me = await app.request('GET', '/auth/me/', { token: session.token });
    assert.equal(me.status, 200);
    assert.equal(me.body.id, session.user.id);
    assert.equal(me.body.username, session.user.username);
    assert.ok(!('password_hash' in me.body));
  });

  test('shows Premium once granted', async () => {
    const session = await app.register();
    await app.grantPremium(session.user.id);
    const me = await app.request('GET', '/auth/me', { token: session.token });
    assert.equal(me.body.is_premium, true);
    assert.equal(me.body.premium_until, null);
  });

  test('answers 401 without a valid token', async () => {
    await expectUnauthorized('GET', '/auth/me');
  });
});

describe('password reset', () => {
  test('answers the same for a known, an unknown and a differently cased address', async () => {
    const session = await app.register();
    for (const email of [session.user.email, session.user.email.toUpperCase(), `${unique('ghost')}@example.com`]) {
      const response = await app.request('POST', '/auth/forgot-password', { json: { email } });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, FORGOT_ANSWER);
    }
  });

  test('refuses a malformed address', async () => {
    for (const json of [{ email: 'nope' }, {}, { email: 'a b@c.de' }]) {
      const response = await app.request('POST', '/auth/forgot-password', { json });
      assert.equal(response.status, 400);
      assert.equal(response.body.detail, MESSAGES.invalidEmail);
    }
  });

  test('e-mails a link whose token resets the password once', async () => {
    const session = await app.register();
    await app.request('POST', '/auth/forgot-password', { json: { email: session.user.email } });
    const token = await resetTokenFor(session.user.email);
    const mail = (await app.outbox()).find((m) => m.to.includes(session.user.email) && m.text.includes('/reset-password?token='));
    assert.match(mail?.text ?? '', new RegExp(`^${app.ctx.config.PUBLIC_URL}/reset-password\\?token=`, 'm'));
    assert.match(mail?.text ?? '', /1 hour/);

    const reset = await app.request('POST', '/auth/reset-password', { json: { token, new_password: NEW_PASSWORD } });
    assert.equal(reset.status, 200);
    assert.deepEqual(reset.body, { message: 'Your password has been reset successfully.' });
    assert.equal((await login(session.user.username, NEW_PASSWORD)).status, 200);
    assert.equal((await login(session.user.username, STRONG_PASSWORD)).status, 401);

    const again = await app.request('POST', '/auth/reset-password', { json: { token, new_password: 'An0ther!Passw0rd' } });
    assert.equal(again.status, 400);
    assert.equal(again.body.detail, 'Invalid or expired password reset token.');
    assert.equal((await login(session.user.username, NEW_PASSWORD)).status, 200);
  });

  test('sends nothing for an unknown address', async () => {
    const email = `${unique('ghost')}@example.com`;
    await app.request('POST', '/auth/forgot-password', { json: { email } });
    const session = await app.register();
    await app.request('POST', '/auth/forgot-password', { json: { email: session.user.email } });
    await resetTokenFor(session.user.email); // the later request's e-mail arrived, so the first would have too
    assert.equal((await app.outbox()).filter((mail) => mail.to.includes(email)).length, 0);
  });

  test('refuses a token after its hour', async () => {
    const session = await app.register();
    await app.request('POST', '/auth/forgot-password', { json: { email: session.user.email } });
    const token = await resetTokenFor(session.user.email);
    app.setNow(new Date(Date.now() + 61 * 60 * 1000).toISOString());
    try {
      const response = await app.request('POST', '/auth/reset-password', { json: { token, new_password: NEW_PASSWORD } });
      assert.equal(response.status, 400);
      assert.equal(response.body.detail, 'Invalid or expired password reset token.');
    } finally {
      app.setNow(undefined);
    }
    assert.equal((await login(session.user.username, STRONG_PASSWORD)).status, 200);
  });

  test('refuses an older link once a newer one was sent', async () => {
    const session = await app.register();
    await app.request('POST', '/auth/forgot-password', { json: { email: session.user.email } });
    const first = await resetTokenFor(session.user.email, 0);
    await app.request('POST', '/auth/forgot-password', { json: { email: session.user.email } });
    const second = await resetTokenFor(session.user.email, 1);
    assert.notEqual(first, second);
    const old = await app.request('POST', '/auth/reset-password', { json: { token: first, new_password: NEW_PASSWORD } });
    assert.equal(old.status, 400);
    const fresh = await app.request('POST', '/auth/reset-password', { json: { token: second, new_password: NEW_PASSWORD } });
    assert.equal(fresh.status, 200);
  });

  test('the 4th request for one address within the hour answers the same but appends nothing', async () => {
    const session = await app.register();
    const requests = async () =>
      (await app.ctx.eventStore.readStream(userStream(session.user.id))).filter((event) => event.type === 'PasswordResetRequested');
    for (let i = 0; i < 3; i++) {
      const response = await app.request('POST', '/auth/forgot-password', { json: { email: session.user.email } });
      assert.deepEqual(response.body, FORGOT_ANSWER);
      await resetTokenFor(session.user.email, i);
    }
    assert.equal((await requests()).length, 3);

    const fourth = await app.request('POST', '/auth/forgot-password', { json: { email: session.user.email.toUpperCase() } });
    assert.equal(fourth.status, 200);
    assert.deepEqual(fourth.body, FORGOT_ANSWER);
    // Another address is still served; once its e-mail is out, the 4th request would have been recorded too.
    const other = await app.register();
    await app.request('POST', '/auth/forgot-password', { json: { email: other.user.email } });
    await resetTokenFor(other.user.email);
    await app.settleJobs();
    assert.equal((await requests()).length, 3);
    assert.equal((await app.outbox()).filter((mail) => mail.to.includes(session.user.email) && mail.text.includes('/reset-password?token=')).length, 3);
  });

  test('the reset event keeps a request id and the token hash, never the token', async () => {
    const session = await app.register();
    await app.request('POST', '/auth/forgot-password', { json: { email: session.user.email } });
    const token = await resetTokenFor(session.user.email);
    const events = await app.ctx.eventStore.readStream(userStream(session.user.id));
    const requested = events.find((event) => event.type === 'PasswordResetRequested');
    assert.ok(requested);
    const data = requested.data as { requestId?: string; tokenHash: string };
    assert.equal(typeof data.requestId, 'string');
    assert.ok(!JSON.stringify(requested.data).includes(token), 'the raw token is not in the event');
    assert.equal(data.tokenHash, createHash('sha256').update(token).digest('hex'));
  });

  test('refuses a Weak new password, a missing token and an unknown token', async () => {
    const session = await app.register();
    await app.request('POST', '/auth/forgot-password', { json: { email: session.user.email } });
    const token = await resetTokenFor(session.user.email);
    const weak = await app.request('POST', '/auth/reset-password', { json: { token, new_password: 'weakpass' } });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.detail, MESSAGES.weakPassword);
    const missing = await app.request('POST', '/auth/reset-password', { json: { new_password: NEW_PASSWORD } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.detail, MESSAGES.invalidResetToken);
    const unknown = await app.request('POST', '/auth/reset-password', { json: { token: 'x'.repeat(43), new_password: NEW_PASSWORD } });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.detail, 'Invalid or expired password reset token.');
    // The Weak attempt did not use the token up.
    assert.equal((await app.request('POST', '/auth/reset-password', { json: { token, new_password: NEW_PASSWORD } })).status, 200);
  });
});

describe('POST /auth/update-password', () => {
  test('changes the password when the current one is right', async () => {
    const session = await app.register();
    const response = await app.request('POST', '/auth/update-password', {
      token: session.token,
      json: { current_password: STRONG_PASSWORD, new_password: NEW_PASSWORD },
    });
    assert.equal(response.status, 200);
    // SPEC's message, and a fresh token for this session (the change revoked every earlier token).
    assert.equal(response.body.message, 'Password updated successfully.');
    assert.equal((await app.request('GET', '/auth/me', { token: response.body.access_token })).status, 200);
    assert.equal((await login(session.user.username, NEW_PASSWORD)).status, 200);
    assert.equal((await login(session.user.username, STRONG_PASSWORD)).status, 401);
  });

  test('refuses a wrong current password', async () => {
    const session = await app.register();
    const response = await app.request('POST', '/auth/update-password', {
      token: session.token,
      json: { current_password: 'Wr0ng!Password', new_password: NEW_PASSWORD },
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.detail, 'Current password is incorrect.');
    assert.equal((await login(session.user.username, STRONG_PASSWORD)).status, 200);
  });

  test('refuses a Weak new password and missing fields', async () => {
    const session = await app.register();
    const weak = await app.request('POST', '/auth/update-password', {
      token: session.token,
      json: { current_password: STRONG_PASSWORD, new_password: 'abcdefgh' },
    });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.detail, MESSAGES.weakPassword);
    const missing = await app.request('POST', '/auth/update-password', { token: session.token, json: { new_password: NEW_PASSWORD } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.detail, 'Please enter your current and new password.');
  });

  test('answers 401 without a valid token', async () => {
    await expectUnauthorized('POST', '/auth/update-password', { current_password: STRONG_PASSWORD, new_password: NEW_PASSWORD });
  });
});
