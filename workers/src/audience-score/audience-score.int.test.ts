import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeJob, startHarness, type Harness } from '../testing/scheduled-jobs-harness.ts';
import { AUDIENCE_SCORES, type AudienceScoreDoc } from './audience-scores.model.ts';
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
  // 6 human clicks on 6 shares (1 per share → 15 of 30); k1 clicks 3 times, k2 once; bots do not count.
  const clicks: [string, string | null, boolean][] = [['c1', 'k1', true], ['c1', 'k1', true], ['c2', 'k1', true], ['c1', 'k2', true], ['c1', null, true], ['c2', null, true], ['c1', 'k3', false]];
  for (const [contentId, contactId, human] of clicks) {
    await h.record(`content-${contentId}`, 'LinkClicked', { contentId, ownerId: 'owner', shortCode: 'abc', contactId, human, botReason: human ? null : 'ua', clickedAt: at });
  }
  // 1 conversion on 6 human clicks (16.7 % ≥ 10 % → 20 of 20), from k2.
  await h.record('content-c1', 'ConversionRecorded', { conversionId: 'v1', contentId: 'c1', ownerId: 'owner', contactId: 'k2', shortCode: 'abc', kind: 'signup', value: 1, recordedBy: 'owner', recordedAt: at });
  await h.settle();
}

test('scores a creator from share completion, clicks per share, conversions and contact engagement', async () => {
  await scenario();
  const process = audienceScoreProcessor(h, () => new Date(at));
  assert.deepEqual(await process(fakeJob({ userId: 'owner' })), { scored: 1 });
  const doc = await h.readStore.collection<AudienceScoreDoc>(AUDIENCE_SCORES).findOne({ _id: 'owner' });
  assert.ok(doc);
  assert.deepEqual(doc.components, {
    share_completion: { value: 0.75, points: 30, max: 40 },
    human_clicks_per_share: { value: 1, points: 15, max: 30 },
    conversion_rate: { value: 0.167, points: 20, max: 20 },
    // k1 and k2 clicked, k3 only as a bot, k4 never: 2 of 4.
    contact_engagement: { value: 0.5, points: 5, max: 10 },
  });
  assert.equal(doc.score, 70);
  assert.deepEqual(doc.contacts, { k1: 75, k2: 75, k3: 0, k4: 0 });
  assert.equal(doc.totals.human_clicks, 6);

  // Idempotent: the same inputs write the same document.
  await process(fakeJob({ userId: 'owner' }));
  const again = await h.readStore.collection<AudienceScoreDoc>(AUDIENCE_SCORES).findOne({ _id: 'owner' });
  assert.deepEqual(again, doc);
});

test('the nightly run scores every user and reports progress; a creator with nothing scores 0', async () => {
  const job = fakeJob<{ all: true }>({ all: true });
  const result = await audienceScoreProcessor(h, () => new Date(at))(job);
  assert.ok(result.scored >= 1);
  assert.equal((job.progress.at(-1) as { percent: number }).percent, 100);
  const owner = await h.readStore.collection<AudienceScoreDoc>(AUDIENCE_SCORES).findOne({ _id: 'owner' });
  assert.equal(owner?.score, 70);
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
