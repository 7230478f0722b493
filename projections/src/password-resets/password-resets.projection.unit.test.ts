import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { UserEvent } from '@crossfeed/domain/users/user.events.ts';
import { formatPosition } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { guardOps } from '../projection.ts';
import { PASSWORD_RESETS, passwordResetsProjection, type PasswordResetDoc } from './password-resets.projection.ts';

const now = '2026-11-21T10:00:00.000Z';
const expiresAt = '2026-11-21T11:00:00.000Z';

async function project(events: readonly UserEvent[]) {
  const store = await createSqliteReadStore({ file: ':memory:' });
  for (const [index, event] of events.entries()) {
    const position = formatPosition(index + 1);
    const recorded = { id: `e${index}`, type: event.type, stream: 'user-u1', revision: BigInt(index), position, data: event.data, metadata: {}, createdAt: now };
    await store.applyBatch(guardOps(passwordResetsProjection.project(recorded), position, (name) => name));
  }
  return store.collection<PasswordResetDoc>(PASSWORD_RESETS);
}

describe('password-resets projection', () => {
  test('finds a requested reset by its token hash, unused', async () => {
    const resets = await project([{ type: 'PasswordResetRequested', data: { userId: 'u1', tokenHash: 'abc', expiresAt, requestedAt: now } }]);
    const doc = await resets.findOne({ _id: 'abc' });
    assert.equal(doc?.user_id, 'u1');
    assert.equal(doc?.expires_at, expiresAt);
    assert.equal(doc?.used, false);
  });

  test('marks the token used once the reset completes, and only that token', async () => {
    const resets = await project([
      { type: 'PasswordResetRequested', data: { userId: 'u1', tokenHash: 'abc', expiresAt, requestedAt: now } },
      { type: 'PasswordResetRequested', data: { userId: 'u1', tokenHash: 'def', expiresAt, requestedAt: now } },
      { type: 'PasswordResetCompleted', data: { userId: 'u1', tokenHash: 'def', passwordHash: 'h', resetAt: now } },
    ]);
    assert.equal((await resets.findOne({ _id: 'def' }))?.used, true);
    assert.equal((await resets.findOne({ _id: 'abc' }))?.used, false);
  });
});
