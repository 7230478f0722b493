import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DomainEvent } from '@crossfeed/domain/shared/decider.ts';
import { formatPosition } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { guardOps } from '../projection.ts';
import { API_TOKENS, apiTokensProjection, type ApiTokenDoc } from './api-tokens.projection.ts';

const at = '2026-11-29T10:00:00.000Z';
const HASH = 'b'.repeat(64);

/** Applies the events in order, each twice (a replayed event changes nothing). */
async function project(events: readonly DomainEvent[]) {
  const store = await createSqliteReadStore({ file: ':memory:' });
  for (const [index, event] of events.entries()) {
    const position = formatPosition(index + 1);
    const recorded = { ...event, id: `e${index}`, stream: 'api-tokens-u1', revision: BigInt(index), position, metadata: {}, createdAt: at };
    const ops = guardOps(apiTokensProjection.project(recorded), position, (name) => name);
    await store.applyBatch(ops);
    await store.applyBatch(ops);
  }
  return store.collection<ApiTokenDoc>(API_TOKENS);
}

const issued = (tokenId: string, issuedAt = at): DomainEvent => ({
  type: 'ApiTokenIssued',
  data: { tokenId, userId: 'u1', name: 'CI', scopes: ['content:read', 'webhooks'], hash: HASH, hint: 'cf_ab12', issuedAt },
});

describe('api tokens projection', () => {
  test('keeps a token by id, found by its hash, with its last use and revocation', async () => {
    const tokens = await project([
      issued('t1'),
      { type: 'ApiTokenUsed', data: { tokenId: 't1', userId: 'u1', usedAt: '2026-11-29T10:05:00.000Z' } },
      { type: 'ApiTokenRevoked', data: { tokenId: 't1', userId: 'u1', revokedAt: '2026-11-29T10:06:00.000Z' } },
    ]);
    const doc = await tokens.findOne({ hash: HASH });
    assert.equal(doc?._id, 't1');
    assert.equal(doc?.user_id, 'u1');
    assert.deepEqual(doc?.scopes, ['content:read', 'webhooks']);
    assert.equal(doc?.hint, 'cf_ab12');
    assert.equal(doc?.created_at, at);
    assert.equal(doc?.last_used_at, '2026-11-29T10:05:00.000Z');
    assert.equal(doc?.revoked_at, '2026-11-29T10:06:00.000Z');
  });

  test('a new token has never been used nor revoked', async () => {
    const tokens = await project([issued('t1')]);
    const doc = await tokens.findOne({ _id: 't1' });
    assert.equal(doc?.last_used_at, null);
    assert.equal(doc?.revoked_at, null);
  });

  test('keeps the latest recorded use, each event applied twice', async () => {
    const tokens = await project([
      issued('t1'),
      { type: 'ApiTokenUsed', data: { tokenId: 't1', userId: 'u1', usedAt: '2026-11-29T10:05:00.000Z' } },
      { type: 'ApiTokenUsed', data: { tokenId: 't1', userId: 'u1', usedAt: '2026-11-29T10:07:00.000Z' } },
    ]);
    assert.equal((await tokens.findOne({ _id: 't1' }))?.last_used_at, '2026-11-29T10:07:00.000Z');
  });
});
