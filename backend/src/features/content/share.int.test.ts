import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { SHARES } from '@crossfeed/projections/shares/shares.projection.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { addContacts, assertRequiresAuth, submitPromoted } from './content.fixtures.ts';

let app: TestApp;
let owner: Session;
before(async () => {
  app = await startTestApp();
  owner = await app.register();
  await app.grantPremium(owner.user.id);
});
after(() => app.close());

const DAILY_LIMIT = 'Daily share limit reached. Upgrade to premium for unlimited sharing.';

async function sharer(): Promise<{ session: Session; contacts: string[] }> {
  const session = await app.register();
  return { session, contacts: await addContacts(app, session, 2) };
}

describe('POST /content/{id}/share/', () => {
  test('shares another creator content with own contacts and counts each person reached', async () => {
    const post = await submitPromoted(app, owner);
    const { session, contacts } = await sharer();
    const response = await app.request('POST', `/content/${post.id}/share/`, { token: session.token, json: { contact_ids: contacts } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.message, 'Content shared successfully!');
    assert.equal(response.body.share_count, 2);
    assert.equal(response.body.counted, 2);
    assert.deepEqual(response.body.reached.map((contact: { id: string }) => contact.id), contacts);
    assert.deepEqual(response.body.skipped, []);
    assert.deepEqual(response.body.match, { delivered: 2, required: 5, completed: false });
    assert.equal(response.body.released, null);
    const read = await app.request('GET', `/content/${post.id}/`, { token: owner.token });
    assert.equal(read.body.share_count, 2);
    const shares = await app.ctx.readStore.collection(SHARES).find({ content_id: post.id });
    assert.equal(shares.length, 1);
    assert.equal(shares[0]?.sharer_id, session.user.id);
    assert.deepEqual(shares[0]?.contact_ids, contacts);
  });

  test('accepts a bare array of contact ids', async () => {
    const post = await submitPromoted(app, owner);
    const { session, contacts } = await sharer();
    const response = await app.request('POST', `/content/${post.id}/share`, { token: session.token, json: [contacts[0]] });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.share_count, 1);
  });

  test('marks content shared once it reaches its required shares', async () => {
    const post = await submitPromoted(app, owner);
    for (let i = 0; i < 3; i++) {
      const { session, contacts } = await sharer();
      const response = await app.request('POST', `/content/${post.id}/share/`, { token: session.token, json: { contact_ids: contacts } });
      // Two people each: the owner's share_count counts people, as the sharers' matches do.
      assert.equal(response.body.share_count, 2 * (i + 1));
    }
    const read = await app.request('GET', `/content/${post.id}/`, { token: owner.token });
    assert.equal(read.body.status, 'shared');
    assert.equal(read.body.share_count, 6);
  });

  test('requires at least one contact', async () => {
    const post = await submitPromoted(app, owner);
    const { session } = await sharer();
    for (const json of [{ contact_ids: [] }, [], {}]) {
      const response = await app.request('POST', `/content/${post.id}/share/`, { token: session.token, json });
      assert.equal(response.status, 400);
      assert.equal(response.body.detail, 'Please select at least one contact to share with.');
    }
    const noBody = await app.request('POST', `/content/${post.id}/share/`, { token: session.token });
    assert.equal(noBody.status, 400);
    assert.equal(noBody.body.detail, 'Please select at least one contact to share with.');
  });

  test("refuses unknown contacts and another user's contacts", async () => {
    const post = await submitPromoted(app, owner);
    const { session, contacts } = await sharer();
    const other = await sharer();
    for (const ids of [['no-such-contact'], [contacts[0], other.contacts[0]]]) {
      const response = await app.request('POST', `/content/${post.id}/share/`, { token: session.token, json: { contact_ids: ids } });
      assert.equal(response.status, 400);
      assert.equal(response.body.detail, 'Unknown contacts.');
    }
    assert.equal((await app.request('GET', `/content/${post.id}/`, { token: owner.token })).body.share_count, 0);
  });

  test('refuses sharing own content', async () => {
    const post = await submitPromoted(app, owner);
    const contacts = await addContacts(app, owner, 1);
    const response = await app.request('POST', `/content/${post.id}/share/`, { token: owner.token, json: { contact_ids: contacts } });
    assert.equal(response.status, 400);
    assert.equal(response.body.detail, 'You cannot share your own content.');
  });

  test('answers 404 for unknown, deleted or flagged content', async () => {
    const { session, contacts } = await sharer();
    const unknown = await app.request('POST', '/content/nope/share/', { token: session.token, json: { contact_ids: contacts } });
    assert.equal(unknown.status, 404);
    const deleted = await submitPromoted(app, owner);
    await app.request('DELETE', `/content/${deleted.id}/`, { token: owner.token });
    assert.equal((await app.request('POST', `/content/${deleted.id}/share/`, { token: session.token, json: { contact_ids: contacts } })).status, 404);
    const flagged = await submitPromoted(app, owner);
    const appended = await app.ctx.eventStore.append(contentStream(flagged.id), [
      {
        type: 'ContentStatusChanged',
        data: {
          contentId: flagged.id,
          ownerId: owner.user.id,
          contentTitle: 'x',
          status: 'under_review',
          previousStatus: 'active',
          changedBy: 'admin',
          changedAt: new Date().toISOString(),
        },
      },
    ]);
    assert.ok(await app.runner.waitFor(appended.position, 2000));
    assert.equal((await app.request('POST', `/content/${flagged.id}/share/`, { token: session.token, json: { contact_ids: contacts } })).status, 404);
  });

  test('limits a Free user to 3 shares per UTC day and opens again the next day', async () => {
    // Each share reaches new contacts (a delivered share), so only the daily quota stops the fourth.
    const posts = [];
    for (let i = 0; i < 5; i++) posts.push(await submitPromoted(app, owner));
    const { session, contacts } = await sharer();
    app.setNow('2026-11-21T23:00:00.000Z');
    try {
      for (let i = 0; i < 3; i++) {
        const ok: { status: number; text: string } = await app.request('POST', `/content/${posts[i]!.id}/share/`, { token: session.token, json: { contact_ids: contacts } });
        assert.equal(ok.status, 200, ok.text);
      }
      const fourth = await app.request('POST', `/content/${posts[3]!.id}/share/`, { token: session.token, json: { contact_ids: contacts } });
      assert.equal(fourth.status, 429);
      assert.equal(fourth.body.detail, DAILY_LIMIT);
      app.setNow('2026-11-22T00:00:00.000Z');
      const nextDay = await app.request('POST', `/content/${posts[4]!.id}/share/`, { token: session.token, json: { contact_ids: contacts } });
      assert.equal(nextDay.status, 200);
    } finally {
      app.setNow(undefined);
    }
  });

  test('lets exactly 3 of 10 parallel shares of a Free user through', async () => {
    const posts = await Promise.all(Array.from({ length: 10 }, () => submitPromoted(app, owner)));
    const { session, contacts } = await sharer();
    const responses = await Promise.all(
      posts.map((post) => app.request('POST', `/content/${post.id}/share/`, { token: session.token, json: { contact_ids: contacts } })),
    );
    const ok = responses.filter((response) => response.status === 200);
    const limited = responses.filter((response) => response.status === 429);
    assert.equal(ok.length, 3, responses.map((r) => `${r.status} ${r.text}`).join('\n'));
    assert.equal(limited.length, 7);
    for (const response of limited) assert.match(response.body.detail, /Daily share limit reached/);
    assert.equal(await app.ctx.readStore.collection(SHARES).count({ sharer_id: session.user.id }), 3);
  });

  test('lets a Premium user share without a daily limit', async () => {
    const post = await submitPromoted(app, owner);
    const session = await app.register();
    const contacts = await addContacts(app, session, 5);
    await app.grantPremium(session.user.id);
    for (let i = 0; i < 5; i++) {
      const response = await app.request('POST', `/content/${post.id}/share/`, { token: session.token, json: { contact_ids: [contacts[i]] } });
      assert.equal(response.status, 200, response.text);
    }
  });

  test('requires a valid, unexpired token', async () => {
    const post = await submitPromoted(app, owner);
    const { session, contacts } = await sharer();
    await assertRequiresAuth(app, 'POST', `/content/${post.id}/share/`, session.user.id, { contact_ids: contacts });
    assert.equal((await app.request('GET', `/content/${post.id}/`, { token: owner.token })).body.share_count, 0);
  });
});
