import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FREE_DAILY_SHARES, WORKSPACE_MATCHES_MAX } from '@crossfeed/domain/rules/limits.ts';
import { STRONG_PASSWORD, startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { addContacts, assertRequiresAuth, submitContent, submitPromoted } from '../content/content.fixtures.ts';
import { WORKSPACE_ERRORS } from './workspace.routes.ts';

let app: TestApp;
/** Another creator whose contents are the matches. */
let other: Session;
let admin: Session;
before(async () => {
  app = await startTestApp();
  admin = await app.registerAdmin();
  other = await app.register();
  await app.grantPremium(other.user.id); // no weekly submission limit
});
after(() => app.close());

const getWorkspace = (session: Session) => app.request('GET', '/workspace', { token: session.token });
const putWorkspace = (session: Session, json: unknown) => app.request('PUT', '/workspace', { token: session.token, json });

async function creator(): Promise<{ session: Session; own: string }> {
  const session = await app.register();
  const own = (await submitContent(app, session, { title: 'My own post' })).id;
  return { session, own };
}

/** A reporter flags the content and an admin sets its moderation status (PUT /flags/{id}/content-status). */
async function moderate(contentId: string, status: 'flagged' | 'under_review' | 'approved' | 'deleted') {
  const reporter = await app.register();
  const flag = await app.request('POST', '/flags/', { token: reporter.token, json: { content_id: contentId, reason: 'Spam link' } });
  assert.equal(flag.status, 201, flag.text);
  const changed = await app.request('PUT', `/flags/${flag.body.id}/content-status`, { token: admin.token, json: { new_status: status } });
  assert.equal(changed.status, 200, changed.text);
}

async function share(session: Session, contentId: string, contacts: string[]) {
  const response = await app.request('POST', `/content/${contentId}/share/`, { token: session.token, json: { contact_ids: contacts } });
  assert.equal(response.status, 200, response.text);
}

describe('GET /workspace', () => {
  test('a new creator has an empty workspace with the Free shares of the day', async () => {
    const { session } = await creator();
    const response = await getWorkspace(session);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, {
      match_ids: [],
      content_ids: [],
      matches: [],
      contents: [],
      progress_percent: 0,
      shares_left_today: FREE_DAILY_SHARES,
      daily_share_limit: FREE_DAILY_SHARES,
    });
  });

  test('Premium has no daily share limit', async () => {
    const { session } = await creator();
    await app.grantPremium(session.user.id);
    const response = await getWorkspace(session);
    assert.equal(response.body.shares_left_today, null);
    assert.equal(response.body.daily_share_limit, null);
  });

  test('requires a valid token', async () => {
    const { session } = await creator();
    await assertRequiresAuth(app, 'GET', '/workspace', session.user.id);
    await assertRequiresAuth(app, 'PUT', '/workspace', session.user.id, { match_ids: [], content_ids: [] });
    await assertRequiresAuth(app, 'POST', '/workspace/reset', session.user.id);
  });
});

describe('PUT /workspace', () => {
  test('the selection is kept on the server: another session of the same user sees it', async () => {
    const match = await submitPromoted(app, other, { title: 'A match' });
    const { session, own } = await creator();
    const saved = await putWorkspace(session, { match_ids: [match.id], content_ids: [own] });
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.body.match_ids, [match.id]);
    assert.deepEqual(saved.body.content_ids, [own]);
    assert.deepEqual(
      saved.body.matches.map(({ content, ...rest }: { content: { id: string } }) => ({ ...rest, content_id_of_dto: content.id })),
      [{ content_id: match.id, title: 'A match', delivered: 0, required: 5, completed: false, content_id_of_dto: match.id }],
    );
    assert.deepEqual(saved.body.contents.map((content: { id: string; title: string }) => [content.id, content.title]), [[own, 'My own post']]);

    // A second login (another device) reads the same workspace.
    const login = await app.request('POST', '/auth/login', { form: { username: session.user.username, password: STRONG_PASSWORD } });
    assert.equal(login.status, 200, login.text);
    const again = await app.request('GET', '/workspace/', { token: login.body.access_token });
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(again.body, saved.body);

    // Every open tab of that user is told to refetch.
    assert.ok(app.pushes.some((p) => p.room === `user:${session.user.id}` && p.event === 'workspace:updated'));
  });

  test('a toggle replaces the selection; the same selection again changes nothing', async () => {
    const first = await submitPromoted(app, other);
    const second = await submitPromoted(app, other);
    const { session, own } = await creator();
    await putWorkspace(session, { match_ids: [first.id, second.id], content_ids: [own] });
    const toggled = await putWorkspace(session, { match_ids: [second.id], content_ids: [] });
    assert.equal(toggled.status, 200, toggled.text);
    assert.deepEqual([toggled.body.match_ids, toggled.body.content_ids], [[second.id], []]);
    const before = app.pushes.length;
    const same = await putWorkspace(session, { match_ids: [second.id, second.id], content_ids: [] });
    assert.deepEqual(same.body.match_ids, [second.id]);
    assert.equal(app.pushes.filter((p, i) => i >= before && p.event === 'workspace:updated').length, 0);
  });

  test('refuses malformed bodies with a 400 detail and keeps the selection', async () => {
    const match = await submitPromoted(app, other);
    const { session, own } = await creator();
    await putWorkspace(session, { match_ids: [match.id], content_ids: [own] });
    const tooMany = Array.from({ length: WORKSPACE_MATCHES_MAX + 1 }, (_, i) => `id-${i}`);
    for (const body of [
      {},
      { match_ids: 'x', content_ids: [] },
      { match_ids: [42], content_ids: [] },
      { match_ids: [''], content_ids: [] },
      { match_ids: ['x'.repeat(101)], content_ids: [] },
      { match_ids: tooMany, content_ids: [] },
      { match_ids: [], content_ids: [], is_admin: true },
      [match.id],
    ]) {
      const response = await putWorkspace(session, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(typeof response.body.detail, 'string');
    }
    assert.deepEqual((await getWorkspace(session)).body.match_ids, [match.id]);
  });

  test('refuses unknown content, own content as a match and other users content as own', async () => {
    const match = await submitPromoted(app, other);
    const { session, own } = await creator();
    const cases: [unknown, RegExp][] = [
      [{ match_ids: ['no-such-content'], content_ids: [] }, /^match_ids: content no-such-content is not available/],
      [{ match_ids: [own], content_ids: [] }, /own content cannot be one of your matches/],
      [{ match_ids: [], content_ids: [match.id] }, /^content_ids: content .* is not one of your contents/],
      [{ match_ids: [], content_ids: ['no-such-content'] }, /is not one of your contents/],
    ];
    for (const [body, detail] of cases) {
      const response = await putWorkspace(session, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.match(response.body.detail, detail);
    }
    assert.deepEqual((await getWorkspace(session)).body.match_ids, []);
  });

  test('a selected content that has since been deleted drops out quietly', async () => {
    const gone = await submitPromoted(app, other, { title: 'Soon gone' });
    const stays = await submitPromoted(app, other);
    const { session } = await creator();
    await putWorkspace(session, { match_ids: [gone.id, stays.id], content_ids: [] });
    const deleted = await app.request('DELETE', `/content/${gone.id}/`, { token: other.token });
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual((await getWorkspace(session)).body.match_ids, [stays.id]);
    // The tab still showing it may send it back: it is dropped, not refused.
    const response = await putWorkspace(session, { match_ids: [gone.id, stays.id], content_ids: [] });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body.match_ids, [stays.id]);
  });

  test("nobody reads or changes another user's workspace", async () => {
    const match = await submitPromoted(app, other);
    const alice = await creator();
    const bob = await creator();
    await putWorkspace(alice.session, { match_ids: [match.id], content_ids: [alice.own] });
    // Bob's workspace is his own, empty; Alice's own content is not his to queue.
    assert.deepEqual((await getWorkspace(bob.session)).body.match_ids, []);
    const refused = await putWorkspace(bob.session, { match_ids: [], content_ids: [alice.own] });
    assert.equal(refused.status, 400);
    await app.request('POST', '/workspace/reset', { token: bob.session.token });
    assert.deepEqual((await getWorkspace(alice.session)).body.content_ids, [alice.own]);
  });
});

describe('moderated and unreleased content (one visibility rule)', () => {
  for (const status of ['under_review', 'flagged', 'deleted'] as const) {
    test(`a selected match put ${status} by an admin leaves GET /workspace, url and all`, async () => {
      const held = await submitPromoted(app, other, { title: `Held ${status}`, url: `https://example.com/held-${status}` });
      const stays = await submitPromoted(app, other);
      const { session } = await creator();
      const saved = await putWorkspace(session, { match_ids: [held.id, stays.id], content_ids: [] });
      assert.deepEqual(saved.body.match_ids, [held.id, stays.id]);
      await moderate(held.id, status);
      const response = await getWorkspace(session);
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body.match_ids, [stays.id]);
      assert.deepEqual(response.body.matches.map((m: { content_id: string }) => m.content_id), [stays.id]);
      assert.doesNotMatch(response.text, new RegExp(`held-${status}`));
    });

    test(`PUT /workspace refuses content ${status} as a new match (400 with a detail)`, async () => {
      const held = await submitPromoted(app, other);
      await moderate(held.id, status);
      const { session } = await creator();
      const response = await putWorkspace(session, { match_ids: [held.id], content_ids: [] });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.detail, WORKSPACE_ERRORS.unavailableMatch(held.id));
      assert.deepEqual((await getWorkspace(session)).body.match_ids, []);
    });
  }

  test("PUT /workspace refuses someone's pending (not yet released) item and a paused one", async () => {
    const owner = await app.register();
    await submitContent(app, owner); // the first item is released at once
    const queued = await submitContent(app, owner, { title: 'Still in the queue' });
    assert.equal(queued.owner_status, 'pending');
    const paused = await submitPromoted(app, other);
    assert.equal((await app.request('POST', `/content/${paused.id}/pause/`, { token: other.token })).status, 200);
    const { session } = await creator();
    for (const id of [queued.id, paused.id]) {
      const response = await putWorkspace(session, { match_ids: [id], content_ids: [] });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.detail, WORKSPACE_ERRORS.unavailableMatch(id));
    }
    assert.deepEqual((await getWorkspace(session)).body.match_ids, []);
  });

  test('an approved content is a match again', async () => {
    const content = await submitPromoted(app, other);
    await moderate(content.id, 'under_review');
    await moderate(content.id, 'approved');
    const { session } = await creator();
    const response = await putWorkspace(session, { match_ids: [content.id], content_ids: [] });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body.match_ids, [content.id]);
  });

  test('the owner keeps seeing their own content under review in their workspace', async () => {
    const { session, own } = await creator();
    await putWorkspace(session, { match_ids: [], content_ids: [own] });
    await moderate(own, 'under_review');
    assert.deepEqual((await getWorkspace(session)).body.content_ids, [own]);
  });
});

describe('match progress', () => {
  test("each delivered share moves the match's progress, the overall percent and the shares left today", async () => {
    const first = await submitPromoted(app, other, { title: 'First match' });
    const second = await submitPromoted(app, other, { title: 'Second match' });
    const { session, own } = await creator();
    const contacts = await addContacts(app, session, 2);
    await putWorkspace(session, { match_ids: [first.id, second.id], content_ids: [own] });

    await share(session, first.id, [contacts[0] as string]);
    let body = (await getWorkspace(session)).body;
    assert.deepEqual(
      body.matches.map((m: { content_id: string; delivered: number; required: number; completed: boolean }) => [m.content_id, m.delivered, m.required, m.completed]),
      [
        [first.id, 1, 5, false],
        [second.id, 0, 5, false],
      ],
    );
    assert.equal(body.progress_percent, 10);
    assert.equal(body.shares_left_today, FREE_DAILY_SHARES - 1);
    assert.ok(app.pushes.some((p) => p.room === `user:${session.user.id}` && p.event === 'workspace:updated' && (p.payload as { reason: string }).reason === 'share'));

    await share(session, first.id, [contacts[1] as string]);
    body = (await getWorkspace(session)).body;
    assert.equal(body.matches[0].delivered, 2);
    assert.equal(body.progress_percent, 20);
    assert.equal(body.shares_left_today, FREE_DAILY_SHARES - 2);
  });

  test('a share made before selecting the match counts once it is selected; the other user sees none of it', async () => {
    const match = await submitPromoted(app, other);
    const { session } = await creator();
    const contacts = await addContacts(app, session, 1);
    await share(session, match.id, contacts);
    await putWorkspace(session, { match_ids: [match.id], content_ids: [] });
    assert.equal((await getWorkspace(session)).body.matches[0].delivered, 1);
    const bystander = await creator();
    await putWorkspace(bystander.session, { match_ids: [match.id], content_ids: [] });
    assert.equal((await getWorkspace(bystander.session)).body.matches[0].delivered, 0);
  });
});

describe('POST /workspace/reset', () => {
  test('empties the selection and pushes the reset; resetting again answers the same', async () => {
    const match = await submitPromoted(app, other);
    const { session, own } = await creator();
    await putWorkspace(session, { match_ids: [match.id], content_ids: [own] });
    const reset = await app.request('POST', '/workspace/reset/', { token: session.token });
    assert.equal(reset.status, 200, reset.text);
    assert.deepEqual([reset.body.match_ids, reset.body.content_ids, reset.body.matches, reset.body.progress_percent], [[], [], [], 0]);
    assert.ok(app.pushes.some((p) => p.room === `user:${session.user.id}` && p.event === 'workspace:updated' && (p.payload as { reason: string }).reason === 'reset'));
    const again = await app.request('POST', '/workspace/reset', { token: session.token });
    assert.equal(again.status, 200, again.text);
    assert.deepEqual((await getWorkspace(session)).body.match_ids, []);
  });
});
