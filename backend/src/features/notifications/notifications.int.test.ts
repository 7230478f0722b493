import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import type { ContentShared } from '@crossfeed/domain/users/user.events.ts';
import { execute } from '../../api/execute.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { signToken } from '../../testing/test-tokens.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

/** A share of `owner`'s content by `sharer`, as the content feature records it on the sharer's stream. */
async function share(sharer: Session, owner: Session, title: string, sharedAt: string): Promise<string> {
  const event: ContentShared = {
    type: 'ContentShared',
    data: {
      shareId: app.ctx.newId(),
      contentId: app.ctx.newId(),
      contentOwnerId: owner.user.id,
      contentTitle: title,
      sharerId: sharer.user.id,
      sharerUsername: sharer.user.username,
      contactIds: ['c1'],
      sharedAt,
    },
  };
  const stream = userStream(sharer.user.id);
  const { position, nextRevision } = await app.ctx.eventStore.append(stream, [event]);
  assert.equal(await app.runner.waitFor(position, 2000), true);
  const recorded = (await app.ctx.eventStore.readStream(stream)).find((e) => e.revision === nextRevision);
  assert.ok(recorded);
  return recorded.id;
}

const list = (session: Session) => app.request('GET', '/notifications/', { token: session.token });

async function expectUnauthorized(method: string, path: string) {
  const session = await app.register();
  for (const token of [undefined, 'garbage', await signToken(session.user.id, -60)]) {
    const response = await app.request(method, path, { token });
    assert.equal(response.status, 401, `${method} ${path} with ${String(token)}`);
    assert.equal(typeof response.body.detail, 'string');
  }
}

describe('GET /notifications/', () => {
  test("lists the caller's notifications newest first, unread", async () => {
    const owner = await app.register();
    const sharer = await app.register();
    app.setNow('2026-11-21T09:00:00.000Z');
    try {
      await app.grantPremium(owner.user.id);
    } finally {
      app.setNow(undefined);
    }
    const sharedId = await share(sharer, owner, 'My Post', '2026-11-21T10:00:00.000Z');

    const response = await list(owner);
    assert.equal(response.status, 200);
    assert.deepEqual(
      response.body.map((n: { message: string }) => n.message),
      [`${sharer.user.username} shared your content "My Post".`, 'Welcome to Premium! All features are unlocked.'],
    );
    assert.deepEqual(response.body[0], {
      id: sharedId,
      message: `${sharer.user.username} shared your content "My Post".`,
      timestamp: '2026-11-21T10:00:00.000Z',
      is_read: false,
    });
  });

  test("shows nobody else's notifications", async () => {
    const owner = await app.register();
    const other = await app.register();
    await share(other, owner, 'Hers', new Date().toISOString());
    const response = await list(other);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, []);
  });

  test('answers 401 without a valid token', async () => {
    await expectUnauthorized('GET', '/notifications/');
  });
});

describe('PUT /notifications/{id}/read', () => {
  test('marks the notification read and answers it; marking again changes nothing', async () => {
    const owner = await app.register();
    const sharer = await app.register();
    const id = await share(sharer, owner, 'Post', '2026-11-21T10:00:00.000Z');

    const response = await app.request('PUT', `/notifications/${id}/read`, { token: owner.token });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      id,
      message: `${sharer.user.username} shared your content "Post".`,
      timestamp: '2026-11-21T10:00:00.000Z',
      is_read: true,
    });
    assert.equal((await list(owner)).body[0].is_read, true);

    const before = (await app.ctx.eventStore.readStream(userStream(owner.user.id))).length;
    const again = await app.request('PUT', `/notifications/${id}/read/`, { token: owner.token });
    assert.equal(again.status, 200);
    assert.equal(again.body.is_read, true);
    assert.equal((await app.ctx.eventStore.readStream(userStream(owner.user.id))).length, before);
  });

  test("answers 404 for someone else's notification and leaves it unread", async () => {
    const owner = await app.register();
    const sharer = await app.register();
    const id = await share(sharer, owner, 'Post', new Date().toISOString());
    const response = await app.request('PUT', `/notifications/${id}/read`, { token: sharer.token });
    assert.equal(response.status, 404);
    assert.equal(response.body.detail, 'Notification not found.');
    assert.equal((await list(owner)).body[0].is_read, false);
  });

  test('answers 404 for an unknown id', async () => {
    const owner = await app.register();
    const response = await app.request('PUT', '/notifications/no-such-id/read', { token: owner.token });
    assert.equal(response.status, 404);
  });

  test('answers 401 without a valid token', async () => {
    await expectUnauthorized('PUT', '/notifications/some-id/read');
  });
});

describe('Premium notifications', () => {
  test('announce the end of Premium', async () => {
    const session = await app.register();
    await app.grantPremium(session.user.id);
    await execute(app.ctx, userDecider, userStream(session.user.id), {
      type: 'EndPremium',
      data: { userId: session.user.id, reason: 'cancelled', reference: null, now: new Date(Date.now() + 1000).toISOString() },
    });
    const messages = (await list(session)).body.map((n: { message: string }) => n.message);
    assert.deepEqual(messages, ['Your Premium subscription has ended.', 'Welcome to Premium! All features are unlocked.']);
    const me = await app.request('GET', '/auth/me', { token: session.token });
    assert.equal(me.body.is_premium, false);
  });
});
