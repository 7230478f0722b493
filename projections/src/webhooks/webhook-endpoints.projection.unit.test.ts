import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DomainEvent } from '@crossfeed/domain/shared/decider.ts';
import { formatPosition } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { guardOps } from '../projection.ts';
import { WEBHOOK_ENDPOINTS, webhookEndpointsProjection, type WebhookEndpointDoc } from './webhook-endpoints.projection.ts';

const at = '2026-11-29T03:00:00.000Z';

/** Applies the events in order, each twice (a replayed event changes nothing). */
async function project(events: readonly DomainEvent[]) {
  const store = await createSqliteReadStore({ file: ':memory:' });
  for (const [index, event] of events.entries()) {
    const position = formatPosition(index + 1);
    const recorded = { ...event, id: `e${index}`, stream: 'webhooks-u1', revision: BigInt(index), position, metadata: {}, createdAt: at };
    const ops = guardOps(webhookEndpointsProjection.project(recorded), position, (name) => name);
    await store.applyBatch(ops);
    await store.applyBatch(ops);
  }
  return store.collection<WebhookEndpointDoc>(WEBHOOK_ENDPOINTS);
}

const added = (endpointId: string, founder = false): DomainEvent => ({
  type: 'WebhookEndpointAdded',
  data: { endpointId, userId: 'u1', url: `https://hooks.example.com/${endpointId}`, events: ['match.completed'], founder, addedAt: at },
});

test('an endpoint from added to rotated to disabled, without any secret', async () => {
  const endpoints = await project([
    added('e1', true),
    { type: 'WebhookSecretRotated', data: { endpointId: 'e1', userId: 'u1', secretVersion: 2, rotatedAt: at } },
    { type: 'WebhookSecretRotated', data: { endpointId: 'e1', userId: 'u1', secretVersion: 3, rotatedAt: at } },
    { type: 'WebhookEndpointDisabled', data: { endpointId: 'e1', userId: 'u1', url: 'https://hooks.example.com/e1', reason: 'Every delivery failed.', disabledAt: at } },
  ]);
  const found = await endpoints.findOne({ _id: 'e1' });
  assert.ok(found);
  const { _pos: _position, ...doc } = found;
  assert.deepEqual(doc, {
    _id: 'e1',
    user_id: 'u1',
    url: 'https://hooks.example.com/e1',
    events: ['match.completed'],
    founder: true,
    status: 'disabled',
    disabled_reason: 'Every delivery failed.',
    secret_version: 3,
    created_at: at,
  });
});

test('a removed endpoint is gone; the others stay', async () => {
  const endpoints = await project([added('e1'), added('e2'), { type: 'WebhookEndpointRemoved', data: { endpointId: 'e1', userId: 'u1', removedAt: at } }]);
  assert.deepEqual((await endpoints.find({ user_id: 'u1' })).map((doc) => doc._id), ['e2']);
});
