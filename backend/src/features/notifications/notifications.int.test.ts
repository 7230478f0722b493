import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AllNotificationsRead } from '@crossfeed/domain/notifications/notification.events.ts';
import { notificationsStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import type { ContentShared, NotificationRead } from '@crossfeed/domain/users/user.events.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { execute } from '../../api/execute.ts';
import { assertPagedList, minutesAfter, PAGED_SEED, seedEvents } from '../../testing/paged-list-checks.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { unauthorizedChecks } from '../../testing/unauthorized-checks.ts';

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

const sharedEvent = (sharer: Session, owner: Session, title: string, sharedAt: string): ContentShared => ({
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
});

/** Every event appended after `position`, in order. */
async function eventsAfter(position: string | undefined): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let batch = await app.ctx.eventStore.readAll(position ? { fromPosition: position } : {}); batch.length > 0; ) {
    events.push(...batch);
    batch = await app.ctx.eventStore.readAll({ fromPosition: batch.at(-1)?.position ?? '' });
  }
  return events;
}

const expectUnauthorized = unauthorizedChecks(() => app);

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

  test('pages newest first (ties by id) with X-Total-Count, reaching notifications older than the newest 200', async () => {
    const owner = await app.register();
    const sharer = await app.register();
    // Pairs share a timestamp, so the id has to break the tie for pages to join up.
    const base = '2026-01-01T00:00:00.000Z';
    const events = Array.from({ length: PAGED_SEED }, (_, i) => sharedEvent(sharer, owner, `Post ${i}`, minutesAfter(base, Math.floor(i / 2))));
    const recorded = await seedEvents(app, userStream(sharer.user.id), events);
    const expected = recorded
      .map((event) => ({ id: event.id, at: (event.data as ContentShared['data']).sharedAt }))
      .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
      .map(({ id }) => id);

    await assertPagedList(app, '/notifications/', owner.token, expected);
    const oldest = await app.request('GET', `/notifications/?offset=${PAGED_SEED - 2}`, { token: owner.token });
    assert.deepEqual(oldest.body.map((n: { message: string }) => n.message).sort(), [
      `${sharer.user.username} shared your content "Post 0".`,
      `${sharer.user.username} shared your content "Post 1".`,
    ]);
  });

  test('answers 401 without a valid token', async () => {
    await expectUnauthorized('GET', '/notifications/');
  });
});

describe('PUT /notifications/read-all', () => {
  test('marks every notification up to the newest one read with one event on notifications-{userId}', async () => {
    const owner = await app.register();
    const sharer = await app.register();
    const first = await share(sharer, owner, 'First', '2026-11-21T08:00:00.000Z');
    await share(sharer, owner, 'Second', '2026-11-21T09:00:00.000Z');
    await share(sharer, owner, 'Third', '2026-11-21T10:00:00.000Z');
    assert.equal((await app.request('PUT', `/notifications/${first}/read`, { token: owner.token })).status, 200);
    const someoneElse = await app.register();
    await share(sharer, someoneElse, 'Theirs', '2026-11-21T09:30:00.000Z');

    const before = (await app.ctx.eventStore.head()).position;
    const response = await app.request('PUT', '/notifications/read-all', { token: owner.token });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { message: 'All notifications marked as read.', updated: 2 });

    const appended = await eventsAfter(before);
    assert.equal(appended.length, 1, 'one event');
    assert.equal(appended[0]?.type, 'AllNotificationsRead');
    assert.equal(appended[0]?.stream, notificationsStream(owner.user.id));
    const data = appended[0]?.data as AllNotificationsRead['data'];
    assert.equal(data.userId, owner.user.id);
    assert.equal(data.upTo, '2026-11-21T10:00:00.000Z');
    assert.deepEqual((await list(owner)).body.map((n: { is_read: boolean }) => n.is_read), [true, true, true]);
    assert.deepEqual((await list(someoneElse)).body.map((n: { is_read: boolean }) => n.is_read), [false], "nobody else's");
  });

  test('leaves notifications arriving afterwards unread, even one stamped before upTo', async () => {
    const owner = await app.register();
    const sharer = await app.register();
    await share(sharer, owner, 'Seen', '2026-11-21T10:00:00.000Z');
    assert.equal((await app.request('PUT', '/notifications/read-all/', { token: owner.token })).body.updated, 1);

    const late = await share(sharer, owner, 'Late but stamped earlier', '2026-11-21T09:00:00.000Z');
    const newer = await share(sharer, owner, 'Newer', '2026-11-21T11:00:00.000Z');
    const unread = (await list(owner)).body.filter((n: { is_read: boolean }) => !n.is_read).map((n: { id: string }) => n.id);
    assert.deepEqual(unread.sort(), [late, newer].sort());

    // Asking again marks those two, and only those.
    assert.deepEqual((await app.request('PUT', '/notifications/read-all', { token: owner.token })).body, {
      message: 'All notifications marked as read.',
      updated: 2,
    });
    assert.ok((await list(owner)).body.every((n: { is_read: boolean }) => n.is_read));
  });

  test('with nothing unread answers updated 0 and appends nothing', async () => {
    const owner = await app.register();
    const before = (await app.ctx.eventStore.head()).position;
    const response = await app.request('PUT', '/notifications/read-all', { token: owner.token });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { message: 'All notifications marked as read.', updated: 0 });
    assert.equal((await app.ctx.eventStore.head()).position, before);
  });

  test('marks more than a page in one request', async () => {
    const owner = await app.register();
    const sharer = await app.register();
    const events = Array.from({ length: PAGED_SEED }, (_, i) => sharedEvent(sharer, owner, `Post ${i}`, minutesAfter('2026-02-01T00:00:00.000Z', i)));
    await seedEvents(app, userStream(sharer.user.id), events);
    const before = (await app.ctx.eventStore.head()).position;
    const response = await app.request('PUT', '/notifications/read-all', { token: owner.token });
    assert.deepEqual(response.body, { message: 'All notifications marked as read.', updated: PAGED_SEED });
    assert.equal((await eventsAfter(before)).length, 1);
    const unread = await app.ctx.readStore.collection('notifications').count({ user_id: owner.user.id, is_read: false });
    assert.equal(unread, 0);
  });

  test('answers 401 without a valid token', async () => {
    await expectUnauthorized('PUT', '/notifications/read-all');
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

    const before = (await app.ctx.eventStore.head()).position;
    const again = await app.request('PUT', `/notifications/${id}/read/`, { token: owner.token });
    assert.equal(again.status, 200);
    assert.equal(again.body.is_read, true);
    assert.equal((await app.ctx.eventStore.head()).position, before);
  });

  test('appends NotificationRead to notifications-{userId}, not to the account stream user-{id}', async () => {
    const owner = await app.register();
    const sharer = await app.register();
    const id = await share(sharer, owner, 'Post', '2026-11-21T10:00:00.000Z');
    const account = (await app.ctx.eventStore.readStream(userStream(owner.user.id))).length;

    assert.equal((await app.request('PUT', `/notifications/${id}/read`, { token: owner.token })).status, 200);

    assert.equal((await app.ctx.eventStore.readStream(userStream(owner.user.id))).length, account);
    const reads = await app.ctx.eventStore.readStream(notificationsStream(owner.user.id));
    assert.deepEqual(
      reads.map((event) => [event.type, (event.data as NotificationRead['data']).notificationId]),
      [['NotificationRead', id]],
    );
  });

  test('still applies a NotificationRead of an old log on the account stream', async () => {
    const owner = await app.register();
    const sharer = await app.register();
    const id = await share(sharer, owner, 'Post', '2026-11-21T10:00:00.000Z');
    const old: NotificationRead = { type: 'NotificationRead', data: { userId: owner.user.id, notificationId: id, readAt: '2026-11-21T10:05:00.000Z' } };
    await seedEvents(app, userStream(owner.user.id), [old]);
    assert.equal((await list(owner)).body[0].is_read, true);
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
