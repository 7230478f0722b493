import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { AUDIENCE_SCORES } from '@crossfeed/workers/audience-score/audience-scores.model.ts';
import { recomputeRanks } from '@crossfeed/workers/waitlist-rank/waitlist-rank.processor.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

test('GET /analytics/user/{id} and GET /contacts/ read the worker-owned scores, null before the first run', async () => {
  const creator = await app.register();
  const added = await app.request('POST', '/contacts/', { token: creator.token, json: { name: 'Kim', email: 'kim@example.com' } });
  assert.equal(added.status, 201);
  assert.equal((await app.request('GET', `/analytics/user/${creator.user.id}`, { token: creator.token })).body.audience_score, null);
  assert.equal((await app.request('GET', '/contacts/', { token: creator.token })).body[0].audience_score, null);

  await app.ctx.readStore.collection(AUDIENCE_SCORES).upsert({ _id: creator.user.id }, { $set: { score: 72.5, contacts: { [added.body.id]: 50 } } });
  assert.equal((await app.request('GET', `/analytics/user/${creator.user.id}`, { token: creator.token })).body.audience_score, 72.5);
  assert.equal((await app.request('GET', '/contacts/', { token: creator.token })).body[0].audience_score, 50);
});

test('GET /api/waitlist/status exposes the rank once the waitlist-rank worker has run', async () => {
  const email = `ranked.${process.pid}@example.com`;
  assert.equal((await app.request('POST', '/api/waitlist/signup', { json: { email, referred_by: null } })).status < 300, true);
  const status = () => app.request('GET', `/api/waitlist/status?email=${encodeURIComponent(email)}`);
  assert.equal((await status()).body.rank, null);
  await recomputeRanks(app.ctx.readStore, new Date().toISOString());
  assert.equal((await status()).body.rank, 1);
});
