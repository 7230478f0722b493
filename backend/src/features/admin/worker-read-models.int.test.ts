import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { AUDIENCE_SCORES } from '@crossfeed/projections/audience-scores/audience-scores.model.ts';
import { recomputeRanks } from '@crossfeed/workers/waitlist-rank/waitlist-rank.processor.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

test('GET /analytics/user/{id} and GET /auth/me read the worker-owned score, null before the first run; a new contact scores 0', async () => {
  const creator = await app.register();
  const added = await app.request('POST', '/contacts/', { token: creator.token, json: { name: 'Kim', email: 'kim@example.com' } });
  assert.equal(added.status, 201);
  assert.equal((await app.request('GET', `/analytics/user/${creator.user.id}`, { token: creator.token })).body.audience_score, null);
  const contact = (await app.request('GET', '/contacts/', { token: creator.token })).body[0];
  assert.equal(contact.audience_score, 0);
  assert.deepEqual(contact.score_parts.map((part: { key: string }) => part.key), ['click_days', 'conversions']);

  const parts = [{ key: 'share_completion', label: 'Shares your content received', points: 40, max: 40, detail: 'all' }];
  await app.ctx.readStore.collection(AUDIENCE_SCORES).upsert({ _id: creator.user.id }, { $set: { score: 72.5, parts, updated_at: '2026-01-01T00:00:00.000Z' } });
  const analytics = (await app.request('GET', `/analytics/user/${creator.user.id}`, { token: creator.token })).body;
  assert.equal(analytics.audience_score, 72.5);
  assert.deepEqual(analytics.score_parts, parts);
});

test("GET /api/waitlist/me exposes the entry's rank once the waitlist-rank worker has run", async () => {
  const email = `ranked.${process.pid}@example.com`;
  const joined = await app.request('POST', '/api/waitlist/signup', { json: { email, referred_by: null } });
  assert.equal(joined.status < 300, true);
  const token = joined.headers.get('x-waitlist-entry-token');
  assert.ok(token);
  const status = () => app.request('GET', `/api/waitlist/me?token=${encodeURIComponent(token)}`);
  assert.equal((await status()).body.rank, null);
  await recomputeRanks(app.ctx.readStore, new Date().toISOString());
  assert.equal((await status()).body.rank, 1);
});
