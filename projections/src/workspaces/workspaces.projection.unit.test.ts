import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DomainEvent } from '@crossfeed/domain/shared/decider.ts';
import { formatPosition } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { guardOps, type Projection } from '../projection.ts';
import { MATCH_PROGRESS, matchProgressId, matchProgressProjection, type MatchProgressDoc } from '../match-progress/match-progress.projection.ts';
import { WORKSPACES, workspacesProjection, type WorkspaceDoc } from './workspaces.projection.ts';

const at = '2026-11-21T10:00:00.000Z';

/** Events applied in order, each twice: a replayed event changes nothing. */
async function project(projection: Projection, events: readonly DomainEvent[]) {
  const store = await createSqliteReadStore({ file: ':memory:' });
  for (const [index, event] of events.entries()) {
    const position = formatPosition(index + 1);
    const recorded = { ...event, id: `ev-${index}`, stream: 's', revision: BigInt(index), position, metadata: {}, createdAt: at };
    const ops = guardOps(projection.project(recorded), position, (name) => name);
    await store.applyBatch(ops);
    await store.applyBatch(ops);
  }
  return store;
}

const changed = (userId: string, matchIds: string[], contentIds: string[], changedAt = at): DomainEvent => ({
  type: 'WorkspaceSelectionChanged',
  data: { userId, matchIds, contentIds, changedAt },
});
const shared = (sharerId: string, contentId: string, sharedAt = at): DomainEvent => ({
  type: 'ContentShared',
  data: { shareId: `s-${sharedAt}`, contentId, contentOwnerId: 'owner', contentTitle: 'T', sharerId, sharerUsername: 'bob', contactIds: ['k1'], sharedAt },
});

describe('workspaces projection', () => {
  test('keeps the latest selection per user', async () => {
    const store = await project(workspacesProjection, [
      changed('u1', ['m1', 'm2'], ['c1']),
      changed('u2', ['m9'], []),
      changed('u1', ['m2'], ['c1', 'c2'], '2026-11-21T10:05:00.000Z'),
    ]);
    const u1 = await store.collection<WorkspaceDoc>(WORKSPACES).findOne({ _id: 'u1' });
    assert.deepEqual(
      { match_ids: u1?.match_ids, content_ids: u1?.content_ids, updated_at: u1?.updated_at },
      { match_ids: ['m2'], content_ids: ['c1', 'c2'], updated_at: '2026-11-21T10:05:00.000Z' },
    );
    assert.deepEqual((await store.collection<WorkspaceDoc>(WORKSPACES).findOne({ _id: 'u2' }))?.match_ids, ['m9']);
  });

  test('a reset empties the selection', async () => {
    const store = await project(workspacesProjection, [changed('u1', ['m1'], ['c1']), { type: 'WorkspaceReset', data: { userId: 'u1', resetAt: at } }]);
    const doc = await store.collection<WorkspaceDoc>(WORKSPACES).findOne({ _id: 'u1' });
    assert.deepEqual([doc?.match_ids, doc?.content_ids], [[], []]);
  });

  test('ignores events it does not know', () => {
    assert.deepEqual(workspacesProjection.project({ ...shared('u1', 'm1'), id: 'e', stream: 's', revision: 0n, position: formatPosition(1), metadata: {}, createdAt: at }), []);
  });
});

describe('match_progress projection', () => {
  test('counts each ContentShared of a sharer and content once, even when replayed', async () => {
    const store = await project(matchProgressProjection, [
      shared('bob', 'm1', '2026-11-21T10:00:00.000Z'),
      shared('bob', 'm1', '2026-11-21T11:00:00.000Z'),
      shared('bob', 'm2'),
      shared('carol', 'm1'),
    ]);
    const progress = store.collection<MatchProgressDoc>(MATCH_PROGRESS);
    const bobM1 = await progress.findOne({ _id: matchProgressId('bob', 'm1') });
    assert.deepEqual(
      { sharer_id: bobM1?.sharer_id, content_id: bobM1?.content_id, delivered: bobM1?.delivered, last_shared_at: bobM1?.last_shared_at },
      { sharer_id: 'bob', content_id: 'm1', delivered: 2, last_shared_at: '2026-11-21T11:00:00.000Z' },
    );
    assert.equal((await progress.findOne({ _id: matchProgressId('bob', 'm2') }))?.delivered, 1);
    assert.equal((await progress.findOne({ _id: matchProgressId('carol', 'm1') }))?.delivered, 1);
    assert.equal(await progress.count({}), 3);
  });
});
