import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore, NewEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import type { RealtimePublisher, Room } from '@crossfeed/platform/realtime/realtime.port.ts';
import { projections } from '../registry.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';
import { seedUsers } from '../testing/seed-users.ts';
import { createPushReactor } from './push-reactor.ts';

interface Push {
  room: Room;
  event: string;
  payload: unknown;
}

let dir: string;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-push-'));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const T = '2026-03-02T10:00:00.000Z';
const submitted = (contentId: string, userId: string, requiredShares = 2): NewEvent => ({
  type: 'ContentSubmitted',
  data: {
    contentId,
    userId,
    username: userId,
    requiredShares,
    submittedAt: T,
    title: `Title ${contentId}`,
    description: 'd',
    url: 'https://example.com/a',
    contentType: 'article',
    categories: ['tech'],
  },
});
const shared = (contentId: string, ownerId: string, sharerId: string, shareId: string): NewEvent => ({
  type: 'ContentShared',
  data: { shareId, contentId, contentOwnerId: ownerId, contentTitle: `Title ${contentId}`, sharerId, sharerUsername: sharerId, contactIds: [], sharedAt: T },
});

let counter = 0;
async function start(): Promise<{ eventStore: EventStore; pushes: Push[]; runner: ProjectionRunner; until: (n: number) => Promise<Push[]> }> {
  const eventStore = await createSqliteEventStore({ file: path.join(dir, `events-${++counter}.db`) });
  const readStore = await createSqliteReadStore({ file: ':memory:' });
  const pushes: Push[] = [];
  const publisher: RealtimePublisher = { emit: (room, event, payload) => void pushes.push({ room, event, payload }), disconnect: () => {}, close: async () => {} };
  await seedUsers(eventStore, 3, 'u'); // u-0 (admin), u-1, u-2: history, never pushed
  await eventStore.append('user-u-1', [submitted('c1', 'u-1')]);
  const runner = new ProjectionRunner({ eventStore, readStore, projections, onLiveEvent: createPushReactor({ readStore, publisher }) });
  await runner.start();
  const until = async (n: number): Promise<Push[]> => {
    const deadline = Date.now() + 3000;
    while (pushes.length < n) {
      if (Date.now() > deadline) assert.fail(`expected ${n} pushes, got ${JSON.stringify(pushes)}`);
      await sleep(10);
    }
    await sleep(30); // nothing more than expected
    return pushes;
  };
  return { eventStore, pushes, runner, until };
}

describe('push reactor', () => {
  test('the catch-up at start pushes nothing', async () => {
    const { eventStore, pushes, runner } = await start();
    await sleep(100);
    assert.deepEqual(pushes, []);
    await runner.stop();
    await eventStore.close();
  });

  test("another user's share pushes the owner's new notification and the content's progress", async () => {
    const { eventStore, runner, until } = await start();
    const appended = await eventStore.append('user-u-2', [shared('c1', 'u-1', 'u-2', 's1')]);
    assert.ok(appended.position);
    const pushes = await until(3);
    const [notification, progress, workspace] = pushes;
    assert.equal(notification?.room, 'user:u-1');
    assert.equal(notification?.event, 'notification');
    const dto = notification?.payload as Record<string, unknown>;
    assert.deepEqual(Object.keys(dto).sort(), ['id', 'is_read', 'message', 'timestamp']);
    assert.equal(dto.message, 'u-2 shared your content "Title c1".');
    assert.equal(dto.is_read, false);
    assert.deepEqual(progress, { room: 'user:u-1', event: 'content:progress', payload: { content_id: 'c1', share_count: 1, required_shares: 2, status: 'active' } });
    // The sharer's own tabs refetch their workspace (match progress, shares left today).
    assert.deepEqual(workspace, { room: 'user:u-2', event: 'workspace:updated', payload: { reason: 'share', content_id: 'c1' } });
    assert.equal(pushes.length, 3);
    await runner.stop();
    await eventStore.close();
  });

  test('a share by the owner pushes progress but no notification', async () => {
    const { eventStore, runner, until } = await start();
    await eventStore.append('user-u-1', [shared('c1', 'u-1', 'u-1', 's1')]);
    const pushes = await until(2);
    assert.deepEqual(pushes.map((p) => p.event), ['content:progress', 'workspace:updated']);
    await runner.stop();
    await eventStore.close();
  });

  test('flags: created, status changed, deleted and content removed go to admins only', async () => {
    const { eventStore, runner, until } = await start();
    await eventStore.append('flag-f1', [
      {
        type: 'ContentFlagged',
        data: { flagId: 'f1', contentId: 'c1', ownerId: 'u-1', contentTitle: 'Title c1', reporterId: 'u-2', reporterUsername: 'u2', reason: 'spam', flaggedAt: T },
      },
    ]);
    // Each step is awaited: reactions read the read models after their batch, and a burst is one batch.
    await until(2);
    await eventStore.append('content-c1', [
      { type: 'ContentStatusChanged', data: { contentId: 'c1', ownerId: 'u-1', contentTitle: 'Title c1', status: 'under_review', previousStatus: 'active', changedBy: 'u-0', changedAt: T } },
    ]);
    await until(5);
    await eventStore.append('flag-f1', [{ type: 'FlagDeleted', data: { flagId: 'f1', contentId: 'c1', deletedBy: 'u-0', deletedAt: T } }]);
    await until(6);
    await eventStore.append('content-c1', [
      { type: 'ContentRemovedByAdmin', data: { contentId: 'c1', ownerId: 'u-1', contentTitle: 'Title c1', removedBy: 'u-0', removedAt: T } },
    ]);
    const pushes = await until(10);
    const admin = pushes.filter((p) => p.room === 'admins');
    assert.deepEqual(
      admin.map((p) => [p.event, p.payload]),
      [
        [
          'flag:created',
          {
            id: 'f1',
            content_id: 'c1',
            reason: 'spam',
            created_at: T,
            user: { username: 'u2' },
            content: { title: 'Title c1', content_type: 'article', categories: ['tech'], status: 'active' },
          },
        ],
        ['flag:updated', { content_id: 'c1', status: 'under_review' }],
        ['flag:updated', { flag_id: 'f1', content_id: 'c1', deleted: true }],
        ['flag:updated', { content_id: 'c1', status: 'deleted', deleted: true }],
      ],
    );
    // The owner is notified of the flag, the status change and the removal, and sees the content's
    // moderation live (`content:updated`), and the removal drops it from their lists (`content:removed`);
    // nobody else hears a thing.
    const others = pushes.filter((p) => p.room !== 'admins');
    assert.deepEqual(others.map((p) => [p.room, p.event]), [
      ['user:u-1', 'notification'],
      ['user:u-1', 'content:updated'],
      ['user:u-1', 'notification'],
      ['user:u-1', 'content:updated'],
      ['user:u-1', 'notification'],
      ['user:u-1', 'content:removed'],
    ]);
    assert.deepEqual(others.at(-1)?.payload, { content_id: 'c1', by: 'admin' });
    const updates = others.filter((p) => p.event === 'content:updated').map((p) => p.payload as Record<string, unknown>);
    assert.deepEqual(
      updates.map((u) => [u.status, u.moderation_status, u.moderation_reason, u.under_review]),
      [
        ['active', null, 'spam', false],
        ['under_review', 'under_review', 'spam', true],
      ],
    );
    await runner.stop();
    await eventStore.close();
  });

  test('premium started pushes the user DTO (no credentials) and a notification to that user', async () => {
    const { eventStore, runner, until } = await start();
    await eventStore.append('user-u-2', [
      { type: 'PremiumStarted', data: { userId: 'u-2', source: 'admin', reference: 'r1', startedAt: T, endsAt: null } },
    ]);
    const pushes = await until(2);
    assert.deepEqual(pushes.map((p) => [p.room, p.event]), [
      ['user:u-2', 'notification'],
      ['user:u-2', 'user:updated'],
    ]);
    const user = pushes[1]?.payload as Record<string, unknown>;
    assert.equal(user.id, 'u-2');
    assert.equal(user.is_premium, true);
    assert.equal('password_hash' in user, false);
    assert.equal('_pos' in user, false);
    await runner.stop();
    await eventStore.close();
  });

  test('a cancel at period end (or a resume) pushes the user DTO with the new end to every tab of that user', async () => {
    const { eventStore, runner, until } = await start();
    await eventStore.append('user-u-2', [
      { type: 'PremiumStarted', data: { userId: 'u-2', source: 'checkout', reference: 'r2', startedAt: T, endsAt: null } },
    ]);
    await until(2);
    const end = '2026-12-21T00:00:00.000Z';
    await eventStore.append('user-u-2', [{ type: 'PremiumEndChanged', data: { userId: 'u-2', endsAt: end, reason: 'cancel_at_period_end', changedAt: T } }]);
    const pushes = await until(3);
    const last = pushes.at(-1);
    assert.deepEqual([last?.room, last?.event], ['user:u-2', 'user:updated']);
    assert.equal((last?.payload as Record<string, unknown>).premium_until, end);
    await runner.stop();
    await eventStore.close();
  });

  test("workspace changes and resets push a refetch hint to that user's room only", async () => {
    const { eventStore, runner, until } = await start();
    await eventStore.append('workspace-u-1', [
      { type: 'WorkspaceSelectionChanged', data: { userId: 'u-1', matchIds: ['c9'], contentIds: ['c1'], changedAt: T } },
      { type: 'WorkspaceReset', data: { userId: 'u-1', resetAt: T } },
    ]);
    const pushes = await until(2);
    assert.deepEqual(pushes, [
      { room: 'user:u-1', event: 'workspace:updated', payload: { reason: 'selection', content_id: null } },
      { room: 'user:u-1', event: 'workspace:updated', payload: { reason: 'reset', content_id: null } },
    ]);
    await runner.stop();
    await eventStore.close();
  });

  test("a schedule that ran pushes its outcome to its owner's room (with the notification the list shows)", async () => {
    const { eventStore, runner, until } = await start();
    const ran = { scheduleId: 's1', userId: 'u-1', kind: 'share', contentId: 'c1', contentTitle: 'Title c1', reason: null, ranAt: T };
    await eventStore.append('schedule-s1', [{ type: 'ScheduleRan', data: { ...ran, outcome: 'ok', reached: 2 } }]);
    await eventStore.append('schedule-s2', [{ type: 'ScheduleRan', data: { ...ran, scheduleId: 's2', kind: 'release', outcome: 'failed', reason: 'It was paused.', reached: 0 } }]);
    const pushes = await until(4);
    const outcomes = pushes.filter((pushed) => pushed.event === 'schedule:ran');
    assert.deepEqual(outcomes, [
      {
        room: 'user:u-1',
        event: 'schedule:ran',
        payload: { schedule_id: 's1', kind: 'share', content_id: 'c1', outcome: 'ok', message: 'Your scheduled share of "Title c1" ran: it reached 2 contacts.' },
      },
      {
        room: 'user:u-1',
        event: 'schedule:ran',
        payload: { schedule_id: 's2', kind: 'release', content_id: 'c1', outcome: 'failed', message: 'Your scheduled release of "Title c1" did not run: It was paused.' },
      },
    ]);
    assert.deepEqual(pushes.filter((pushed) => pushed.event === 'notification').map((pushed) => (pushed.payload as { message: string }).message), outcomes.map((pushed) => (pushed.payload as { message: string }).message));
    await runner.stop();
    await eventStore.close();
  });

  test('a waitlist signup pushes the new member count to the public room', async () => {
    const { eventStore, runner, until } = await start();
    const joined = (key: string): NewEvent => ({
      type: 'WaitlistJoined',
      data: { emailKey: key, email: `${key}@example.com`, referralCode: `REF${key}`, referredBy: null, joinedAt: T },
    });
    await eventStore.append('waitlist-a', [joined('a')]);
    await until(1);
    await eventStore.append('waitlist-b', [joined('b')]);
    const pushes = await until(2);
    assert.deepEqual(pushes, [
      { room: 'public', event: 'waitlist:count', payload: { count: 1 } },
      { room: 'public', event: 'waitlist:count', payload: { count: 2 } },
    ]);
    await runner.stop();
    await eventStore.close();
  });
  test("a confirmation and a referral credit push the entry's position and referrals to that entry's room only", async () => {
    const { eventStore, runner, until } = await start();
    const joined = (key: string): NewEvent => ({
      type: 'WaitlistJoined',
      data: { emailKey: key, email: `${key}@example.com`, referralCode: `REF${key.toUpperCase()}`, referredBy: null, joinedAt: T },
    });
    await eventStore.append('waitlist-a', [joined('a')]);
    await eventStore.append('waitlist-b', [joined('b')]);
    await until(2);
    await eventStore.append('waitlist-b', [{ type: 'WaitlistEmailConfirmed', data: { emailKey: 'b', confirmedAt: T } }]);
    await until(3);
    await eventStore.append('waitlist-b', [{ type: 'WaitlistReferralCredited', data: { emailKey: 'b', referredEmailKey: 'c', creditedAt: T } }]);
    const pushes = await until(4);
    assert.deepEqual(pushes.slice(2), [
      { room: 'waitlist:REFB', event: 'waitlist:rank', payload: { position: 2, referrals: 0, confirmed: true } },
      { room: 'waitlist:REFB', event: 'waitlist:rank', payload: { position: 2, referrals: 1, confirmed: true } },
    ]);
    await runner.stop();
    await eventStore.close();
  });
});
