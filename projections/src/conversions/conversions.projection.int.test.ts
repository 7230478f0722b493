import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createMemoryReadStore } from '@crossfeed/platform/read-store/memory-read-store.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { Projection } from '../projection.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';
import { CONVERSIONS, conversionsProjection } from './conversions.projection.ts';

async function projected(projection: Projection, events: { stream: string; type: string; data: unknown }[]): Promise<ReadStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-conversions-'));
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

const now = '2026-11-21T10:00:00.000Z';
const recorded = (conversionId: string, value: number) => ({
  stream: contentStream('k1'),
  type: 'ConversionRecorded',
  data: { conversionId, contentId: 'k1', ownerId: 'u1', contactId: 'c1', shortCode: 'abc2345', kind: 'signup', value, recordedBy: 'u1', recordedAt: now },
});

describe('conversions projection', () => {
  test('keeps one document per conversion', async () => {
    const store = await projected(conversionsProjection, [recorded('v1', 10), recorded('v2', 2.5)]);
    assert.equal(await store.collection(CONVERSIONS).count({ content_id: 'k1' }), 2);
    const doc = await store.collection(CONVERSIONS).findOne({ _id: 'v2' }, { projection: { _pos: 0 } });
    assert.deepEqual(doc, {
      _id: 'v2',
      content_id: 'k1',
      owner_id: 'u1',
      contact_id: 'c1',
      short_code: 'abc2345',
      kind: 'signup',
      value: 2.5,
      recorded_by: 'u1',
      created_at: now,
    });
  });
});
