import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { SHORT_LINKS, shortLinksProjection } from './short-links.projection.ts';
import { projectEvents } from '../testing/project-events.ts';


const now = '2026-11-21T10:00:00.000Z';
const created = (contentId: string, shortCode: string) => ({
  stream: contentStream(contentId),
  type: 'ShortLinkCreated',
  data: { contentId, ownerId: 'u1', shortCode, createdBy: 'u1', createdAt: now },
});
const click = (shortCode: string, human: boolean) => ({
  stream: contentStream('k1'),
  type: 'LinkClicked',
  data: { contentId: 'k1', ownerId: 'u1', shortCode, contactId: null, human, botReason: human ? null : 'HEAD request', clickedAt: now },
});

describe('short links projection', () => {
  test('keys links by code and counts human and bot clicks apart', async () => {
    const store = await projectEvents(shortLinksProjection, [created('k1', 'abc2345'), click('abc2345', true), click('abc2345', true), click('abc2345', false)]);
    const doc = await store.collection(SHORT_LINKS).findOne({ _id: 'abc2345' }, { projection: { _pos: 0 } });
    assert.deepEqual(doc, { _id: 'abc2345', content_id: 'k1', owner_id: 'u1', created_at: now, clicks: 2, bot_clicks: 1 });
  });

  test('drops the links of content deleted by its owner or removed by an admin', async () => {
    const store = await projectEvents(shortLinksProjection, [
      created('k1', 'aaaaaaa'),
      created('k2', 'bbbbbbb'),
      created('k3', 'ccccccc'),
      { stream: userStream('u1'), type: 'ContentDeleted', data: { contentId: 'k1', userId: 'u1', deletedAt: now } },
      {
        stream: contentStream('k2'),
        type: 'ContentRemovedByAdmin',
        data: { contentId: 'k2', ownerId: 'u1', contentTitle: 'T', removedBy: 'admin', removedAt: now },
      },
    ]);
    assert.deepEqual((await store.collection(SHORT_LINKS).find({})).map((doc) => doc._id), ['ccccccc']);
  });
});
