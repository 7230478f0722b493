/**
 * Issue 23, finding 5: while the read models are rebuilt (the read store lost its contents, or the API just
 * started), a valid session whose user they do not hold yet gets a 503 with `Retry-After`, never the 401
 * that makes the UI log the person out.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { USERS } from '@crossfeed/projections/users/users.projection.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { INVALID_TOKEN, READ_MODELS_NOT_READY } from './require-auth.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

test('a valid session whose user the rebuilding read models lack is a 503 with Retry-After, then 200 once they hold it', async () => {
  const session = await app.register();
  const userDoc = await app.ctx.readStore.collection(USERS).findOne({ _id: session.user.id });
  assert.ok(userDoc);
  const ready = app.ctx.readModelsReady;
  try {
    // The read store as a rebuild from the log leaves it part-way: this user's document not written yet.
    app.ctx.readModelsReady = () => false;
    await app.ctx.readStore.collection(USERS).deleteOne({ _id: session.user.id });
    const waiting = await app.request('GET', '/auth/me', { token: session.token });
    assert.equal(waiting.status, 503, waiting.text);
    assert.deepEqual(waiting.body, { detail: READ_MODELS_NOT_READY });
    assert.equal(waiting.headers.get('retry-after'), '2');
    const listing = await app.request('GET', '/contacts/', { token: session.token });
    assert.equal(listing.status, 503);

    // Rebuilt: the same session works again.
    await app.ctx.readStore.collection(USERS).insertOne(userDoc);
    app.ctx.readModelsReady = () => true;
    const back = await app.request('GET', '/auth/me', { token: session.token });
    assert.equal(back.status, 200, back.text);
  } finally {
    app.ctx.readModelsReady = ready;
  }
});

test('once the read models are whole, a token of a user they do not hold is the 401 it always was', async () => {
  const session = await app.register();
  await app.ctx.readStore.collection(USERS).deleteOne({ _id: session.user.id });
  const refused = await app.request('GET', '/auth/me', { token: session.token });
  assert.equal(refused.status, 401);
  assert.equal(refused.body.detail, INVALID_TOKEN);
  assert.equal(refused.headers.get('retry-after'), null);
});
