import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { CONVERSIONS, conversionsProjection } from './conversions.projection.ts';
import { projectEvents } from '../testing/project-events.ts';


const now = '2026-11-21T10:00:00.000Z';
const recorded = (conversionId: string, value: number) => ({
  stream: contentStream('k1'),
  type: 'ConversionRecorded',
  data: { conversionId, contentId: 'k1', ownerId: 'u1', contactId: 'c1', shortCode: 'abc2345', kind: 'signup', value, recordedBy: 'u1', recordedAt: now },
});

describe('conversions projection', () => {
  test('keeps one document per conversion', async () => {
    const store = await projectEvents(conversionsProjection, [recorded('v1', 10), recorded('v2', 2.5)]);
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
