/** A sign-up that crashed after claiming its username and e-mail does not keep them from everyone for ever. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { claimName, reservationOwner } from '@crossfeed/platform/reservations/reservations.ts';
import { startTestApp, STRONG_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { EMAIL_TAKEN, SIGNUP_CLAIM_GRACE_MS, USERNAME_TAKEN } from './auth.routes.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => {
  app.setNow(undefined);
  return app.close();
});

const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
let counter = 0;
const names = () => {
  counter += 1;
  const username = `claim${counter}${Date.now().toString(36)}`.slice(0, 20);
  return { username, email: `${username}@example.com` };
};

/** What a sign-up that crashed between its claims and its registration leaves behind. */
async function crashedSignup(username: string, email: string, ghostId: string): Promise<void> {
  for (const [kind, key] of [['username', username], ['email', email]] as const) {
    const { claimed } = await claimName(app.ctx.eventStore, { kind, key, ownerId: ghostId, at: at(0) });
    assert.ok(claimed);
  }
}

const signUp = (username: string, email: string) => app.request('POST', '/auth/register', { json: { username, email, password: STRONG_PASSWORD } });

describe('claims of a sign-up that never registered', () => {
  test('hold the username and the e-mail during the grace period, as a sign-up under way does', async () => {
    const { username, email } = names();
    await crashedSignup(username, email, `ghost-${counter}`);
    app.setNow(at(SIGNUP_CLAIM_GRACE_MS / 2));
    const sameName = await signUp(username, `other-${email}`);
    assert.equal(sameName.status, 409, sameName.text);
    assert.equal(sameName.body.detail, USERNAME_TAKEN);
    const sameEmail = await signUp(`x${username}`.slice(0, 20), email);
    assert.equal(sameEmail.status, 409, sameEmail.text);
    assert.equal(sameEmail.body.detail, EMAIL_TAKEN);
  });

  test('are taken over after it: the next sign-up with the same username and e-mail gets the account', async () => {
    const { username, email } = names();
    await crashedSignup(username, email, `ghost-${counter}`);
    app.setNow(at(SIGNUP_CLAIM_GRACE_MS + 1000));
    const response = await signUp(username, email);
    assert.equal(response.status, 201, response.text);
    const userId = response.body.id as string;
    assert.equal(await reservationOwner(app.ctx.eventStore, 'username', username), userId);
    assert.equal(await reservationOwner(app.ctx.eventStore, 'email', email), userId);
    const login = await app.request('POST', '/auth/login', { form: { username, password: STRONG_PASSWORD } });
    assert.equal(login.status, 200, login.text);
    // The account's names are its own now: a later sign-up is refused, however late.
    app.setNow(at(10 * SIGNUP_CLAIM_GRACE_MS));
    const again = await signUp(username, `again-${email}`);
    assert.equal(again.status, 409, again.text);
    assert.equal(again.body.detail, USERNAME_TAKEN);
  });

  test('a registered account keeps its names for ever', async () => {
    const { username, email } = names();
    app.setNow(at(0));
    assert.equal((await signUp(username, email)).status, 201);
    app.setNow(at(100 * SIGNUP_CLAIM_GRACE_MS));
    const response = await signUp(username, email);
    assert.equal(response.status, 409, response.text);
    assert.equal(response.body.detail, USERNAME_TAKEN);
  });
});
