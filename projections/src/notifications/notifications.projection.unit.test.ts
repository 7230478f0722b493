import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DomainEvent } from '@crossfeed/domain/shared/decider.ts';
import { formatPosition } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createMemoryReadStore } from '@crossfeed/platform/read-store/memory-read-store.ts';
import { guardOps } from '../projection.ts';
import { NOTIFICATIONS, notificationsProjection, type NotificationDoc } from './notifications.projection.ts';

const at = '2026-11-21T10:00:00.000Z';

/** Events with their ids, applied in order (each twice: a replayed event changes nothing). */
async function project(events: readonly (DomainEvent & { id: string })[]) {
  const store = await createMemoryReadStore();
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
