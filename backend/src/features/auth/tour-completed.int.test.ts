import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { signToken } from '../../testing/test-tokens.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const tourEvents = async (userId: string) =>
  (await app.ctx.eventStore.readStream(userStream(userId))).map((event) => event.type).filter((type) => type.startsWith('Tour'));

describe('/auth/tour-completed (SPEC §4 Tour: completion kept on the account)', () => {
  test('a new account has not completed the tour', async () => {
    const session = await app.register();
    assert.equal(session.user.has_completed_tour, false);
    const me = await app.request('GET', '/auth/me', { token: session.token });
    assert.equal(me.body.has_completed_tour, false);
  });

  test('POST marks it completed for every later session (another device), and answers the user', async () => {
    const session = await app.register();
    const marked = await app.request('POST', '/auth/tour-completed', { token: session.token });
    assert.equal(marked.status, 200);
    assert.equal(marked.body.id, session.user.id);
    assert.equal(marked.body.has_completed_tour, true);
    assert.ok(!('password_hash' in marked.body));
    // A login from a new device sees it in the session's user, and so does /auth/me.
    const login = await app.request('POST', '/auth/login', { form: { username: session.user.username, password: session.password } });
    assert.equal(login.body.user.has_completed_tour, true);
    assert.equal((await app.request('GET', '/auth/me', { token: login.body.access_token })).body.has_completed_tour, true);
  });

  test('POST again (a second device, a retry) records nothing more', async () => {
    const session = await app.register();
    await app.request('POST', '/auth/tour-completed', { token: session.token });
    const again = await app.request('POST', '/auth/tour-completed/', { token: session.token });
    assert.equal(again.status, 200);
    assert.equal(again.body.has_completed_tour, true);
    assert.deepEqual(await tourEvents(session.user.id), ['TourCompleted']);
  });

  test('DELETE (Help/Tour) resets it, and a later POST completes it again', async () => {
    const session = await app.register();
    await app.request('POST', '/auth/tour-completed', { token: session.token });
    const reset = await app.request('DELETE', '/auth/tour-completed', { token: session.token });
    assert.equal(reset.status, 200);
    assert.equal(reset.body.has_completed_tour, false);
    assert.equal((await app.request('GET', '/auth/me', { token: session.token })).body.has_completed_tour, false);
    await app.request('POST', '/auth/tour-completed', { token: session.token });
    assert.equal((await app.request('GET', '/auth/me', { token: session.token })).body.has_completed_tour, true);
    assert.deepEqual(await tourEvents(session.user.id), ['TourCompleted', 'TourReset', 'TourCompleted']);
  });

  test('changes only the caller: another user is untouched', async () => {
    const ada = await app.register();
    const bob = await app.register();
    await app.request('POST', '/auth/tour-completed', { token: ada.token });
    assert.equal((await app.request('GET', '/auth/me', { token: bob.token })).body.has_completed_tour, false);
    assert.deepEqual(await tourEvents(bob.user.id), []);
  });

  test('refuses a body with fields (such as another user id) with 400 and records nothing', async () => {
    const ada = await app.register();
    const bob = await app.register();
    const response = await app.request('POST', '/auth/tour-completed', { token: ada.token, json: { user_id: bob.user.id } });
    assert.equal(response.status, 400);
    assert.equal(typeof response.body.detail, 'string');
    assert.deepEqual(await tourEvents(ada.user.id), []);
    assert.deepEqual(await tourEvents(bob.user.id), []);
  });

  test('answers 401 without a token, with a bad one and with an expired one', async () => {
    const session = await app.register();
    for (const method of ['POST', 'DELETE']) {
      for (const token of [undefined, 'not-a-jwt', await signToken(session.user.id, -60)]) {
        const response = await app.request(method, '/auth/tour-completed', { token });
        assert.equal(response.status, 401, `${method} with ${token ?? 'no token'}`);
        assert.equal(typeof response.body.detail, 'string');
      }
    }
    assert.deepEqual(await tourEvents(session.user.id), []);
  });
});
