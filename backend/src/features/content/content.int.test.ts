import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import type { ContentDeleted, ContentSubmitted } from '@crossfeed/domain/users/user.events.ts';
import { assertPagedList, minutesAfter, PAGED_SEED, seedEvents } from '../../testing/paged-list-checks.ts';
import { CONTENT_TYPES } from '@crossfeed/domain/rules/content-types.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { assertRequiresAuth, submitContent } from './content.fixtures.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const WEEKLY_LIMIT = 'Weekly submission limit reached. Upgrade to premium for unlimited submissions.';
const REQUIRED = 'Please fill in all required fields.';

describe('POST /content/', () => {
  test('submits content with normalized categories and answers the SPEC content shape', async () => {
    const ada = await app.register();
    const response = await app.request('POST', '/content', {
      token: ada.token,
      json: { title: ' My first post ', url: 'https://example.com/a', content_type: 'Video', categories: [' Technology ', 'technology', 'AI'] },
    });
    assert.equal(response.status, 201, response.text);
    const body = response.body;
    assert.equal(typeof body.id, 'string');
    assert.deepEqual(
      { ...body, id: undefined, created_at: undefined },
      {
        id: undefined,
        created_at: undefined,
        title: 'My first post',
        description: '',
        url: 'https://example.com/a',
        content_type: 'video',
        status: 'active',
        owner_status: 'active',
        moderation_status: null,
        moderation_reason: null,
        under_review: false,
        share_count: 0,
        categories: ['technology', 'ai'],
        user: { id: ada.user.id, username: ada.user.username },
        required_shares: 5,
        short_link_clicks: 0,
        conversions_count: 0,
        links: [],
        enhanced_url: null,
      },
    );
    assert.ok(!Number.isNaN(Date.parse(body.created_at)));
    assert.ok(!('_pos' in body) && !('deleted' in body) && !('bot_clicks' in body));
  });

  test('rejects missing or invalid required fields with the SPEC message', async () => {
    const ada = await app.register();
    const valid = { title: 'T', url: 'https://example.com/a', content_type: 'article', categories: ['art'] };
    const bad = [
      {},
      { ...valid, title: '   ' },
      { ...valid, url: 'not a url' },
      { ...valid, url: 'ftp://example.com/file' },
      { ...valid, content_type: 'hologram' },
      { ...valid, content_type: undefined },
      { ...valid, categories: [] },
      { ...valid, categories: ['  '] },
    ];
    for (const json of bad) {
      const response = await app.request('POST', '/content/', { token: ada.token, json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.equal(response.body.detail, REQUIRED);
    }
    const unknownField = await app.request('POST', '/content/', { token: ada.token, json: { ...valid, status: 'shared' } });
    assert.equal(unknownField.status, 400);
    const tooLong = await app.request('POST', '/content/', { token: ada.token, json: { ...valid, title: 'x'.repeat(201) } });
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.body.detail, /Title must be at most 200/);
    const malformed = await app.request('POST', '/content/', {
      token: ada.token,
      body: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(malformed.status, 400);
    // Nothing was written by the rejected requests.
    assert.deepEqual((await app.request('GET', '/content/', { token: ada.token })).body, []);
  });

  test('requires a valid, unexpired token', async () => {
    const ada = await app.register();
    await assertRequiresAuth(app, 'POST', '/content/', ada.user.id, { title: 'T', url: 'https://example.com', content_type: 'article', categories: ['a'] });
  });

  test('limits a Free user to 3 submissions per ISO week and opens again on Monday', async () => {
    const ada = await app.register();
    app.setNow('2026-11-21T10:00:00.000Z');
    try {
      for (let i = 0; i < 3; i++) await submitContent(app, ada);
      const fourth = await app.request('POST', '/content/', {
        token: ada.token,
        json: { title: 'Four', url: 'https://example.com/4', content_type: 'article', categories: ['art'] },
      });
      assert.equal(fourth.status, 429);
      assert.equal(fourth.body.detail, WEEKLY_LIMIT);
      app.setNow('2026-11-23T00:00:00.000Z');
      await submitContent(app, ada);
    } finally {
      app.setNow(undefined);
    }
  });

  test('lets exactly 3 of 10 parallel submissions of a Free user through', async () => {
    const ada = await app.register();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.request('POST', '/content/', {
          token: ada.token,
          json: { title: `Parallel ${i}`, url: `https://example.com/p${i}`, content_type: 'article', categories: ['art'] },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    assert.deepEqual(statuses, [201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    for (const response of responses.filter((r) => r.status === 429)) assert.equal(response.body.detail, WEEKLY_LIMIT);
    assert.equal((await app.request('GET', '/content/', { token: ada.token })).body.length, 3);
  });

  test('lets a Premium user submit more than 3 in a week', async () => {
    const ada = await app.register();
    await app.grantPremium(ada.user.id);
    for (let i = 0; i < 5; i++) await submitContent(app, ada);
    assert.equal((await app.request('GET', '/content/', { token: ada.token })).body.length, 5);
  });
});

describe('GET /api/users/submission-info', () => {
  test('counts the week, remembers the last submission and says when the limit is reached', async () => {
    const ada = await app.register();
    const empty = await app.request('GET', '/api/users/submission-info', { token: ada.token });
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body, { weekly_submission_count: 0, last_submission_date: null, can_submit: true, submissions_remaining: 3 });
    const first = await submitContent(app, ada);
    const one = await app.request('GET', '/api/users/submission-info', { token: ada.token });
    assert.deepEqual(one.body, { weekly_submission_count: 1, last_submission_date: first.created_at, can_submit: true, submissions_remaining: 2 });
    await submitContent(app, ada);
    await submitContent(app, ada);
    const full = await app.request('GET', '/api/users/submission-info', { token: ada.token });
    assert.equal(full.body.can_submit, false);
    assert.equal(full.body.submissions_remaining, 0);
  });

  test('has no counter for Premium', async () => {
    const ada = await app.register();
    await app.grantPremium(ada.user.id);
    const response = await app.request('GET', '/api/users/submission-info', { token: ada.token });
    assert.equal(response.body.can_submit, true);
    assert.equal(response.body.submissions_remaining, -1);
  });

  test('requires a valid, unexpired token', async () => {
    const ada = await app.register();
    await assertRequiresAuth(app, 'GET', '/api/users/submission-info', ada.user.id);
  });
});

describe('GET /content/types', () => {
  test('lists the content types with or without a token', async () => {
    const anonymous = await app.request('GET', '/content/types');
    assert.equal(anonymous.status, 200);
    assert.deepEqual(anonymous.body, { content_types: [...CONTENT_TYPES] });
    const ada = await app.register();
    const signedIn = await app.request('GET', '/content/types/', { token: ada.token });
    assert.deepEqual(signedIn.body, anonymous.body);
  });
});

describe('GET /content/ (own content)', () => {
  test('lists only the caller content, newest first, without deleted content', async () => {
    const ada = await app.register();
    const bob = await app.register();
    app.setNow('2026-11-18T10:00:00.000Z');
    const older = await submitContent(app, ada, { title: 'Older' });
    app.setNow('2026-11-18T11:00:00.000Z');
    const newer = await submitContent(app, ada, { title: 'Newer' });
    const gone = await submitContent(app, ada, { title: 'Gone' });
    app.setNow(undefined);
    await submitContent(app, bob, { title: 'Bob post' });
    assert.equal((await app.request('DELETE', `/content/${gone.id}/`, { token: ada.token })).status, 200);
    const response = await app.request('GET', '/content/', { token: ada.token });
    assert.equal(response.status, 200);
    assert.deepEqual(
      response.body.map((item: { id: string }) => item.id),
      [gone.id, newer.id, older.id].filter((id) => id !== gone.id),
    );
  });

  test('pages newest first (ties by id) with X-Total-Count, deleted content not counted', async () => {
    const ada = await app.register();
    const submitted: ContentSubmitted[] = Array.from({ length: PAGED_SEED + 3 }, (_, i) => ({
      type: 'ContentSubmitted',
      data: {
        contentId: `paged-${ada.user.id}-${String(i).padStart(4, '0')}`,
        userId: ada.user.id,
        username: ada.user.username,
        requiredShares: 5,
        submittedAt: minutesAfter('2026-01-05T00:00:00.000Z', Math.floor(i / 2)),
        title: `Post ${i}`,
        description: '',
        url: `https://example.com/${i}`,
        contentType: 'article',
        categories: ['art'],
      },
    }));
    const deleted: ContentDeleted[] = [0, 7, PAGED_SEED].map((i) => ({
      type: 'ContentDeleted',
      data: { contentId: submitted[i]?.data.contentId ?? '', userId: ada.user.id, deletedAt: '2026-03-01T00:00:00.000Z' },
    }));
    await seedEvents(app, userStream(ada.user.id), [...submitted, ...deleted]);
    const gone = new Set(deleted.map(({ data }) => data.contentId));
    // Within a pair (same time) the larger id comes first.
    const expected = submitted
      .map(({ data }) => data.contentId)
      .filter((id) => !gone.has(id))
      .reverse();
    await assertPagedList(app, '/content/', ada.token, expected);
  });

  test('requires a valid, unexpired token', async () => {
    const ada = await app.register();
    await assertRequiresAuth(app, 'GET', '/content/', ada.user.id);
  });
});

describe('GET, PUT, DELETE /content/{id}/', () => {
  let ada: Session;
  let bob: Session;
  before(async () => {
    ada = await app.register();
    bob = await app.register();
    // Many submissions in this block: no weekly limit in the way.
    await app.grantPremium(ada.user.id);
  });

  test('any signed-in user reads visible content; unknown ids are 404', async () => {
    const post = await submitContent(app, ada);
    const own = await app.request('GET', `/content/${post.id}/`, { token: ada.token });
    assert.equal(own.status, 200);
    assert.equal(own.body.id, post.id);
    const other = await app.request('GET', `/content/${post.id}`, { token: bob.token });
    assert.equal(other.status, 200);
    assert.equal(other.body.title, post.title);
    const missing = await app.request('GET', '/content/no-such-id/', { token: bob.token });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.detail, 'Content not found.');
  });

  test('hides flagged content from others but shows it to its owner', async () => {
    const post = await submitContent(app, ada);
    const changed = await app.ctx.eventStore.append(contentStream(post.id), [
      {
        type: 'ContentStatusChanged',
        data: {
          contentId: post.id,
          ownerId: ada.user.id,
          contentTitle: String(post.title),
          status: 'flagged',
          previousStatus: 'active',
          changedBy: 'admin',
          changedAt: new Date().toISOString(),
        },
      },
    ]);
    assert.ok(await app.runner.waitFor(changed.position, 2000));
    assert.equal((await app.request('GET', `/content/${post.id}/`, { token: bob.token })).status, 404);
    const own = await app.request('GET', `/content/${post.id}/`, { token: ada.token });
    assert.equal(own.status, 200);
    assert.equal(own.body.status, 'flagged');
  });

  test('the owner edits title and description', async () => {
    const post = await submitContent(app, ada);
    const response = await app.request('PUT', `/content/${post.id}/`, { token: ada.token, json: { title: 'Edited', description: 'Now with words' } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.title, 'Edited');
    assert.equal(response.body.description, 'Now with words');
    const read = await app.request('GET', `/content/${post.id}/`, { token: bob.token });
    assert.equal(read.body.title, 'Edited');
  });

  test('an edit needs both title and description', async () => {
    const post = await submitContent(app, ada);
    for (const json of [{ title: 'Only title' }, { title: '', description: 'd' }, { title: 't', description: '  ' }]) {
      const response = await app.request('PUT', `/content/${post.id}/`, { token: ada.token, json });
      assert.equal(response.status, 400);
      assert.equal(response.body.detail, 'Title and description are required.');
    }
    const unknown = await app.request('PUT', `/content/${post.id}/`, { token: ada.token, json: { title: 't', description: 'd', user_id: bob.user.id } });
    assert.equal(unknown.status, 400);
  });

  test("another user's content is 404 on edit and delete, and stays unchanged", async () => {
    const post = await submitContent(app, ada, { title: 'Mine' });
    const edit = await app.request('PUT', `/content/${post.id}/`, { token: bob.token, json: { title: 'Hijacked', description: 'x' } });
    assert.equal(edit.status, 404);
    assert.equal(edit.body.detail, 'Content not found.');
    const remove = await app.request('DELETE', `/content/${post.id}/`, { token: bob.token });
    assert.equal(remove.status, 404);
    const read = await app.request('GET', `/content/${post.id}/`, { token: ada.token });
    assert.equal(read.status, 200);
    assert.equal(read.body.title, 'Mine');
  });

  test('the owner deletes content; then it is 404 for everyone', async () => {
    const post = await submitContent(app, ada);
    const response = await app.request('DELETE', `/content/${post.id}`, { token: ada.token });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { message: 'Content deleted successfully!' });
    assert.equal((await app.request('GET', `/content/${post.id}/`, { token: ada.token })).status, 404);
    assert.equal((await app.request('GET', `/content/${post.id}/`, { token: bob.token })).status, 404);
    assert.equal((await app.request('DELETE', `/content/${post.id}/`, { token: ada.token })).status, 404);
    assert.equal((await app.request('PUT', `/content/${post.id}/`, { token: ada.token, json: { title: 't', description: 'd' } })).status, 404);
  });

  test('content removed by an admin is gone for its owner too', async () => {
    const post = await submitContent(app, ada);
    const removed = await app.ctx.eventStore.append(contentStream(post.id), [
      {
        type: 'ContentRemovedByAdmin',
        data: { contentId: post.id, ownerId: ada.user.id, contentTitle: String(post.title), removedBy: 'admin', removedAt: new Date().toISOString() },
      },
    ]);
    assert.ok(await app.runner.waitFor(removed.position, 2000));
    assert.equal((await app.request('GET', `/content/${post.id}/`, { token: ada.token })).status, 404);
    assert.equal((await app.request('PUT', `/content/${post.id}/`, { token: ada.token, json: { title: 't', description: 'd' } })).status, 404);
    assert.equal((await app.request('DELETE', `/content/${post.id}/`, { token: ada.token })).status, 404);
    const own = await app.request('GET', '/content/', { token: ada.token });
    assert.ok(!own.body.some((item: { id: string }) => item.id === post.id));
  });

  test('require a valid, unexpired token', async () => {
    const post = await submitContent(app, ada);
    await assertRequiresAuth(app, 'GET', `/content/${post.id}/`, ada.user.id);
    await assertRequiresAuth(app, 'PUT', `/content/${post.id}/`, ada.user.id, { title: 't', description: 'd' });
    await assertRequiresAuth(app, 'DELETE', `/content/${post.id}/`, ada.user.id);
    assert.equal((await app.request('GET', `/content/${post.id}/`, { token: ada.token })).body.title, post.title);
  });
});
