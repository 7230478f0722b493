import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { audienceStream } from '@crossfeed/domain/shared/streams.ts';
import { AUDIENCE_RECORDS, audienceRecordsProjection } from './audience-records.projection.ts';
import { projectEvents } from '../testing/project-events.ts';


const t1 = '2026-11-21T10:00:00.000Z';
const t2 = '2026-11-22T10:00:00.000Z';
const fields = { name: 'Newsletter', platform: 'Substack', size: 1200, engagementRate: 4.5, notes: 'weekly' };
const stream = audienceStream('u1');

describe('audience records projection', () => {
  test('adds, then updates a record in place', async () => {
    const store = await projectEvents(audienceRecordsProjection, [
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
    const store = await projectEvents(audienceRecordsProjection, [
      { stream, type: 'AudienceRecordAdded', data: { recordId: 'r1', userId: 'u1', addedAt: t1, ...fields } },
      { stream, type: 'AudienceRecordAdded', data: { recordId: 'r2', userId: 'u1', addedAt: t1, ...fields } },
      { stream, type: 'AudienceRecordRemoved', data: { recordId: 'r1', userId: 'u1', removedAt: t2 } },
    ]);
    assert.deepEqual((await store.collection(AUDIENCE_RECORDS).find({})).map((doc) => doc._id), ['r2']);
  });
});
