import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { guardOps } from '../projection.ts';
import { readModelHash } from '../testing/read-model-hash.ts';
import { SHARES, sharesProjection } from '../shares/shares.projection.ts';
import { CONTENTS, contentsProjection, type ContentDoc } from './contents.projection.ts';
import { projectEvents, type TestEvent } from '../testing/project-events.ts';


const T0 = '2026-11-21T10:00:00.000Z';
const T1 = '2026-11-21T11:00:00.000Z';

const submitted = (contentId: string, userId = 'owner', requiredShares = 5): TestEvent => ({
  stream: userStream(userId),
  type: 'ContentSubmitted',
  data: {
    contentId,
    userId,
    username: 'ada',
    title: 'My post',
    description: 'About things',
    url: 'https://example.com/post',
    contentType: 'article',
    categories: ['technology', 'ai'],
    requiredShares,
    submittedAt: T0,
  },
});

let shareCounter = 0;
const shared = (contentId: string, sharerId = 'sharer'): TestEvent => ({
  stream: userStream(sharerId),
  type: 'ContentShared',
  data: {
    shareId: `s${++shareCounter}`,
    contentId,
    contentOwnerId: 'owner',
    contentTitle: 'My post',
    sharerId,
    sharerUsername: 'bob',
    contactIds: ['k1', 'k2'],
    sharedAt: T1,
  },
});

const onContent = (contentId: string, type: string, data: Record<string, unknown>): TestEvent => ({
  stream: contentStream(contentId),
  type,
  data: { contentId, ownerId: 'owner', ...data },
});

async function content(store: ReadStore, id: string): Promise<ContentDoc | null> {
  return store.collection<ContentDoc>(CONTENTS).findOne({ _id: id }, { projection: { _pos: 0 } });
}

describe('contents projection', () => {
  test('writes the documented document for a submission', async () => {
    const store = await projectEvents([contentsProjection], [submitted('c1')]);
    assert.deepEqual(await content(store, 'c1'), {
      _id: 'c1',
      user_id: 'owner',
      username: 'ada',
      title: 'My post',
      description: 'About things',
      url: 'https://example.com/post',
      content_type: 'article',
      categories: ['technology', 'ai'],
      status: 'active',
      moderation_status: null,
      moderation_reason: null,
      required_shares: 5,
      share_count: 0,
      short_link_clicks: 0,
      bot_clicks: 0,
      unique_clicks: 0,
      verified_clicks: 0,
      conversions_count: 0,
      verified_conversions: 0,
      links: [],
      enhanced_url: null,
      deleted: false,
      created_at: T0,
      updated_at: T0,
    });
  });

  test('applies edits and marks an owner deletion', async () => {
    const store = await projectEvents(
      [contentsProjection],
      [
        submitted('c1'),
        { stream: userStream('owner'), type: 'ContentEdited', data: { contentId: 'c1', userId: 'owner', title: 'New', description: 'Desc', editedAt: T1 } },
        submitted('c2'),
        { stream: userStream('owner'), type: 'ContentDeleted', data: { contentId: 'c2', userId: 'owner', deletedAt: T1 } },
      ],
    );
    const c1 = await content(store, 'c1');
    assert.equal(c1?.title, 'New');
    assert.equal(c1?.description, 'Desc');
    assert.equal(c1?.updated_at, T1);
    assert.equal((await content(store, 'c2'))?.deleted, true);
  });

  test('counts shares and turns active content into shared when it reaches its required shares', async () => {
    const store = await projectEvents([contentsProjection], [submitted('c1', 'owner', 3), shared('c1'), shared('c1', 'other')]);
    assert.equal((await content(store, 'c1'))?.status, 'active');
    assert.equal((await content(store, 'c1'))?.share_count, 2);

    const reached = await projectEvents([contentsProjection], [submitted('c1', 'owner', 3), shared('c1'), shared('c1'), shared('c1'), shared('c1')]);
    const doc = await content(reached, 'c1');
    assert.equal(doc?.share_count, 4);
    assert.equal(doc?.status, 'shared');
  });

  test('keeps a moderation status while counting shares', async () => {
    const store = await projectEvents(
      [contentsProjection],
      [
        submitted('c1', 'owner', 2),
        onContent('c1', 'ContentStatusChanged', { contentTitle: 'My post', status: 'approved', previousStatus: 'active', changedBy: 'admin', changedAt: T1 }),
        shared('c1'),
        shared('c1'),
      ],
    );
    const doc = await content(store, 'c1');
    // Moderation is kept apart from the owner status, which the shares still move.
    assert.equal(doc?.moderation_status, 'approved');
    assert.equal(doc?.status, 'shared');
    assert.equal(doc?.share_count, 2);
  });

  test('applies the content stream: status, admin removal, links, enhancement, clicks and conversions', async () => {
    const store = await projectEvents(
      [contentsProjection],
      [
        submitted('c1'),
        submitted('c2'),
        onContent('c1', 'ContentStatusChanged', { contentTitle: 'My post', status: 'flagged', previousStatus: 'active', changedBy: 'admin', changedAt: T1 }),
        onContent('c2', 'ContentRemovedByAdmin', { contentTitle: 'My post', removedBy: 'admin', removedAt: T1 }),
        onContent('c1', 'ShortLinkCreated', { shortCode: 'abc2345', createdBy: 'owner', createdAt: T1 }),
        onContent('c1', 'ContentEnhanced', { enhancedUrl: 'https://example.com/post?utm_source=crossfeed', shortCode: 'abc2345', enhancedBy: 'owner', enhancedAt: T1 }),
        onContent('c1', 'LinkClicked', { shortCode: 'abc2345', contactId: null, human: true, botReason: null, clickedAt: T1 }),
        onContent('c1', 'LinkClicked', { shortCode: 'abc2345', contactId: null, human: true, botReason: null, clickedAt: T1 }),
        onContent('c1', 'LinkClicked', { shortCode: 'abc2345', contactId: null, human: false, botReason: 'user-agent', clickedAt: T1 }),
        onContent('c1', 'ConversionRecorded', { conversionId: 'v1', contactId: null, shortCode: null, kind: 'signup', value: 1, recordedBy: 'owner', recordedAt: T1 }),
      ],
    );
    const c1 = await content(store, 'c1');
    assert.equal(c1?.moderation_status, 'flagged');
    assert.equal(c1?.status, 'active');
    assert.deepEqual(c1?.links, [{ short_code: 'abc2345', created_at: T1 }]);
    assert.equal(c1?.enhanced_url, 'https://example.com/post?utm_source=crossfeed');
    assert.equal(c1?.short_link_clicks, 2);
    assert.equal(c1?.bot_clicks, 1);
    assert.equal(c1?.conversions_count, 1);
    const c2 = await content(store, 'c2');
    assert.equal(c2?.deleted, true);
    assert.equal(c2?.moderation_status, 'deleted');
  });

  test('keeps the reason of the latest moderation decision apart from the flag reason', async () => {
    const store = await projectEvents(
      [contentsProjection],
      [
        submitted('c1'),
        submitted('c2'),
        onContent('c1', 'ContentStatusChanged', { contentTitle: 'My post', status: 'deleted', previousStatus: 'active', changedBy: 'admin', changedAt: T1, reason: 'Spam link' }),
        onContent('c2', 'ContentRemovedByAdmin', { contentTitle: 'My post', removedBy: 'admin', removedAt: T1, reason: 'Copied' }),
      ],
    );
    assert.equal((await content(store, 'c1'))?.decision_reason, 'Spam link');
    assert.equal((await content(store, 'c1'))?.moderation_reason, null);
    assert.equal((await content(store, 'c2'))?.decision_reason, 'Copied');
    const later = await projectEvents(
      [contentsProjection],
      [
        submitted('c1'),
        onContent('c1', 'ContentStatusChanged', { contentTitle: 'My post', status: 'deleted', previousStatus: 'active', changedBy: 'admin', changedAt: T1, reason: 'Spam link' }),
        // An older event without a reason: the decision it records had none.
        onContent('c1', 'ContentStatusChanged', { contentTitle: 'My post', status: 'approved', previousStatus: 'deleted', changedBy: 'admin', changedAt: T1 }),
      ],
    );
    assert.equal((await content(later, 'c1'))?.decision_reason, null);
  });

  test('queued content is pending until released; pause, resume and a flag reason', async () => {
    const queued = (id: string): TestEvent => ({ ...submitted(id, 'owner', 2), data: { ...(submitted(id, 'owner', 2).data as object), queued: true } });
    const onUser = (type: string, data: Record<string, unknown>): TestEvent => ({ stream: userStream('owner'), type, data: { userId: 'owner', ...data } });
    const pending = await projectEvents([contentsProjection], [queued('c1')]);
    assert.equal((await content(pending, 'c1'))?.status, 'pending');

    const store = await projectEvents(
      [contentsProjection],
      [
        queued('c1'),
        queued('c2'),
        onUser('ContentReleased', { contentId: 'c1', contentTitle: 'My post', reason: 'starting_credit', releasedAt: T1 }),
        // c2: shared twice while pending (a share by id counts), then released: it has its required shares.
        shared('c2'),
        shared('c2', 'other'),
        onUser('ContentReleased', { contentId: 'c2', contentTitle: 'My post', reason: 'match_completed', matchContentId: 'x', releasedAt: T1 }),
        onUser('ContentPaused', { contentId: 'c1', pausedAt: T1 }),
        {
          stream: 'flag-f1',
          type: 'ContentFlagged',
          data: { flagId: 'f1', contentId: 'c1', ownerId: 'owner', contentTitle: 'My post', reporterId: 'r', reporterUsername: 'r', reason: 'Spam link', flaggedAt: T1 },
        },
      ],
    );
    assert.equal((await content(store, 'c2'))?.status, 'shared');
    const c1 = await content(store, 'c1');
    assert.equal(c1?.status, 'inactive');
    assert.equal(c1?.moderation_reason, 'Spam link');
    assert.equal(c1?.moderation_status, null);
    const resumed = await projectEvents(
      [contentsProjection],
      [queued('c1'), onUser('ContentPaused', { contentId: 'c1', pausedAt: T1 }), onUser('ContentResumed', { contentId: 'c1', released: false, resumedAt: T1 })],
    );
    assert.equal((await content(resumed, 'c1'))?.status, 'pending');
  });

  test('changes nothing when a share event is applied twice (position guard on both writes)', async () => {
    const store = await createSqliteReadStore({ file: ':memory:' });
    const apply = (event: TestEvent, position: string) =>
      store.applyBatch(guardOps(contentsProjection.project({ ...event, position } as unknown as RecordedEvent), position, (name) => name));
    await apply(submitted('c1', 'owner', 2), '001');
    await apply(shared('c1'), '002');
    await apply(shared('c1'), '003');
    await apply(shared('c1'), '003');
    const doc = await content(store, 'c1');
    assert.equal(doc?.share_count, 2);
    assert.equal(doc?.status, 'shared');
  });

  test('rebuilds to the same read model', async () => {
    const events = [submitted('c1', 'owner', 2), shared('c1'), shared('c1'), shared('c1'), submitted('c2')];
    const a = await projectEvents([contentsProjection, sharesProjection], events);
    const b = await projectEvents([contentsProjection, sharesProjection], events);
    assert.equal(await readModelHash(a, [contentsProjection, sharesProjection]), await readModelHash(b, [contentsProjection, sharesProjection]));
  });
});

describe('shares projection', () => {
  test('keeps one document per share', async () => {
    const event = shared('c1');
    const store = await projectEvents([sharesProjection], [submitted('c1'), event, shared('c1', 'other')]);
    const data = event.data as { shareId: string };
    assert.deepEqual(await store.collection(SHARES).findOne({ _id: data.shareId }, { projection: { _pos: 0 } }), {
      _id: data.shareId,
      content_id: 'c1',
      content_owner_id: 'owner',
      sharer_id: 'sharer',
      contact_ids: ['k1', 'k2'],
      skipped: [],
      note: null,
      shared_at: T1,
    });
    assert.equal(await store.collection(SHARES).count({ content_id: 'c1' }), 2);
    assert.equal(await store.collection(SHARES).count({ sharer_id: 'other' }), 1);
  });
});
