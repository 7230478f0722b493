import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeJob, startHarness, type Harness } from '../testing/scheduled-jobs-harness.ts';
import { AUDIENCE_SCORES, type AudienceScoreDoc } from '@crossfeed/projections/audience-scores/audience-scores.model.ts';
import type { JobQueue } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { audienceScoreProcessor, audienceScoreRoute } from './audience-score.processor.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

const at = '2026-03-01T00:00:00.000Z';

async function scenario(): Promise<void> {
  await h.record('user-owner', 'UserRegistered', { userId: 'owner', username: 'owner', email: 'o@x.test', passwordHash: 'h', isAdmin: false, registeredAt: at });
  for (const contentId of ['c1', 'c2']) {
    await h.record('user-owner', 'ContentSubmitted', {
      contentId, userId: 'owner', username: 'owner', requiredShares: 4, submittedAt: at,
      title: contentId, description: '', url: `https://x.test/${contentId}`, contentType: 'article', categories: ['tech'],
    });
  }
  for (const contactId of ['k1', 'k2', 'k3', 'k4']) {
    await h.record('contacts-owner', 'ContactAdded', { contactId, userId: 'owner', name: contactId, email: `${contactId}@x.test`, source: 'single', addedAt: at });
  }
  // c1 fully shared (4/4), c2 half (2/4): completion (1 + 0.5) / 2 = 0.75 → 30 of 40 points.
  for (let i = 0; i < 6; i++) {
    const contentId = i < 4 ? 'c1' : 'c2';
    await h.record('user-sharer', 'ContentShared', { shareId: `s${i}`, contentId, contentOwnerId: 'owner', contentTitle: contentId, sharerId: 'sharer', sharerUsername: 'sharer', contactIds: [], sharedAt: at });
  }
  // 6 human clicks on 6 shares, as the decider records them; k1 clicks c1 twice on one day (counted once)
  // and c2 once, k2 once, two anonymous visitors: 5 counted clicks, 0.83 per share → 12.5 of 30. Bots never count.
  const clicks: [string, string | null, boolean, boolean][] = [
    ['c1', 'k1', true, true], ['c1', 'k1', true, false], ['c2', 'k1', true, true], ['c1', 'k2', true, true], ['c1', null, true, true], ['c2', null, true, true], ['c1', 'k3', false, false],
  ];
  for (const [index, [contentId, contactId, human, unique]] of clicks.entries()) {
    await h.record(`content-${contentId}`, 'LinkClicked', {
      contentId, ownerId: 'owner', shortCode: 'abc', contactId, human, botReason: human ? null : 'ua', clickedAt: at,
      visitor: contactId ? `c:${contactId}` : `anonymous-${index}`, unique,
    });
  }
  // 1 verified conversion on 6 shares (0.17 of the 0.2 per share → 16.7 of 20), from k2's counted visit;
  // 3 self-reported by the owner, which are theirs to see and never scored.
  await h.record('content-c1', 'ConversionRecorded', {
    conversionId: 'v1', contentId: 'c1', ownerId: 'owner', contactId: 'k2', shortCode: 'abc', kind: 'signup', value: 1, recordedBy: 'tracking', recordedAt: at,
    verified: true, visit: 'c:k2@2026-03-01',
  });
  for (const conversionId of ['v2', 'v3', 'v4']) {
    await h.record('content-c1', 'ConversionRecorded', { conversionId, contentId: 'c1', ownerId: 'owner', contactId: null, shortCode: null, kind: 'signup', value: 1, recordedBy: 'owner', recordedAt: at, verified: false });
  }
  await h.settle();
}

test('scores a creator by the domain rule: share completion, unique clicks per share, conversions, engaged contacts', async () => {
  await scenario();
  const added: { queue: string; name: string; data: unknown }[] = [];
  const jobQueue = { add: async (queue: string, name: string, data: unknown) => { added.push({ queue, name, data }); return 'id'; } } as unknown as JobQueue;
  const process = audienceScoreProcessor({ readStore: h.readStore, jobQueue }, () => new Date(at));
  assert.deepEqual(await process(fakeJob({ userId: 'owner' })), { scored: 1 });
  const doc = await h.readStore.collection<AudienceScoreDoc>(AUDIENCE_SCORES).findOne({ _id: 'owner' }, { projection: { _pos: 0 } });
  assert.ok(doc);
  assert.deepEqual(
    doc.parts.map((part) => [part.key, part.points, part.max]),
    [['share_completion', 30, 40], ['clicks_per_share', 12.5, 30], ['conversions_per_share', 16.7, 20], ['contact_engagement', 5, 10]],
  );
  assert.equal(doc.score, 64.2);
  assert.equal(doc.totals.conversions, 1);
  assert.equal(doc.totals.human_clicks, 6);
  assert.equal(doc.totals.counted_clicks, 5);
  assert.equal(doc.parts[3]?.detail, '2 of your 4 contacts clicked a link sent to them.');
  // A new score asks matching to rescore the creator's entries.
  assert.deepEqual(added, [{ queue: 'matching', name: 'refresh-creator', data: { userId: 'owner' } }]);

  // Idempotent: the same inputs write the same document, and an unchanged score asks nothing more.
  await process(fakeJob({ userId: 'owner' }));
  const again = await h.readStore.collection<AudienceScoreDoc>(AUDIENCE_SCORES).findOne({ _id: 'owner' }, { projection: { _pos: 0 } });
  assert.deepEqual(again, doc);
  assert.equal(added.length, 1);
});

test('the nightly run scores every user and reports progress; a creator with nothing scores 0', async () => {
  const job = fakeJob<{ all: true }>({ all: true });
  const result = await audienceScoreProcessor(h, () => new Date(at))(job);
  assert.ok(result.scored >= 1);
  assert.equal((job.reports.at(-1) as { percent: number }).percent, 100);
  const owner = await h.readStore.collection<AudienceScoreDoc>(AUDIENCE_SCORES).findOne({ _id: 'owner' });
  assert.equal(owner?.score, 64.2);
  await h.record('user-empty', 'UserRegistered', { userId: 'empty', username: 'empty', email: 'e@x.test', passwordHash: 'h', isAdmin: false, registeredAt: at });
  await h.settle();
  await audienceScoreProcessor(h)(fakeJob({ userId: 'empty' }));
  assert.equal((await h.readStore.collection<AudienceScoreDoc>(AUDIENCE_SCORES).findOne({ _id: 'empty' }))?.score, 0);
});

test('routes shares, clicks and conversions to a job for the content owner, one per event', async () => {
  const [event] = await h.eventStore.readAll({ fromPosition: undefined, limit: 1000 }).then((events) => events.filter((e) => e.type === 'LinkClicked'));
  assert.ok(event);
  assert.deepEqual(audienceScoreRoute.jobs(event), [{ queue: 'audience-score', name: 'score-user', data: { userId: 'owner' }, jobId: `audience-score-${event.id}` }]);
});

test('a click by a sharer\'s contact also rescores the sharer', () => {
  const event = { id: 'e1', type: 'LinkClicked', data: { contentId: 'c1', ownerId: 'owner', contactId: 'k9', sharerId: 'sharer', human: true } } as never;
  assert.deepEqual(
    audienceScoreRoute.jobs(event).map((job) => [job.data, job.jobId]),
    [[{ userId: 'owner' }, 'audience-score-e1'], [{ userId: 'sharer' }, 'audience-score-e1-1']],
  );
});
