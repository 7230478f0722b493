import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { audienceStream } from '@crossfeed/domain/shared/streams.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createMemoryReadStore } from '@crossfeed/platform/read-store/memory-read-store.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { Projection } from '../projection.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';
import { AUDIENCE_RECORDS, audienceRecordsProjection } from './audience-records.projection.ts';

async function projected(projection: Projection, events: { stream: string; type: string; data: unknown }[]): Promise<ReadStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-audience-'));
  const eventStore = await createSqliteEventStore({ file: path.join(dir, 'events.db') });
  for (const { stream, type, data } of events) await eventStore.append(stream, [{ type, data }], { expectedRevision: 'any' });
  const readStore = await createMemoryReadStore();
  const runner = new ProjectionRunner({ eventStore, readStore, projections: [projection] });
  await runner.start();
  await runner.stop();
  await eventStore.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return readStore;
}

const t1 = '2026-11-21T10:00:00.000Z';
const t2 = '2026-11-22T10:00:00.000Z';
const fields = { name: 'Newsletter', platform: 'Substack', size: 1200, engagementRate: 4.5, notes: 'weekly' };
const stream = audienceStream('u1');

describe('audience records projection', () => {
  test('adds, then updates a record in place', async () => {
    const store = await projected(audienceRecordsProjection, [
      { stream, type: 'AudienceRecordAdded', data: { recordId: 'r1', userId: 'u1', addedAt: t1, ...fields } },
      { stream, type: 'AudienceRecordUpdated', data: { recordId: 'r1', userId: 'u1', updatedAt: t2, ...fields, size: 1300, engagementRate: null } },
    ]);
    const doc = await store.collection(AUDIENCE_RECORDS).findOne({ _id: 'r1' }, { projection: { _pos: 0 } });
    assert.deepEqual(doc, {
      _id: 'r1',
      user_id: 'u1',
      name: 'Newsletter',
      platform: 'Substack',
      size: 1300,
      engagement_rate: null,
      notes: 'weekly',
      created_at: t1,
      updated_at: t2,
    });
  });

  test('deletes a removed record', async () => {
    const store = await projected(audienceRecordsProjection, [
      { stream, type: 'AudienceRecordAdded', data: { recordId: 'r1', userId: 'u1', addedAt: t1, ...fields } },
      { stream, type: 'AudienceRecordAdded', data: { recordId: 'r2', userId: 'u1', addedAt: t1, ...fields } },
      { stream, type: 'AudienceRecordRemoved', data: { recordId: 'r1', userId: 'u1', removedAt: t2 } },
    ]);
    assert.deepEqual((await store.collection(AUDIENCE_RECORDS).find({})).map((doc) => doc._id), ['r2']);
  });
});
