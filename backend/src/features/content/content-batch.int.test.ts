import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { assertRequiresAuth, submitContent } from './content.fixtures.ts';

/** POST /content/batch (Premium): pause, resume or delete several own contents, all or nothing. */
let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

async function premium(): Promise<Session> {
  const session = await app.register();
  await app.grantPremium(session.user.id);
  return session;
}
const statusOf = async (session: Session, id: string): Promise<number | string> => {
  const response = await app.request('GET', `/content/${id}/`, { token: session.token });
  return response.status === 200 ? response.body.owner_status : response.status;
};
const streamLength = async (userId: string): Promise<number> => (await app.ctx.eventStore.readStream(userStream(userId))).length;

describe('POST /content/batch', () => {
  test('pauses, resumes and deletes several own contents in one request, with a result', async () => {
    const ada = await premium();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await submitContent(app, ada, { title: `Item ${i}` })).id);
    await assertRequiresAuth(app, 'POST', '/content/batch', ada.user.id, { action: 'pause', content_ids: ids });

    const before = await streamLength(ada.user.id);
    const paused = await app.request('POST', '/content/batch/', { token: ada.token, json: { action: 'pause', content_ids: ids } });
    assert.equal(paused.status, 200, paused.text);
    assert.equal(paused.body.message, '3 items paused.');
    assert.deepEqual(paused.body.changed, ids);
    assert.deepEqual(
      paused.body.contents.map((item: { owner_status: string }) => item.owner_status),
      ['inactive', 'inactive', 'inactive'],
    );
    assert.equal(await streamLength(ada.user.id), before + 3);
    for (const id of ids) assert.equal(await statusOf(ada, id), 'inactive');

    // Resume two of them (one named twice); the third stays paused.
    const resumed = await app.request('POST', '/content/batch', { token: ada.token, json: { action: 'resume', content_ids: [ids[0], ids[1], ids[0]] } });
    assert.equal(resumed.status, 200, resumed.text);
    assert.equal(resumed.body.message, '2 items resumed.');
    assert.equal(await statusOf(ada, ids[2]!), 'inactive');
    assert.notEqual(await statusOf(ada, ids[0]!), 'inactive');

    const again = await app.request('POST', '/content/batch', { token: ada.token, json: { action: 'pause', content_ids: [ids[1], ids[2]] } });
    assert.equal(again.body.message, '1 item paused; 1 was already paused.');
    assert.deepEqual(again.body.unchanged, [ids[2]]);
    const notPaused = await app.request('POST', '/content/batch', { token: ada.token, json: { action: 'resume', content_ids: [ids[0]] } });
    assert.equal(notPaused.body.message, 'Nothing changed: the selected item was not paused.');

    const deleted = await app.request('POST', '/content/batch', { token: ada.token, json: { action: 'delete', content_ids: ids } });
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal(deleted.body.message, '3 items deleted.');
    for (const id of ids) assert.equal(await statusOf(ada, id), 404);
    const list = await app.request('GET', '/content/', { token: ada.token });
    assert.deepEqual(list.body, []);
  });

  test("a batch with one invalid id (another user's, unknown or deleted) writes nothing and names it", async () => {
    const ada = await premium();
    const grace = await premium();
    const mine = [(await submitContent(app, ada)).id, (await submitContent(app, ada)).id];
    const hers = (await submitContent(app, grace)).id;
    const before = await streamLength(ada.user.id);
    const statusesBefore = [await statusOf(ada, mine[0]!), await statusOf(ada, mine[1]!)];
    for (const action of ['pause', 'delete'] as const) {
      const response = await app.request('POST', '/content/batch', { token: ada.token, json: { action, content_ids: [...mine, hers, 'nope'] } });
      assert.equal(response.status, 404, response.text);
      assert.equal(response.body.detail, `Nothing was changed: these items were not found: ${hers}, nope.`);
    }
    assert.equal(await streamLength(ada.user.id), before);
    assert.deepEqual([await statusOf(ada, mine[0]!), await statusOf(ada, mine[1]!)], statusesBefore);
    assert.ok(!statusesBefore.includes('inactive'));
    assert.equal(await statusOf(grace, hers), 'active');
    const deletedFirst = await app.request('DELETE', `/content/${mine[1]}/`, { token: ada.token });
    assert.equal(deletedFirst.status, 200);
    const withDeleted = await app.request('POST', '/content/batch', { token: ada.token, json: { action: 'pause', content_ids: mine } });
    assert.equal(withDeleted.status, 404);
    assert.match(withDeleted.body.detail, new RegExp(`this item was not found: ${mine[1]}\\.$`));
    assert.notEqual(await statusOf(ada, mine[0]!), 'inactive');
  });

  test('is Premium only: a Free user gets 403 with an upgrade hint and nothing is written', async () => {
    const free = await app.register();
    const item = await submitContent(app, free);
    const before = await streamLength(free.user.id);
    const response = await app.request('POST', '/content/batch', { token: free.token, json: { action: 'pause', content_ids: [item.id] } });
    assert.equal(response.status, 403, response.text);
    assert.match(response.body.detail, /Premium feature/);
    assert.equal(await streamLength(free.user.id), before);
  });

  test('validates the body: action, ids, at most 100 distinct ids, no unknown fields', async () => {
    const ada = await premium();
    const item = await submitContent(app, ada);
    const many = Array.from({ length: 101 }, (_, i) => `id-${i}`);
    const cases: [unknown, RegExp][] = [
      [{ action: 'archive', content_ids: [item.id] }, /action/],
      [{ action: 'pause' }, /content_ids/],
      [{ action: 'pause', content_ids: [] }, /at least one/],
      [{ action: 'pause', content_ids: 'x' }, /content_ids/],
      [{ action: 'pause', content_ids: [''] }, /content_ids/],
      [{ action: 'pause', content_ids: many }, /at most 100/],
      [{ action: 'pause', content_ids: [item.id], user_id: 'x' }, /user_id|unrecognized/i],
    ];
    for (const [json, detail] of cases) {
      const response = await app.request('POST', '/content/batch', { token: ada.token, json });
      assert.equal(response.status, 400, JSON.stringify(json).slice(0, 80));
      assert.match(response.body.detail, detail);
    }
    // 100 distinct ids named 150 times: repeats count once (then the unknown ids are named).
    const hundred = Array.from({ length: 100 }, (_, i) => `id-${i}`);
    const repeated = await app.request('POST', '/content/batch', { token: ada.token, json: { action: 'pause', content_ids: [...hundred, ...hundred.slice(0, 50)] } });
    assert.equal(repeated.status, 404);
    assert.match(repeated.body.detail, /id-0, id-1, id-2, id-3, id-4 and 95 more\.$/);
  });
});
