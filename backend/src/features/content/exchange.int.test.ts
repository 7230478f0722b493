import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { userRoom } from '@crossfeed/platform/realtime/realtime.port.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { addContacts, assertRequiresAuth, submitContent, submitPromoted } from './content.fixtures.ts';

/**
 * The exchange over HTTP (docs/exchange.md): earned promotion and delivered shares, as a creator meets them.
 */
let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const matchIds = async (session: Session): Promise<string[]> => {
  const response = await app.request('GET', '/content/match', { token: session.token });
  assert.equal(response.status, 200, response.text);
  return response.body.map((item: { id: string }) => item.id);
};
const read = async (session: Session, id: string) => (await app.request('GET', `/content/${id}/`, { token: session.token })).body;

/** A creator with `contacts` contacts, Premium so the daily share quota does not get in the way. */
async function creator(contacts = 0, premium = true): Promise<{ session: Session; contacts: string[] }> {
  const session = await app.register();
  if (premium) await app.grantPremium(session.user.id);
  return { session, contacts: await addContacts(app, session, contacts) };
}

describe('the exchange: earned promotion', () => {
  test("a creator's first item is active and matched; the second is pending and in nobody's matches until its owner completes a match", async () => {
    const ada = await creator(5);
    const grace = await creator();
    const other = await creator();
    const first = await submitContent(app, ada.session, { title: 'Ada first' });
    assert.equal(first.status, 'active');
    assert.equal(first.owner_status, 'active');
    const second = await submitContent(app, ada.session, { title: 'Ada second' });
    assert.equal(second.status, 'pending');
    assert.equal(second.owner_status, 'pending');
    assert.ok((await matchIds(grace.session)).includes(first.id));
    for (const session of [grace.session, other.session]) assert.ok(!(await matchIds(session)).includes(second.id));
    const search = await app.request('GET', '/search/?query=Ada%20second', { token: grace.session.token });
    assert.equal(search.status, 200, search.text);
    assert.deepEqual(search.body, [], 'pending content is not in search results');

    // Ada completes a match on Grace's first item: five delivered shares, one new contact each.
    const graceFirst = await submitContent(app, grace.session, { title: 'Grace first' });
    let last: any;
    for (const [i, contactId] of ada.contacts.entries()) {
      last = await app.request('POST', `/content/${graceFirst.id}/share/`, { token: ada.session.token, json: { contact_ids: [contactId] } });
      assert.equal(last.status, 200, last.text);
      assert.deepEqual(last.body.match, { delivered: i + 1, required: 5, completed: i === 4 });
      if (i < 4) assert.equal(last.body.released, null);
    }
    assert.equal(last.body.message, 'Content shared successfully!');
    assert.deepEqual(last.body.released, { id: second.id, title: 'Ada second' });
    assert.equal((await read(ada.session, second.id)).status, 'active');
    assert.ok((await matchIds(grace.session)).includes(second.id));
    assert.ok((await matchIds(other.session)).includes(second.id));
    // Grace's item has its required shares: shared, and out of the pools.
    assert.equal((await read(grace.session, graceFirst.id)).status, 'shared');
    assert.ok(!(await matchIds(other.session)).includes(graceFirst.id));

    const notifications = await app.request('GET', '/notifications/', { token: ada.session.token });
    assert.ok(
      notifications.body.some((n: { message: string }) => n.message.startsWith('Your content "Ada second" is now live in the exchange.')),
      JSON.stringify(notifications.body),
    );
    assert.ok(
      app.pushes.some((p) => p.room === userRoom(ada.session.user.id) && p.event === 'content:updated' && (p.payload as any).id === second.id && (p.payload as any).status === 'active'),
    );
  });

  test('a match completed with nothing queued banks its credit: the next submission goes live at once', async () => {
    const ada = await creator(5);
    const grace = await creator();
    await submitContent(app, ada.session, { title: 'Only item' });
    const target = await submitContent(app, grace.session);
    for (const contactId of ada.contacts) {
      const response = await app.request('POST', `/content/${target.id}/share`, { token: ada.session.token, json: [contactId] });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.released, null);
    }
    const next = await submitContent(app, ada.session, { title: 'Banked' });
    assert.equal(next.status, 'active');
    const after = await submitContent(app, ada.session, { title: 'Queued again' });
    assert.equal(after.status, 'pending');
  });

  test('a share of a pending or paused item by its id counts toward no match: refused, nothing counted', async () => {
    const owner = await creator();
    const sharer = await creator(1);
    const live = await submitContent(app, owner.session);
    const pending = await submitContent(app, owner.session);
    assert.equal(pending.status, 'pending');
    const response = await app.request('POST', `/content/${pending.id}/share/`, { token: sharer.session.token, json: { contact_ids: sharer.contacts } });
    assert.equal(response.status, 409, response.text);
    assert.match(response.body.detail, /count toward no match/);
    assert.equal((await read(owner.session, pending.id)).share_count, 0);
    assert.equal((await app.request('POST', `/content/${live.id}/pause/`, { token: owner.session.token })).status, 200);
    const paused = await app.request('POST', `/content/${live.id}/share/`, { token: sharer.session.token, json: { contact_ids: sharer.contacts } });
    assert.equal(paused.status, 409, paused.text);
  });

  test('the owner pauses and resumes an item; others cannot', async () => {
    const ada = await creator();
    const grace = await creator();
    const item = await submitContent(app, ada.session);
    await assertRequiresAuth(app, 'POST', `/content/${item.id}/pause/`, ada.session.user.id);
    const paused = await app.request('POST', `/content/${item.id}/pause/`, { token: ada.session.token });
    assert.equal(paused.status, 200, paused.text);
    assert.equal(paused.body.status, 'inactive');
    assert.ok(!(await matchIds(grace.session)).includes(item.id));
    assert.equal((await app.request('POST', `/content/${item.id}/pause`, { token: ada.session.token })).body.status, 'inactive');
    const resumed = await app.request('POST', `/content/${item.id}/resume`, { token: ada.session.token });
    assert.equal(resumed.status, 200, resumed.text);
    assert.equal(resumed.body.status, 'active');
    assert.ok((await matchIds(grace.session)).includes(item.id));
    for (const path of [`/content/${item.id}/pause/`, `/content/${item.id}/resume/`, '/content/no-such-id/pause/']) {
      const response = await app.request('POST', path, { token: grace.session.token });
      assert.equal(response.status, 404, path);
      assert.equal(typeof response.body.detail, 'string');
    }
  });
});

describe('the exchange: delivered shares', () => {
  test('sharing to an already-reached contact answers 409 naming the contact and changes no count', async () => {
    const owner = await creator();
    const sharer = await creator(2);
    const post = await submitContent(app, owner.session);
    const first = await app.request('POST', `/content/${post.id}/share/`, { token: sharer.session.token, json: { contact_ids: [sharer.contacts[0]] } });
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.body.reached, [{ id: sharer.contacts[0], name: 'Contact 0', counted: true }]);
    assert.deepEqual(first.body.skipped, []);
    const again = await app.request('POST', `/content/${post.id}/share/`, { token: sharer.session.token, json: { contact_ids: [sharer.contacts[0]] } });
    assert.equal(again.status, 409, again.text);
    assert.match(again.body.detail, /Contact 0 \(already received this content\)/);
    assert.equal((await read(owner.session, post.id)).share_count, 1);
    const notifications = await app.request('GET', '/notifications/', { token: owner.session.token });
    assert.equal(notifications.body.filter((n: { message: string }) => n.message.includes('shared your content')).length, 1);

    // A mixed request reaches the new contact and names the skipped one.
    const mixed = await app.request('POST', `/content/${post.id}/share/`, { token: sharer.session.token, json: { contact_ids: sharer.contacts } });
    assert.equal(mixed.status, 200, mixed.text);
    assert.equal(mixed.body.share_count, 2);
    assert.deepEqual(mixed.body.reached, [{ id: sharer.contacts[1], name: 'Contact 1', counted: true }]);
    assert.deepEqual(mixed.body.skipped, [{ id: sharer.contacts[0], name: 'Contact 0', reason: 'already_shared' }]);
  });

  test('ten shares of one content to one contact raise share_count by exactly 1', async () => {
    const owner = await creator();
    const sharer = await creator(1);
    const post = await submitContent(app, owner.session);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await app.request('POST', `/content/${post.id}/share/`, { token: sharer.session.token, json: { contact_ids: sharer.contacts } })).status);
    }
    assert.deepEqual(statuses, [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    assert.equal((await read(owner.session, post.id)).share_count, 1);
  });

  test('a contact gets at most the daily cap of shares; the share modal sees who can still be reached', async () => {
    const sharer = await creator(2);
    const owners = await Promise.all([creator(), creator(), creator(), creator()]);
    const posts = [];
    for (const owner of owners) posts.push(await submitContent(app, owner.session));
    for (const post of posts.slice(0, 3)) {
      const response = await app.request('POST', `/content/${post.id}/share/`, { token: sharer.session.token, json: [sharer.contacts[0]] });
      assert.equal(response.status, 200, response.text);
    }
    const capped = await app.request('POST', `/content/${posts[3]!.id}/share/`, { token: sharer.session.token, json: [sharer.contacts[0]] });
    assert.equal(capped.status, 409, capped.text);
    assert.match(capped.body.detail, /Contact 0 \(already had today's Crossfeed e-mails\)/);

    const targets = await app.request('GET', `/content/${posts[0]!.id}/share-targets`, { token: sharer.session.token });
    assert.equal(targets.status, 200, targets.text);
    assert.deepEqual(
      targets.body.map((t: { id: string; state: string }) => [t.id, t.state]),
      [[sharer.contacts[0], 'already_shared'], [sharer.contacts[1], 'available']],
    );
    assert.equal(targets.body[0].name, 'Contact 0');
    const fourth = await app.request('GET', `/content/${posts[3]!.id}/share-targets/`, { token: sharer.session.token });
    assert.deepEqual(fourth.body.map((t: { state: string }) => t.state), ['daily_limit', 'available']);
    // The next UTC day the contact can be reached again.
    app.setNow(new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString());
    try {
      const nextDay = await app.request('POST', `/content/${posts[3]!.id}/share/`, { token: sharer.session.token, json: [sharer.contacts[0]] });
      assert.equal(nextDay.status, 200, nextDay.text);
    } finally {
      app.setNow(undefined);
    }
    await assertRequiresAuth(app, 'GET', `/content/${posts[0]!.id}/share-targets`, sharer.session.user.id);
    const own = await app.request('GET', `/content/${posts[0]!.id}/share-targets`, { token: owners[0]!.session.token });
    assert.equal(own.status, 400);
  });

  test('the sharer sees what each share sent and to whom, newest first; nobody sees another sharer\'s', async () => {
    const owner = await creator();
    const sharer = await creator(2);
    const post = await submitContent(app, owner.session, { title: 'Sent list post' });
    await app.request('POST', `/content/${post.id}/share/`, { token: sharer.session.token, json: [sharer.contacts[0]] });
    await app.request('POST', `/content/${post.id}/share/`, { token: sharer.session.token, json: sharer.contacts });
    const sent = await app.request('GET', '/content/shares/sent', { token: sharer.session.token });
    assert.equal(sent.status, 200, sent.text);
    assert.equal(sent.headers.get('x-total-count'), '2');
    assert.equal(sent.body[0].content_title, 'Sent list post');
    assert.deepEqual(sent.body[0].reached.map((c: { name: string }) => c.name), ['Contact 1']);
    assert.deepEqual(sent.body[0].skipped.map((c: { name: string; reason: string }) => [c.name, c.reason]), [['Contact 0', 'already_shared']]);
    assert.deepEqual(sent.body[1].reached.map((c: { name: string }) => c.name), ['Contact 0']);
    // One content's shares only (the share modal's "sent before"); a malformed filter is a 400.
    const other = await submitPromoted(app, owner.session, { title: 'Another post' });
    await app.request('POST', `/content/${other.id}/share/`, { token: sharer.session.token, json: [sharer.contacts[0]] });
    const ofPost = await app.request('GET', `/content/shares/sent?content_id=${post.id}`, { token: sharer.session.token });
    assert.equal(ofPost.headers.get('x-total-count'), '2');
    assert.ok(ofPost.body.every((share: { content_id: string }) => share.content_id === post.id));
    const ofOther = await app.request('GET', `/content/shares/sent?content_id=${other.id}`, { token: sharer.session.token });
    assert.deepEqual(ofOther.body.map((share: { content_title: string }) => share.content_title), ['Another post']);
    const malformed = await app.request('GET', '/content/shares/sent?content_id=a&content_id=b', { token: sharer.session.token });
    assert.equal(malformed.status, 400);
    assert.equal(typeof malformed.body.detail, 'string');
    const others = await app.request('GET', '/content/shares/sent/', { token: owner.session.token });
    assert.deepEqual(others.body, []);
    await assertRequiresAuth(app, 'GET', '/content/shares/sent', sharer.session.user.id);
  });
});
