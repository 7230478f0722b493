import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DomainEvent } from '@crossfeed/domain/shared/decider.ts';
import { formatPosition } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { guardOps } from '../projection.ts';
import { NOTIFICATIONS, notificationsProjection, type NotificationDoc } from './notifications.projection.ts';

const at = '2026-11-21T10:00:00.000Z';

/** Events with their ids, applied in order (each twice: a replayed event changes nothing). */
async function project(events: readonly (DomainEvent & { id: string })[]) {
  const store = await createSqliteReadStore({ file: ':memory:' });
  for (const [index, event] of events.entries()) {
    const position = formatPosition(index + 1);
    const recorded = { ...event, stream: 's', revision: BigInt(index), position, metadata: {}, createdAt: at };
    const ops = guardOps(notificationsProjection.project(recorded), position, (name) => name);
    await store.applyBatch(ops);
    await store.applyBatch(ops);
  }
  return store.collection<NotificationDoc>(NOTIFICATIONS);
}

const shared = (id: string, sharerId: string) => ({
  id,
  type: 'ContentShared',
  data: {
    shareId: 's1',
    contentId: 'c1',
    contentOwnerId: 'owner',
    contentTitle: 'My Post',
    sharerId,
    sharerUsername: 'bob',
    contactIds: ['k1'],
    sharedAt: at,
  },
});

describe('notifications projection', () => {
  test('tells the creator which item a completed match released, or that its credit is banked', async () => {
    const completed = (id: string, releasedContentId: string | null) => ({
      id,
      type: 'MatchCompleted',
      data: { sharerId: 'ada', contentId: 'theirs', contentOwnerId: 'bob', contentTitle: 'Their Post', requiredShares: 5, releasedContentId, completedAt: at },
    });
    const released = {
      id: 'e2',
      type: 'ContentReleased',
      data: { contentId: 'mine', userId: 'ada', contentTitle: 'My Queued Post', reason: 'match_completed', matchContentId: 'theirs', releasedAt: at },
    };
    const notifications = await project([completed('e1', 'mine'), released, completed('e3', null)]);
    const docs = await notifications.find({ user_id: 'ada' }, { sort: { _id: 1 } });
    assert.deepEqual(
      docs.map((doc) => [doc._id, doc.kind, doc.message, doc.content_id]),
      [
        ['e2', 'content_released', 'Your content "My Queued Post" is now live in the exchange. You earned it by completing a match.', 'mine'],
        ['e3', 'match_completed', 'You completed a match for "Their Post". Your next submission will be released to the exchange at once.', 'theirs'],
      ],
    );
  });

  test('tells the content owner who shared their content, with the event id as notification id', async () => {
    const notifications = await project([shared('ev-1', 'bob-id')]);
    const all = await notifications.find({});
    assert.equal(all.length, 1);
    assert.deepEqual(all[0], {
      _id: 'ev-1',
      _pos: formatPosition(1),
      user_id: 'owner',
      message: 'bob shared your content "My Post".',
      timestamp: at,
      is_read: false,
      kind: 'content_shared',
      content_id: 'c1',
    });
  });

  test('does not notify an owner sharing their own content', async () => {
    const notifications = await project([shared('ev-1', 'owner')]);
    assert.equal(await notifications.count({}), 0);
  });

  test('writes the moderation messages to the owner', async () => {
    const moderation = { contentId: 'c1', ownerId: 'owner', contentTitle: 'My Post' };
    const notifications = await project([
      { id: 'f', type: 'ContentFlagged', data: { ...moderation, flagId: 'f1', reporterId: 'r', reporterUsername: 'r', reason: 'spam', flaggedAt: at } },
      {
        id: 's',
        type: 'ContentStatusChanged',
        data: { ...moderation, status: 'under_review', previousStatus: 'flagged', changedBy: 'admin', changedAt: at },
      },
      { id: 'r', type: 'ContentRemovedByAdmin', data: { ...moderation, removedBy: 'admin', removedAt: at } },
    ]);
    const byId = async (id: string) => (await notifications.findOne({ _id: id }))?.message;
    assert.equal(await byId('f'), 'Your content "My Post" was flagged for review.');
    assert.equal(await byId('s'), 'Your content "My Post" is now under review.');
    assert.equal(await byId('r'), 'Your content "My Post" was removed by a moderator.');
    assert.equal(await notifications.count({ user_id: 'owner' }), 3);
  });

  test('tells the owner the reason of a removal, by deletion or by the deleted status', async () => {
    const moderation = { contentId: 'c1', ownerId: 'owner', contentTitle: 'My Post' };
    const notifications = await project([
      { id: 'r', type: 'ContentRemovedByAdmin', data: { ...moderation, removedBy: 'admin', removedAt: at, reason: 'Copies another class' } },
      {
        id: 'd',
        type: 'ContentStatusChanged',
        data: { ...moderation, status: 'deleted', previousStatus: 'under_review', changedBy: 'admin', changedAt: at, reason: 'Spam link; Misleading' },
      },
      // Recorded before reasons were kept: read as before.
      { id: 'old', type: 'ContentStatusChanged', data: { ...moderation, status: 'deleted', previousStatus: null, changedBy: 'admin', changedAt: at } },
    ]);
    const byId = async (id: string) => (await notifications.findOne({ _id: id }))?.message;
    assert.equal(await byId('r'), 'Your content "My Post" was removed by a moderator. Reason: Copies another class');
    assert.equal(await byId('d'), 'Your content "My Post" is now deleted. Reason: Spam link; Misleading');
    assert.equal(await byId('old'), 'Your content "My Post" is now deleted.');
  });

  test('welcomes a Premium start and announces its end', async () => {
    const notifications = await project([
      { id: 'p1', type: 'PremiumStarted', data: { userId: 'u1', source: 'checkout', reference: 'cs', startedAt: at, endsAt: null } },
      { id: 'p2', type: 'PremiumEnded', data: { userId: 'u1', reason: 'cancelled', reference: null, endedAt: at } },
    ]);
    assert.equal((await notifications.findOne({ _id: 'p1' }))?.message, 'Welcome to Premium! All features are unlocked.');
    assert.equal((await notifications.findOne({ _id: 'p2' }))?.message, 'Your Premium subscription has ended.');
    assert.equal((await notifications.findOne({ _id: 'p2' }))?.user_id, 'u1');
  });

  test('marks the recipient’s notification read, and nobody else’s', async () => {
    const notifications = await project([
      shared('ev-1', 'bob-id'),
      { id: 'r1', type: 'NotificationRead', data: { userId: 'intruder', notificationId: 'ev-1', readAt: at } },
    ]);
    assert.equal((await notifications.findOne({ _id: 'ev-1' }))?.is_read, false);
    const read = await project([
      shared('ev-1', 'bob-id'),
      { id: 'r1', type: 'NotificationRead', data: { userId: 'owner', notificationId: 'ev-1', readAt: at } },
    ]);
    assert.equal((await read.findOne({ _id: 'ev-1' }))?.is_read, true);
  });
});

describe('notifications projection: AllNotificationsRead', () => {
  const note = (id: string, userId: string, timestamp: string) => ({
    id,
    type: 'PremiumStarted',
    data: { userId, source: 'checkout', reference: id, startedAt: timestamp, endsAt: null },
  });
  const allRead = (id: string, userId: string, upTo: string) => ({ id, type: 'AllNotificationsRead', data: { userId, upTo, readAt: upTo } });
  const readIds = async (notifications: Awaited<ReturnType<typeof project>>) =>
    (await notifications.find({ is_read: true }, { sort: { _id: 1 } })).map((doc) => doc._id);

  test("marks the user's notifications stamped up to upTo read, and nobody else's", async () => {
    const notifications = await project([
      note('n1', 'u1', '2026-11-21T08:00:00.000Z'),
      note('n2', 'u1', '2026-11-21T09:00:00.000Z'),
      note('n3', 'u1', '2026-11-21T10:00:00.000Z'),
      note('o1', 'u2', '2026-11-21T08:00:00.000Z'),
      allRead('r1', 'u1', '2026-11-21T09:00:00.000Z'),
    ]);
    assert.deepEqual(await readIds(notifications), ['n1', 'n2']);
  });

  test('leaves a notification projected after it unread, even when stamped earlier; applied again it changes nothing', async () => {
    const store = await createSqliteReadStore({ file: ':memory:' });
    const events = [
      note('n1', 'u1', '2026-11-21T08:00:00.000Z'),
      allRead('r1', 'u1', '2026-11-21T09:00:00.000Z'),
      note('late', 'u1', '2026-11-21T08:30:00.000Z'),
    ];
    const batches = events.map((event, index) => {
      const position = formatPosition(index + 1);
      const recorded = { ...event, stream: 's', revision: BigInt(index), position, metadata: {}, createdAt: at };
      return guardOps(notificationsProjection.project(recorded), position, (name) => name);
    });
    for (const batch of batches) await store.applyBatch(batch);
    const notifications = store.collection<NotificationDoc>(NOTIFICATIONS);
    const before = await notifications.find({}, { sort: { _id: 1 } });
    assert.deepEqual(await readIds(notifications), ['n1']);

    // A replay of the read-all (same position) finds every document already at or past it.
    await store.applyBatch(batches[1] ?? []);
    await store.applyBatch(batches[1] ?? []);
    assert.deepEqual(await notifications.find({}, { sort: { _id: 1 } }), before);
  });

  test('is one updateMany filtered by recipient, unread and timestamp', () => {
    const recorded = { ...allRead('r1', 'u1', at), stream: 'notifications-u1', revision: 0n, position: formatPosition(1), metadata: {}, createdAt: at };
    assert.deepEqual(notificationsProjection.project(recorded), [
      {
        op: 'updateMany',
        collection: NOTIFICATIONS,
        filter: { user_id: 'u1', is_read: false, timestamp: { $lte: at } },
        update: { $set: { is_read: true } },
      },
    ]);
  });
});

test('a disabled webhook endpoint tells its owner which one and why', async () => {
  const notifications = await project([
    {
      id: 'wd1',
      type: 'WebhookEndpointDisabled',
      data: { endpointId: 'e1', userId: 'ada', url: 'https://hooks.example.com/in', reason: 'Every delivery failed for 3 days.', disabledAt: at },
    },
  ]);
  const doc = await notifications.findOne({ _id: 'wd1' });
  assert.deepEqual([doc?.user_id, doc?.kind, doc?.message, doc?.is_read], ['ada', 'webhook_disabled', 'Your webhook endpoint https://hooks.example.com/in was disabled: Every delivery failed for 3 days.', false]);
});
