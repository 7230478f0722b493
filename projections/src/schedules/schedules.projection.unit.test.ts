import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DomainEvent } from '@crossfeed/domain/shared/decider.ts';
import { formatPosition } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { guardOps } from '../projection.ts';
import { SCHEDULES, schedulesProjection, type ScheduleDoc } from './schedules.projection.ts';

const at = '2026-11-21T10:00:00.000Z';

/** Applies the events in order, each twice (a replayed event changes nothing). */
async function project(events: readonly DomainEvent[]) {
  const store = await createSqliteReadStore({ file: ':memory:' });
  for (const [index, event] of events.entries()) {
    const position = formatPosition(index + 1);
    const recorded = { ...event, id: `e${index}`, stream: 'schedules-u1', revision: BigInt(index), position, metadata: {}, createdAt: at };
    const ops = guardOps(schedulesProjection.project(recorded), position, (name) => name);
    await store.applyBatch(ops);
    await store.applyBatch(ops);
  }
  return store.collection<ScheduleDoc>(SCHEDULES);
}

const scheduled = (scheduleId: string, runAt: string): DomainEvent => ({
  type: 'ShareScheduled',
  data: { scheduleId, userId: 'u1', contentId: 'c1', contentTitle: 'Post', contactIds: ['k1'], runAt, scheduledAt: at },
});

describe('schedules projection', () => {
  test('follows a schedule from scheduled to running to its outcome', async () => {
    const schedules = await project([
      scheduled('s1', '2026-11-21T12:00:00.000Z'),
      { type: 'ScheduleStarted', data: { scheduleId: 's1', userId: 'u1', startedAt: '2026-11-21T12:00:00.000Z' } },
      {
        type: 'ScheduleRan',
        data: { scheduleId: 's1', userId: 'u1', kind: 'share', contentId: 'c1', contentTitle: 'Post', outcome: 'failed', reason: 'Nope.', reached: 0, ranAt: '2026-11-21T12:00:01.000Z' },
      },
    ]);
    const doc = await schedules.findOne({ _id: 's1' });
    assert.equal(doc?.status, 'failed');
    assert.equal(doc?.reason, 'Nope.');
    assert.equal(doc?.finished_at, '2026-11-21T12:00:01.000Z');
    assert.deepEqual(doc?.contact_ids, ['k1']);
  });

  test('orders waiting ones soonest first, then finished ones latest first', async () => {
    const schedules = await project([
      scheduled('late', '2026-11-23T10:00:00.000Z'),
      scheduled('soon', '2026-11-22T10:00:00.000Z'),
      scheduled('old', '2026-11-22T09:00:00.000Z'),
      scheduled('older', '2026-11-22T08:00:00.000Z'),
      { type: 'ScheduleCancelled', data: { scheduleId: 'older', userId: 'u1', cancelledAt: '2026-11-21T10:01:00.000Z' } },
      { type: 'ScheduleCancelled', data: { scheduleId: 'old', userId: 'u1', cancelledAt: '2026-11-21T10:02:00.000Z' } },
    ]);
    const ids = (await schedules.find({ user_id: 'u1' }, { sort: { rank: 1, order: 1, _id: 1 } })).map((doc) => doc._id);
    assert.deepEqual(ids, ['soon', 'late', 'old', 'older']);
  });
});
