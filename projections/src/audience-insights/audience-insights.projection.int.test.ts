import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { contactsStream, contentStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { STILL_LISTED } from '@crossfeed/domain/rules/audience-insights.ts';
import {
  AUDIENCE_CONTENT_CLICKS,
  AUDIENCE_PARTNERS,
  CONTACT_EMAIL_HASHES,
  audienceInsightsProjection,
} from './audience-insights.projection.ts';
import { projectEvents, type TestEvent } from '../testing/project-events.ts';

const at = (minute: number) => `2026-11-21T10:${String(minute).padStart(2, '0')}:00.000Z`;

const added = (contactId: string, userId: string, email: string, addedAt = at(0)): TestEvent => ({
  stream: contactsStream(userId),
  type: 'ContactAdded',
  data: { contactId, userId, name: `Name ${contactId}`, email, source: 'single', addedAt },
});

const removed = (contactId: string, userId: string, removedAt: string): TestEvent => ({
  stream: contactsStream(userId),
  type: 'ContactRemoved',
  data: { contactId, userId, removedAt },
});

const shared = (shareId: string, sharerId: string, ownerId: string, contactIds: string[], minute: number): TestEvent => ({
  stream: userStream(sharerId),
  type: 'ContentShared',
  data: {
    shareId,
    contentId: `content-of-${ownerId}`,
    contentOwnerId: ownerId,
    contentTitle: 'A title',
    sharerId,
    sharerUsername: sharerId,
    contactIds,
    sharedAt: at(minute),
  },
});

const clicked = (contentId: string, sharerId: string | null, contactId: string | null, human = true): TestEvent => ({
  stream: contentStream(contentId),
  type: 'LinkClicked',
  data: { contentId, ownerId: 'owner', shortCode: 'abc', contactId, sharerId, human, botReason: human ? null : 'bot', clickedAt: at(5) },
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('audience insights projection', () => {
  test('keeps one hash of the trimmed, lowercase e-mail per contact, in the snapshots from the next day on, and no e-mail', async () => {
    const store = await projectEvents(audienceInsightsProjection, [added('c1', 'u1', '  Ada@Example.COM ')]);
    const doc = await store.collection(CONTACT_EMAIL_HASHES).findOne({ _id: 'c1' }, { projection: { _pos: 0 } });
    assert.deepEqual(doc, { _id: 'c1', user_id: 'u1', email_hash: sha256('ada@example.com'), listed_from: '2026-11-22', listed_until: STILL_LISTED });
  });

  test('keeps a removed contact in the snapshot of the day it was removed, and forgets it at a removal of a later day', async () => {
    const store = await projectEvents(audienceInsightsProjection, [
      added('c1', 'u1', 'a@example.com'),
      added('c2', 'u1', 'b@example.com'),
      added('c3', 'u1', 'c@example.com'),
      added('x1', 'u2', 'x@example.com'),
      removed('c1', 'u1', '2026-11-23T08:00:00.000Z'),
      removed('x1', 'u2', '2026-11-23T08:00:00.000Z'),
    ]);
    const hashes = store.collection(CONTACT_EMAIL_HASHES);
    const listed = async () =>
      (await hashes.find({}, { sort: { _id: 1 }, projection: { listed_from: 1, listed_until: 1 } })).map((doc) => [doc._id, doc.listed_from, doc.listed_until]);
    assert.deepEqual(await listed(), [
      ['c1', '2026-11-22', '2026-11-24'],
      ['c2', '2026-11-22', STILL_LISTED],
      ['c3', '2026-11-22', STILL_LISTED],
      ['x1', '2026-11-22', '2026-11-24'],
    ]);

    // A removal on the 23rd forgets nothing the snapshot of the 23rd holds; the first one on the 24th forgets
    // every contact removed before the 24th, whoever's they were.
    const later = await projectEvents(audienceInsightsProjection, [
      added('c1', 'u1', 'a@example.com'),
      added('c2', 'u1', 'b@example.com'),
      added('c3', 'u1', 'c@example.com'),
      added('x1', 'u2', 'x@example.com'),
      removed('c1', 'u1', '2026-11-23T08:00:00.000Z'),
      removed('x1', 'u2', '2026-11-23T08:00:00.000Z'),
      removed('c2', 'u1', '2026-11-23T23:59:00.000Z'),
      removed('c3', 'u1', '2026-11-24T00:01:00.000Z'),
    ]);
    const ids = (await later.collection(CONTACT_EMAIL_HASHES).find({}, { sort: { _id: 1 } })).map((doc) => [doc._id, doc.listed_until]);
    assert.deepEqual(ids, [['c3', '2026-11-25']]);
  });

  test('never lists a contact added and removed within one day', async () => {
    const store = await projectEvents(audienceInsightsProjection, [added('c1', 'u1', 'a@example.com'), removed('c1', 'u1', at(30))]);
    const doc = await store.collection(CONTACT_EMAIL_HASHES).findOne({ _id: 'c1' });
    assert.equal(doc?.listed_from, '2026-11-22');
    assert.equal(doc?.listed_until, '2026-11-22');
  });

  test('links sharer and owner both ways by delivered shares only, never a creator with themself (one-sided links are kept, not partners)', async () => {
    const store = await projectEvents(audienceInsightsProjection, [
      shared('s1', 'ann', 'bob', ['c1'], 1),
      shared('s2', 'ann', 'bob', ['c2'], 3),
      shared('s3', 'bob', 'ann', ['c9'], 2),
      // Reached nobody (every contact already had it): no partnership.
      shared('s4', 'ann', 'cid', [], 4),
      shared('s5', 'ann', 'ann', ['c1'], 5),
    ]);
    const partners = await store.collection(AUDIENCE_PARTNERS).find({}, { sort: { _id: 1 }, projection: { _pos: 0 } });
    assert.deepEqual(partners, [
      { _id: 'ann:bob', user_id: 'ann', partner_id: 'bob', shares_given: 2, shares_received: 1, last_shared_at: at(3) },
      { _id: 'bob:ann', user_id: 'bob', partner_id: 'ann', shares_given: 1, shares_received: 2, last_shared_at: at(3) },
    ]);
  });

  test("counts people's clicks per content by the creator whose contact clicked", async () => {
    const store = await projectEvents(audienceInsightsProjection, [
      clicked('k1', 'ann', 'c1'),
      clicked('k1', 'ann', 'c2'),
      clicked('k2', 'ann', 'c1'),
      clicked('k1', 'bob', 'c7'),
      clicked('k1', 'ann', 'c1', false),
      clicked('k1', 'ann', null),
      clicked('k1', null, 'c1'),
    ]);
    const totals = await store.collection(AUDIENCE_CONTENT_CLICKS).find({}, { sort: { _id: 1 }, projection: { _pos: 0 } });
    assert.deepEqual(totals, [
      { _id: 'ann:k1', user_id: 'ann', content_id: 'k1', clicks: 2 },
      { _id: 'ann:k2', user_id: 'ann', content_id: 'k2', clicks: 1 },
      { _id: 'bob:k1', user_id: 'bob', content_id: 'k1', clicks: 1 },
    ]);
  });
});
