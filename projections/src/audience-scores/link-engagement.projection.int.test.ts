import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { guardOps } from '../projection.ts';
import { projectEvents, type TestEvent } from '../testing/project-events.ts';
import { contactScoresOf } from './audience-scores.queries.ts';
import { LINK_ENGAGEMENT, linkEngagementProjection } from './link-engagement.projection.ts';

const click = (contactId: string | null, clickedAt: string, human = true, sharerId?: string): TestEvent => ({
  stream: contentStream('c1'),
  type: 'LinkClicked',
  data: {
    contentId: 'c1', ownerId: 'owner', shortCode: 'abcdefg', contactId, ...(sharerId ? { sharerId } : {}),
    human, botReason: human ? null : 'bot', clickedAt,
  },
});
const conversion = (contactId: string, recordedAt: string, verified = false): TestEvent => ({
  stream: contentStream('c1'),
  type: 'ConversionRecorded',
  data: {
    conversionId: `v-${recordedAt}`, contentId: 'c1', ownerId: 'owner', contactId, ...(contactId === 'k4' ? { sharerId: 'owner' } : {}), shortCode: null, kind: 'signup', value: 1,
    recordedBy: verified ? 'tracking' : 'owner', recordedAt, verified, ...(verified ? { visit: `c:${contactId}@${recordedAt.slice(0, 10)}` } : {}),
  },
});

const events: TestEvent[] = [
  click('k1', '2026-11-20T08:00:00.000Z', true, 'sharer'),
  click('k1', '2026-11-20T09:00:00.000Z', true, 'sharer'),
  click('k1', '2026-11-20T23:59:59.000Z', true, 'sharer'),
  click('k1', '2026-11-21T00:00:01.000Z', true, 'sharer'),
  click('k2', '2026-11-20T10:00:00.000Z', false, 'sharer'),
  click(null, '2026-11-20T10:00:00.000Z'),
  // Recorded before the sharer was kept: still counted, sharer unknown.
  click('k3', '2026-11-20T10:00:00.000Z'),
  conversion('k1', '2026-11-21T12:00:00.000Z', true),
  // Self-reported by the owner: shown to them, never scored.
  conversion('k1', '2026-11-21T13:00:00.000Z'),
  // The owner's own contact on a link the owner tracks by hand (never delivered by Crossfeed), with a
  // self-reported conversion: kept for the owner's attribution, not scored.
  click('k4', '2026-11-20T10:00:00.000Z', true, 'owner'),
  conversion('k4', '2026-11-20T11:00:00.000Z'),
];

describe('link engagement projection', () => {
  test('one document per contact, content and UTC day; bots and anonymous clicks are left out', async () => {
    const store = await projectEvents(linkEngagementProjection, events);
    const docs = await store.collection(LINK_ENGAGEMENT).find({}, { sort: { _id: 1 }, projection: { _pos: 0 } });
    assert.deepEqual(docs, [
      { _id: 'c1:k1:2026-11-20', content_id: 'c1', owner_id: 'owner', contact_id: 'k1', day: '2026-11-20', sharer_id: 'sharer', delivered: true, clicks: 3, conversions: 0, verified_conversions: 0 },
      { _id: 'c1:k1:2026-11-21', content_id: 'c1', owner_id: 'owner', contact_id: 'k1', day: '2026-11-21', sharer_id: 'sharer', delivered: true, clicks: 1, conversions: 2, verified_conversions: 1 },
      { _id: 'c1:k3:2026-11-20', content_id: 'c1', owner_id: 'owner', contact_id: 'k3', day: '2026-11-20', sharer_id: null, delivered: true, clicks: 1, conversions: 0, verified_conversions: 0 },
      { _id: 'c1:k4:2026-11-20', content_id: 'c1', owner_id: 'owner', contact_id: 'k4', day: '2026-11-20', sharer_id: 'owner', delivered: false, clicks: 1, conversions: 1, verified_conversions: 0 },
    ]);
  });

  test('contact scores count click days once and verified conversions only: k1 2 days + 1, k2 (a bot) 0, k4 (hand-tracked) 0', async () => {
    const store = await projectEvents(linkEngagementProjection, events);
    const scores = await contactScoresOf(store, ['k1', 'k2', 'k3', 'k4']);
    assert.equal(scores.get('k1')?.score, 60);
    assert.equal(scores.get('k2')?.score, 0);
    assert.equal(scores.get('k3')?.score, 20);
    assert.equal(scores.get('k4')?.score, 0);
    assert.match(scores.get('k1')?.parts[0]?.detail ?? '', /^2 days with a click \(4 clicks in all/);
  });

  test('applying the events again (a replay over the same documents) counts nothing twice', async () => {
    const store = await projectEvents(linkEngagementProjection, events);
    const before = await store.collection(LINK_ENGAGEMENT).find({}, { sort: { _id: 1 } });
    const recorded = await eventsAsRecorded(events);
    for (const event of recorded) {
      await store.applyBatch(guardOps(linkEngagementProjection.project(event), event.position, (name) => name));
    }
    assert.deepEqual(await store.collection(LINK_ENGAGEMENT).find({}, { sort: { _id: 1 } }), before);
  });
});

async function eventsAsRecorded(list: readonly TestEvent[]): Promise<RecordedEvent[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-engagement-'));
  try {
    const eventStore = await createSqliteEventStore({ file: path.join(dir, 'events.db') });
    for (const { stream, type, data } of list) await eventStore.append(stream, [{ type, data }], { expectedRevision: 'any' });
    const all = await eventStore.readAll({ fromPosition: undefined, limit: 1000 });
    await eventStore.close();
    return all;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
