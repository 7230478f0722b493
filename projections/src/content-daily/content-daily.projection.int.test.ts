import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { guardOps } from '../projection.ts';
import { projectEvents, type TestEvent } from '../testing/project-events.ts';
import { CONTENT_DAILY, contentDailyProjection } from './content-daily.projection.ts';
import { buildContentDailySeries, contentDailySeries } from './content-daily.queries.ts';

const share = (shareId: string, sharedAt: string, contentId = 'c1'): TestEvent => ({
  stream: userStream('sharer'),
  type: 'ContentShared',
  data: {
    shareId, contentId, contentOwnerId: 'owner', contentTitle: 'A post', sharerId: 'sharer', sharerUsername: 'bob',
    contactIds: ['k1'], skipped: [], sharedAt,
  },
});
/** A click as the decider records it: `unique` says whether its visitor was counted (absent: an old event). */
const click = (contactId: string | null, clickedAt: string, human = true, unique: boolean | undefined = human): TestEvent => ({
  stream: contentStream('c1'),
  type: 'LinkClicked',
  data: {
    contentId: 'c1', ownerId: 'owner', shortCode: 'abcdefg', contactId, sharerId: contactId ? 'sharer' : null, human, botReason: human ? null : 'bot', clickedAt,
    ...(unique === undefined ? {} : { visitor: contactId ? `c:${contactId}` : `v-${clickedAt}`, unique }),
  },
});
const conversion = (contactId: string | null, recordedAt: string): TestEvent => ({
  stream: contentStream('c1'),
  type: 'ConversionRecorded',
  data: { conversionId: `v-${recordedAt}`, contentId: 'c1', ownerId: 'owner', contactId, sharerId: null, shortCode: null, kind: 'signup', value: 1, recordedBy: 'owner', recordedAt },
});

const events: TestEvent[] = [
  share('s1', '2026-11-20T08:00:00.000Z'),
  share('s2', '2026-11-20T23:59:59.999Z'),
  share('s3', '2026-11-21T00:00:00.000Z'),
  // Another content's share stays on its own document.
  share('s4', '2026-11-20T09:00:00.000Z', 'c2'),
  click('k1', '2026-11-20T09:00:00.000Z'),
  // The same contact again that day: recorded, not counted.
  click('k1', '2026-11-20T10:00:00.000Z', true, false),
  click('k2', '2026-11-20T11:00:00.000Z'),
  click(null, '2026-11-20T12:00:00.000Z'),
  click(null, '2026-11-20T12:00:01.000Z'),
  // Bots never count.
  click('k1', '2026-11-20T13:00:00.000Z', false),
  click(null, '2026-11-22T13:00:00.000Z', false),
  click('k1', '2026-11-22T09:00:00.000Z'),
  conversion('k1', '2026-11-22T10:00:00.000Z'),
  conversion(null, '2026-11-22T11:00:00.000Z'),
];

const docsOf = async (store: Awaited<ReturnType<typeof projectEvents>>) =>
  store.collection(CONTENT_DAILY).find({}, { sort: { _id: 1 }, projection: { _pos: 0 } });

describe('content daily projection', () => {
  test('one document per content and UTC day counting delivered shares, people\'s clicks and conversions', async () => {
    const store = await projectEvents(contentDailyProjection, events);
    assert.deepEqual(await docsOf(store), [
      { _id: 'c1:2026-11-20', content_id: 'c1', owner_id: 'owner', day: '2026-11-20', shares: 2, clicks: 5, unique_clicks: 4, conversions: 0 },
      { _id: 'c1:2026-11-21', content_id: 'c1', owner_id: 'owner', day: '2026-11-21', shares: 1, clicks: 0, unique_clicks: 0, conversions: 0 },
      { _id: 'c1:2026-11-22', content_id: 'c1', owner_id: 'owner', day: '2026-11-22', shares: 0, clicks: 1, unique_clicks: 1, conversions: 2 },
      { _id: 'c2:2026-11-20', content_id: 'c2', owner_id: 'owner', day: '2026-11-20', shares: 1, clicks: 0, unique_clicks: 0, conversions: 0 },
    ]);
  });

  test('applying every event again (a replay over the same documents) counts nothing twice', async () => {
    const store = await projectEvents(contentDailyProjection, events);
    const before = await store.collection(CONTENT_DAILY).find({}, { sort: { _id: 1 } });
    for (const event of await eventsAsRecorded(events)) {
      await store.applyBatch(guardOps(contentDailyProjection.project(event), event.position, (name) => name));
    }
    assert.deepEqual(await store.collection(CONTENT_DAILY).find({}, { sort: { _id: 1 } }), before);
  });

  test('the series fills every day of the range and counts a contact\'s clicks on one day once', async () => {
    const store = await projectEvents(contentDailyProjection, events);
    const series = await contentDailySeries(store, 'c1', { from: '2026-11-19', to: '2026-11-23' });
    assert.deepEqual(series, [
      { day: '2026-11-19', shares: 0, clicks: 0, unique_clicks: 0, conversions: 0 },
      // k1 twice (once), k2 once, two clicks without a contact (each): 4 unique of 5.
      { day: '2026-11-20', shares: 2, clicks: 5, unique_clicks: 4, conversions: 0 },
      { day: '2026-11-21', shares: 1, clicks: 0, unique_clicks: 0, conversions: 0 },
      { day: '2026-11-22', shares: 0, clicks: 1, unique_clicks: 1, conversions: 2 },
      { day: '2026-11-23', shares: 0, clicks: 0, unique_clicks: 0, conversions: 0 },
    ]);
    // A range that cuts the history reads only its own days.
    assert.deepEqual((await contentDailySeries(store, 'c1', { from: '2026-11-21', to: '2026-11-21' })).map((point) => point.shares), [1]);
  });

  test('clicks recorded before visitors were kept count each, as they did then', async () => {
    const store = await projectEvents(contentDailyProjection, [click('k1', '2026-11-20T09:00:00.000Z', true, undefined), click('k1', '2026-11-20T10:00:00.000Z', true, undefined)]);
    const [point] = await contentDailySeries(store, 'c1', { from: '2026-11-20', to: '2026-11-20' });
    assert.deepEqual(point, { day: '2026-11-20', shares: 0, clicks: 2, unique_clicks: 2, conversions: 0 });
  });

  test('a day without a document is zero-filled', () => {
    assert.deepEqual(buildContentDailySeries({ from: '2026-11-20', to: '2026-11-21' }, [{ day: '2026-11-21', shares: 1, clicks: 0, conversions: 0 }]), [
      { day: '2026-11-20', shares: 0, clicks: 0, unique_clicks: 0, conversions: 0 },
      { day: '2026-11-21', shares: 1, clicks: 0, unique_clicks: 0, conversions: 0 },
    ]);
  });
});

async function eventsAsRecorded(list: readonly TestEvent[]): Promise<RecordedEvent[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-content-daily-'));
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
