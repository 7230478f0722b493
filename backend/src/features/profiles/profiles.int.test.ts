import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { BIO_TOO_LONG, INVALID_CONTENT_TYPE, NAME_TOO_LONG, PROFILE_MODAL_REQUIRED } from './profiles.schemas.ts';
import { unauthorizedChecks } from '../../testing/unauthorized-checks.ts';

const setup = {
  name: 'Ada Lovelace',
  bio: 'I write about engines.',
  categories: ['Technology', 'Science', 'technology'],
  interests: ['Cloud Computing', 'Space'],
};

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

async function withProfile(): Promise<Session> {
  const session = await app.register();
  const created = await app.request('POST', '/profiles/', { token: session.token, json: { ...setup, content_type: 'article' } });
  assert.equal(created.status, 201, created.text);
  return session;
}

const expectUnauthorized = unauthorizedChecks(() => app);

describe('POST /profiles/', () => {
  test('creates the profile and answers the user with it, categories lowercase', async () => {
    const session = await app.register();
    const response = await app.request('POST', '/profiles/', { token: session.token, json: setup });
    assert.equal(response.status, 201);
    assert.equal(response.body.id, session.user.id);
    assert.equal(response.body.has_profile_completed, true);
    assert.deepEqual(response.body.categories, ['technology', 'science']);
    assert.deepEqual(response.body.profile, {
      name: 'Ada Lovelace',
      bio: 'I write about engines.',
      categories: ['technology', 'science'],
      interests: ['Cloud Computing', 'Space'],
      content_type: '',
      audience_score: null,
    });
    const me = await app.request('GET', '/auth/me', { token: session.token });
    assert.equal(me.body.has_profile_completed, true);
  });

  test('refuses a second profile with 409', async () => {
    const session = await withProfile();
    const again = await app.request('POST', '/profiles', { token: session.token, json: setup });
    assert.equal(again.status, 409);
    assert.equal(again.body.detail, 'Profile already exists.');
  });

  test('checks step 1 before step 2 with the SPEC messages and limits', async () => {
    const session = await app.register();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...setup, name: '' }, MESSAGES.profileStep1],
      [{ ...setup, bio: '   ', categories: [] }, MESSAGES.profileStep1],
      [{ bio: 'x' }, MESSAGES.profileStep1],
      [{ ...setup, name: 'n'.repeat(51) }, NAME_TOO_LONG],
      [{ ...setup, bio: 'b'.repeat(281) }, BIO_TOO_LONG],
      [{ ...setup, categories: [] }, MESSAGES.profileStep2],
      [{ ...setup, interests: [] }, MESSAGES.profileStep2],
      [{ ...setup, content_type: 'hologram' }, INVALID_CONTENT_TYPE],
    ];
    for (const [json, detail] of cases) {
      const response = await app.request('POST', '/profiles/', { token: session.token, json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.equal(response.body.detail, detail);
    }
    const unknownField = await app.request('POST', '/profiles/', { token: session.token, json: { ...setup, is_premium: true } });
    assert.equal(unknownField.status, 400);
    const me = await app.request('GET', '/auth/me', { token: session.token });
    assert.equal(me.body.has_profile_completed, false);
  });

  test('accepts the longest name and bio', async () => {
    const session = await app.register();
    const response = await app.request('POST', '/profiles/', {
      token: session.token,
      json: { ...setup, name: 'n'.repeat(50), bio: 'b'.repeat(280) },
    });
    assert.equal(response.status, 201);
  });

  test('answers 401 without a valid token', async () => {
    await expectUnauthorized('POST', '/profiles/', { json: setup });
  });
});

describe('GET /profiles/{id}/', () => {
  test('lets any signed-in user read a creator profile', async () => {
    const creator = await withProfile();
    const reader = await app.register();
    const response = await app.request('GET', `/profiles/${creator.user.id}/`, { token: reader.token });
    assert.equal(response.status, 200);
    assert.equal(response.body.name, 'Ada Lovelace');
    assert.equal(response.body.bio, 'I write about engines.');
    assert.deepEqual(response.body.categories, ['technology', 'science']);
    assert.deepEqual(response.body.interests, ['Cloud Computing', 'Space']);
    assert.equal(response.body.content_type, 'article');
    assert.equal(response.body.audience_score, null);
    assert.equal(response.body.username, creator.user.username);
    assert.ok(!('password_hash' in response.body) && !('email' in response.body));
  });

  test('answers 404 for a user without a profile and for an unknown id', async () => {
    const reader = await app.register();
    const noProfile = await app.request('GET', `/profiles/${reader.user.id}`, { token: reader.token });
    assert.equal(noProfile.status, 404);
    assert.equal(noProfile.body.detail, 'Profile not found.');
    assert.equal((await app.request('GET', '/profiles/does-not-exist/', { token: reader.token })).status, 404);
  });

  test('answers 401 without a valid token', async () => {
    const creator = await withProfile();
    await expectUnauthorized('GET', `/profiles/${creator.user.id}/`);
  });
});

describe('PUT /profiles/{id}/', () => {
  const modal = { name: 'Ada L.', bio: 'Now on video.', categories: ['Art'], interests: ['Music'], content_type: 'video' };

  test('updates your own profile and the user categories', async () => {
    const session = await withProfile();
    const response = await app.request('PUT', `/profiles/${session.user.id}/`, { token: session.token, json: modal });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      name: 'Ada L.',
      bio: 'Now on video.',
      categories: ['art'],
      interests: ['Music'],
      content_type: 'video',
      audience_score: null,
    });
    const me = await app.request('GET', '/auth/me', { token: session.token });
    assert.deepEqual(me.body.categories, ['art']);
    assert.equal(me.body.profile.name, 'Ada L.');
  });

  test('keeps the bio and interests when the form leaves them out, and ignores a sent-back audience score', async () => {
    const session = await withProfile();
    const response = await app.request('PUT', `/profiles/${session.user.id}`, {
      token: session.token,
      json: { name: 'Ada', categories: ['health'], content_type: 'podcast', audience_score: 99 },
    });
    assert.equal(response.status, 200);
    assert.equal(response.body.bio, 'I write about engines.');
    assert.deepEqual(response.body.interests, ['Cloud Computing', 'Space']);
    assert.equal(response.body.audience_score, null);
  });

  test('requires name, categories and content type', async () => {
    const session = await withProfile();
    for (const json of [
      { ...modal, name: '' },
      { ...modal, categories: [] },
      { name: 'Ada', categories: ['art'] },
    ]) {
      const response = await app.request('PUT', `/profiles/${session.user.id}`, { token: session.token, json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.equal(response.body.detail, PROFILE_MODAL_REQUIRED);
    }
    const tooLong = await app.request('PUT', `/profiles/${session.user.id}`, { token: session.token, json: { ...modal, bio: 'b'.repeat(281) } });
    assert.equal(tooLong.body.detail, BIO_TOO_LONG);
  });

  test("refuses to change someone else's profile with 403", async () => {
    const owner = await withProfile();
    const other = await withProfile();
    const response = await app.request('PUT', `/profiles/${owner.user.id}/`, { token: other.token, json: modal });
    assert.equal(response.status, 403);
    const unchanged = await app.request('GET', `/profiles/${owner.user.id}`, { token: other.token });
    assert.equal(unchanged.body.name, 'Ada Lovelace');
  });

  test('answers 404 before the profile exists', async () => {
    const session = await app.register();
    const response = await app.request('PUT', `/profiles/${session.user.id}`, { token: session.token, json: modal });
    assert.equal(response.status, 404);
    assert.equal(response.body.detail, 'Profile not found.');
  });

  test('answers 401 without a valid token', async () => {
    const session = await withProfile();
    await expectUnauthorized('PUT', `/profiles/${session.user.id}/`, { json: modal });
  });
});
