import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SCHEDULES_PENDING_MAX, TOTAL_COUNT_HEADER } from '@crossfeed/domain/rules/limits.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { addContacts, assertRequiresAuth, submitContent, submitPromoted } from '../content/content.fixtures.ts';

/** Auto-scheduling over HTTP: POST /schedules, GET /schedules, DELETE /schedules/{id}. */
let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const inHours = (hours: number): string => new Date(Date.now() + hours * 3600 * 1000).toISOString();

async function premium(contacts = 0): Promise<{ session: Session; contacts: string[] }> {
  const session = await app.register();
  await app.grantPremium(session.user.id);
  return { session, contacts: await addContacts(app, session, contacts) };
}

/** Someone else's active content to share. */
async function matched(): Promise<string> {
  const owner = await app.register();
  return (await submitPromoted(app, owner, { title: 'Worth sharing' })).id;
}

describe('POST /schedules', () => {
  test('a Premium creator schedules a share; it is listed as scheduled', async () => {
    const ada = await premium(2);
    const contentId = await matched();
    const runAt = inHours(2);
    const created = await app.request('POST', '/schedules', {
      token: ada.session.token,
      json: { kind: 'share', content_id: contentId, contact_ids: [...ada.contacts, ada.contacts[0]], run_at: runAt },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.kind, 'share');
    assert.equal(created.body.status, 'scheduled');
    assert.equal(created.body.content_title, 'Worth sharing');
    assert.deepEqual(created.body.contact_ids, ada.contacts);
    assert.equal(created.body.run_at, runAt);

    const list = await app.request('GET', '/schedules/', { token: ada.session.token });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body.map((s: { id: string }) => s.id), [created.body.id]);
    assert.equal(list.headers.get(TOTAL_COUNT_HEADER), '1');
  });

  test('a Free user gets 403 with the upgrade message, whatever the body', async () => {
    const free = await app.register();
    for (const json of [{ kind: 'share', content_id: await matched(), contact_ids: ['x'], run_at: inHours(1) }, {}]) {
      const response = await app.request('POST', '/schedules', { token: free.token, json });
      assert.equal(response.status, 403, response.text);
      assert.match(response.body.detail, /Scheduling is a Premium feature/);
    }
    assert.deepEqual((await app.request('GET', '/schedules', { token: free.token })).body, []);
  });

  test('refuses bad input with 400 and a detail, and writes nothing', async () => {
    const ada = await premium(1);
    const other = await premium(1);
    const contentId = await matched();
    const share = (overrides: Record<string, unknown>) => ({ kind: 'share', content_id: contentId, contact_ids: ada.contacts, run_at: inHours(1), ...overrides });
    const cases: [unknown, RegExp][] = [
      [share({ run_at: new Date(Date.now() - 60_000).toISOString() }), /must be in the future/],
      [share({ run_at: inHours(24 * 91) }), /up to 90 days/],
      [share({ run_at: 'next tuesday' }), /valid date and time/],
      [share({ run_at: '2026-13-45T10:00' }), /valid date and time/],
      [share({ contact_ids: [] }), /at least one contact/],
      [share({ contact_ids: other.contacts }), /Unknown contacts/],
      [share({ is_admin: true }), /is_admin|Unrecognized/i],
      [share({ kind: 'post' }), /kind/],
      [{ kind: 'release', content_id: contentId, run_at: inHours(1), contact_ids: ada.contacts }, /contact_ids|Unrecognized/i],
      [[], /kind/],
    ];
    for (const [json, detail] of cases) {
      const response = await app.request('POST', '/schedules', { token: ada.session.token, json });
      assert.equal(response.status, 400, `${JSON.stringify(json)}: ${response.text}`);
      assert.match(response.body.detail, detail);
    }
    const own = await submitPromoted(app, ada.session);
    const ownShare = await app.request('POST', '/schedules', { token: ada.session.token, json: share({ content_id: own.id }) });
    assert.equal(ownShare.status, 400);
    assert.match(ownShare.body.detail, /your own content/);
    const missing = await app.request('POST', '/schedules', { token: ada.session.token, json: share({ content_id: 'nope' }) });
    assert.equal(missing.status, 404);
    assert.deepEqual((await app.request('GET', '/schedules', { token: ada.session.token })).body, []);
  });

  test('schedules the release of an own queued item; not of a live one, nor of another user’s', async () => {
    const ada = await premium();
    const first = await submitContent(app, ada.session);
    const queued = await submitContent(app, ada.session, { title: 'Queued one' });
    assert.equal(queued.owner_status, 'pending');
    const created = await app.request('POST', '/schedules', { token: ada.session.token, json: { kind: 'release', content_id: queued.id, run_at: inHours(3) } });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.kind, 'release');
    assert.equal(created.body.content_title, 'Queued one');
    assert.deepEqual(created.body.contact_ids, []);
    // Held back until its time: a match completed meanwhile banks a credit instead of releasing it early.
    const held = await app.request('GET', `/content/${queued.id}`, { token: ada.session.token });
    assert.equal(held.body.owner_status, 'inactive', held.text);

    const live = await app.request('POST', '/schedules', { token: ada.session.token, json: { kind: 'release', content_id: first.id, run_at: inHours(3) } });
    assert.equal(live.status, 409, live.text);
    assert.match(live.body.detail, /already live/);
    const grace = await premium();
    const theirs = await app.request('POST', '/schedules', { token: grace.session.token, json: { kind: 'release', content_id: queued.id, run_at: inHours(3) } });
    assert.equal(theirs.status, 404, theirs.text);

    // Cancelling gives the item back to the queue.
    const cancelled = await app.request('DELETE', `/schedules/${created.body.id}`, { token: ada.session.token });
    assert.equal(cancelled.status, 200, cancelled.text);
    const back = await app.request('GET', `/content/${queued.id}`, { token: ada.session.token });
    assert.equal(back.body.owner_status, 'pending', back.text);
  });

  test('hostile bodies from a Premium user get a 4xx with a detail and write nothing', async () => {
    const ada = await premium(1);
    const long = 'x'.repeat(20_000);
    const bodies: unknown[] = [
      null,
      'a string',
      12345,
      { __proto__: { kind: 'share' }, constructor: { prototype: { is_premium: true } } },
      { kind: 'share', content_id: { $gt: '' }, contact_ids: 'all', run_at: 123 },
      { kind: 'share', content_id: 'x', contact_ids: [{}, null], run_at: '2027-01-01T00:00:00Z' },
      { kind: 'release', content_id: long, run_at: long },
      { kind: 'release', content_id: 'x', run_at: '+275760-09-13T00:00:00.000Z' },
      { kind: ['share'], content_id: 'x', run_at: '2027-01-01T00:00:00Z' },
    ];
    for (const json of bodies) {
      const before = (await app.ctx.eventStore.head()).position;
      const response = await app.request('POST', '/schedules', { token: ada.session.token, json });
      assert.ok(response.status >= 400 && response.status < 500, `${JSON.stringify(json)?.slice(0, 80)} answered ${response.status}`);
      assert.equal(typeof response.body?.detail, 'string');
      assert.equal((await app.ctx.eventStore.head()).position, before);
    }
  });

  test(`holds at most ${SCHEDULES_PENDING_MAX} waiting schedules; cancelling one frees a place`, async () => {
    const ada = await premium(1);
    const contentId = await matched();
    const json = { kind: 'share', content_id: contentId, contact_ids: ada.contacts, run_at: inHours(5) };
    let firstId = '';
    for (let i = 0; i < SCHEDULES_PENDING_MAX; i++) {
      const response = await app.request('POST', '/schedules', { token: ada.session.token, json });
      assert.equal(response.status, 201, response.text);
      firstId ||= response.body.id;
    }
    const refused = await app.request('POST', '/schedules', { token: ada.session.token, json });
    assert.equal(refused.status, 409, refused.text);
    assert.match(refused.body.detail, /already have 50 scheduled actions/);
    assert.equal((await app.request('DELETE', `/schedules/${firstId}`, { token: ada.session.token })).status, 200);
    assert.equal((await app.request('POST', '/schedules', { token: ada.session.token, json })).status, 201);
  });
});

describe('GET /schedules and DELETE /schedules/{id}', () => {
  test('lists only the caller’s own, waiting soonest first, then finished; pages with X-Total-Count', async () => {
    const ada = await premium(1);
    const grace = await premium(1);
    const contentId = await matched();
    const make = async (session: Session, contacts: string[], hours: number) =>
      (await app.request('POST', '/schedules', { token: session.token, json: { kind: 'share', content_id: contentId, contact_ids: contacts, run_at: inHours(hours) } })).body.id as string;
    const late = await make(ada.session, ada.contacts, 10);
    const soon = await make(ada.session, ada.contacts, 1);
    const cancelled = await make(ada.session, ada.contacts, 0.5);
    await make(grace.session, grace.contacts, 1);
    assert.equal((await app.request('DELETE', `/schedules/${cancelled}/`, { token: ada.session.token })).status, 200);

    const list = await app.request('GET', '/schedules', { token: ada.session.token });
    assert.deepEqual(list.body.map((s: { id: string }) => s.id), [soon, late, cancelled]);
    assert.deepEqual(list.body.map((s: { status: string }) => s.status), ['scheduled', 'scheduled', 'cancelled']);
    const page = await app.request('GET', '/schedules?limit=1&offset=1', { token: ada.session.token });
    assert.deepEqual(page.body.map((s: { id: string }) => s.id), [late]);
    assert.equal(page.headers.get(TOTAL_COUNT_HEADER), '3');
    assert.equal((await app.request('GET', '/schedules?limit=0', { token: ada.session.token })).status, 400);
  });

  test('cancels: the status is cancelled, a second cancel answers the same, another user gets 404', async () => {
    const ada = await premium(1);
    const grace = await premium();
    const contentId = await matched();
    const created = await app.request('POST', '/schedules', { token: ada.session.token, json: { kind: 'share', content_id: contentId, contact_ids: ada.contacts, run_at: inHours(1) } });
    const id = created.body.id;
    const theirs = await app.request('DELETE', `/schedules/${id}`, { token: grace.session.token });
    assert.equal(theirs.status, 404, theirs.text);
    assert.equal(theirs.body.detail, 'Schedule not found.');
    const cancelled = await app.request('DELETE', `/schedules/${id}`, { token: ada.session.token });
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(cancelled.body.status, 'cancelled');
    assert.ok(cancelled.body.finished_at);
    const again = await app.request('DELETE', `/schedules/${id}`, { token: ada.session.token });
    assert.equal(again.status, 200);
    assert.equal(again.body.status, 'cancelled');
    assert.equal((await app.request('DELETE', '/schedules/unknown', { token: ada.session.token })).status, 404);
  });

  test('every endpoint needs a valid token', async () => {
    const ada = await premium();
    await assertRequiresAuth(app, 'GET', '/schedules', ada.session.user.id);
    await assertRequiresAuth(app, 'POST', '/schedules', ada.session.user.id, { kind: 'release', content_id: 'x', run_at: inHours(1) });
    await assertRequiresAuth(app, 'DELETE', '/schedules/x', ada.session.user.id);
  });
});
