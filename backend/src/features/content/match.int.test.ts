import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { startTestApp, type Session, type TestApp, type TestResponse } from '../../testing/test-app.ts';
import { addContacts, assertRequiresAuth, createProfile, submitPromoted } from './content.fixtures.ts';

let app: TestApp;
let creatorA: Session;
let creatorB: Session;
let creatorC: Session;
let free: Session;
let premium: Session;
const ids: Record<string, string> = {};

const idsOf = (items: { id: string }[]): string[] => items.map((item) => item.id);

/** Premium with a confirmed address (an unconfirmed account e-mails 5 people a day at most). */
async function premiumCreator(): Promise<Session> {
  const session = await app.register();
  await app.grantPremium(session.user.id);
  await app.confirmEmail(session);
  return session;
}

before(async () => {
  app = await startTestApp();
  [creatorA, creatorB, creatorC] = [await premiumCreator(), await premiumCreator(), await premiumCreator()];
  free = await app.register();
  premium = await premiumCreator();
  for (const requester of [free, premium]) await createProfile(app, requester, ['Technology'], ['Web Development']);

  // Unrelated content first (oldest), then related content.
  ids.u1 = (await submitPromoted(app, creatorC, { title: 'Painting', categories: ['art'] })).id;
  ids.u2 = (await submitPromoted(app, creatorC, { title: 'Sculpture', categories: ['art'] })).id;
  ids.r1 = (await submitPromoted(app, creatorA, { title: 'Tech one', categories: ['technology'] })).id;
  ids.r2 = (await submitPromoted(app, creatorA, { title: 'Tech two', categories: ['technology'] })).id;
  ids.r3 = (await submitPromoted(app, creatorB, { title: 'Tech three', categories: ['technology'] })).id;
  ids.rw = (await submitPromoted(app, creatorB, { title: 'Web things', categories: ['web development'] })).id;
  ids.both = (await submitPromoted(app, creatorC, { title: 'Tech for the web', categories: ['technology', 'web development'] })).id;
  // Never matched: the requesters' own, deleted and flagged content.
  ids.ownFree = (await submitPromoted(app, free, { title: 'Free own', categories: ['technology'] })).id;
  ids.ownPremium = (await submitPromoted(app, premium, { title: 'Premium own', categories: ['technology'] })).id;
  ids.deleted = (await submitPromoted(app, creatorA, { title: 'Deleted', categories: ['technology'] })).id;
  assert.equal((await app.request('DELETE', `/content/${ids.deleted}/`, { token: creatorA.token })).status, 200);
  ids.flagged = (await submitPromoted(app, creatorA, { title: 'Flagged', categories: ['technology'] })).id;
  const flagged = await app.ctx.eventStore.append(contentStream(ids.flagged), [
    {
      type: 'ContentStatusChanged',
      data: {
        contentId: ids.flagged,
        ownerId: creatorA.user.id,
        contentTitle: 'Flagged',
        status: 'flagged',
        previousStatus: 'active',
        changedBy: 'admin',
        changedAt: new Date().toISOString(),
      },
    },
  ]);
  assert.ok(await app.runner.waitFor(flagged.position, 2000));

  // r1 is 3 shares into its 5, so creator A performs best (no later test gives any creator 3 shares or more first).
  for (let i = 0; i < 3; i++) {
    const helper = await app.register();
    const contacts = await addContacts(app, helper, 1);
    const shared: TestResponse = await app.request('POST', `/content/${ids.r1}/share/`, { token: helper.token, json: { contact_ids: contacts } });
    assert.equal(shared.status, 200, shared.text);
  }
});
after(() => app.close());

describe('GET /content/match', () => {
  test('answers at most 4 related items of other creators', async () => {
    const response = await app.request('GET', '/content/match', { token: free.token });
    assert.equal(response.status, 200, response.text);
    const matched = idsOf(response.body);
    assert.equal(matched.length, 4);
    for (const id of [ids.ownFree, ids.deleted, ids.flagged, ids.u1, ids.u2]) assert.ok(!matched.includes(id!), `unexpected ${id}`);
    for (const item of response.body) {
      assert.ok(item.categories.some((category: string) => ['technology', 'web development'].includes(category)));
      assert.notEqual(item.user.id, free.user.id);
    }
    assert.deepEqual(Object.keys(response.body[0]).sort(), [
      'categories', 'content_type', 'conversions_count', 'created_at', 'description', 'enhanced_url', 'id', 'links',
      'moderation_reason', 'moderation_status', 'owner_status', 'required_shares', 'share_count', 'short_link_clicks', 'status',
      'title', 'under_review', 'url', 'user',
    ]);
  });

  test('puts content further from its required shares first, then the newest', async () => {
    const requester = await app.register();
    await createProfile(app, requester, ['Health'], ['Fitness']);
    const creator = await premiumCreator();
    const oldest = (await submitPromoted(app, creator, { title: 'Run', categories: ['health'] })).id;
    const along = (await submitPromoted(app, creator, { title: 'Swim', categories: ['fitness'] })).id;
    const newest = (await submitPromoted(app, creator, { title: 'Lift', categories: ['health'] })).id;
    const helper = await app.register();
    // Two delivered shares: each reaches a new contact.
    const contacts = await addContacts(app, helper, 2);
    for (let i = 0; i < 2; i++) {
      assert.equal((await app.request('POST', `/content/${along}/share/`, { token: helper.token, json: { contact_ids: [contacts[i]] } })).status, 200);
    }
    const matched = idsOf((await app.request('GET', '/content/match', { token: requester.token })).body);
    assert.deepEqual(matched.slice(0, 3), [newest, oldest, along]);
  });

  test('ranked content puts the strongest overlap with categories and interests first (Premium)', async () => {
    const response = await app.request('GET', '/content/match?ranked_content=true', { token: premium.token });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body[0].id, ids.both);
    assert.equal(response.body.length, 4);
    assert.ok(!idsOf(response.body).includes(ids.ownPremium!));
  });

  test('top performers puts the best-performing creator first (Premium)', async () => {
    const response = await app.request('GET', '/content/match?ranked_content=true&top_performers=true', { token: premium.token });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(
      response.body.slice(0, 2).map((item: { user: { id: string } }) => item.user.id),
      [creatorA.user.id, creatorA.user.id],
    );
    assert.deepEqual(idsOf(response.body.slice(0, 2)).sort(), [ids.r1, ids.r2].sort());
  });

  test('refuses the Premium filters to a Free user', async () => {
    for (const query of ['ranked_content=true', 'top_performers=true', 'ranked_content=true&top_performers=true']) {
      const response = await app.request('GET', `/content/match?${query}`, { token: free.token });
      assert.equal(response.status, 403);
      assert.equal(response.body.detail, 'Ranked content and top performer filters are Premium features.');
    }
    const off = await app.request('GET', '/content/match?ranked_content=false&top_performers=false', { token: free.token });
    assert.equal(off.status, 200);
  });

  test('rejects malformed filters', async () => {
    for (const query of ['ranked_content=yes', 'top_performers=1&top_performers=0', 'colour=blue']) {
      const response = await app.request('GET', `/content/match?${query}`, { token: premium.token });
      assert.equal(response.status, 400, query);
      assert.equal(typeof response.body.detail, 'string');
    }
  });

  test('leaves out content the requester already shared up to its required shares', async () => {
    const sharer = await premiumCreator();
    await createProfile(app, sharer, ['Science'], ['Space']);
    const creator = await premiumCreator();
    const done = (await submitPromoted(app, creator, { title: 'Stars', categories: ['science'] })).id;
    const started = (await submitPromoted(app, creator, { title: 'Planets', categories: ['space'] })).id;
    const contacts = await addContacts(app, sharer, 5);
    for (let i = 0; i < 5; i++) {
      assert.equal((await app.request('POST', `/content/${done}/share/`, { token: sharer.token, json: { contact_ids: [contacts[i]] } })).status, 200);
    }
    assert.equal((await app.request('POST', `/content/${started}/share/`, { token: sharer.token, json: { contact_ids: [contacts[0]] } })).status, 200);
    const matched = idsOf((await app.request('GET', '/content/match', { token: sharer.token })).body);
    assert.ok(!matched.includes(done));
    assert.equal(matched[0], started);
    // With its required shares it is `shared`: out of every pool (docs/exchange.md), while `started` stays.
    const other = await app.register();
    await createProfile(app, other, ['Science'], ['Space']);
    const others = idsOf((await app.request('GET', '/content/match', { token: other.token })).body);
    assert.ok(!others.includes(done) && others.includes(started));
    assert.equal((await app.request('GET', `/content/${done}/`, { token: other.token })).body.status, 'shared');
  });

  test('one press to five people completes the match: the item leaves the sharer\'s lists, Top performers too (match_progress, not share presses)', async () => {
    const sharer = await premiumCreator();
    await createProfile(app, sharer, ['Cooking'], ['Bread']);
    const creator = await premiumCreator();
    const loaf = (await submitPromoted(app, creator, { title: 'Sourdough', categories: ['cooking', 'bread'] })).id;
    const contacts = await addContacts(app, sharer, 5);
    const pressed = await app.request('POST', `/content/${loaf}/share/`, { token: sharer.token, json: { contact_ids: contacts } });
    assert.equal(pressed.status, 200, pressed.text);
    for (const query of ['', '?top_performers=true', '?ranked_content=true']) {
      const matched = idsOf((await app.request('GET', `/content/match${query}`, { token: sharer.token })).body);
      assert.ok(!matched.includes(loaf), `still offered${query}`);
    }
  });

  test('top performers also draw on content that reached its required shares, each item with its creator\'s reach; ranked content with its overlap', async () => {
    const requester = await premiumCreator();
    await createProfile(app, requester, ['Gardening'], ['Roses']);
    const creator = await premiumCreator();
    const done = (await submitPromoted(app, creator, { title: 'Tulips', categories: ['gardening'] })).id;
    const open = (await submitPromoted(app, creator, { title: 'Rose beds', categories: ['gardening', 'roses'] })).id;
    const helper = await premiumCreator();
    for (const contact of await addContacts(app, helper, 5)) {
      assert.equal((await app.request('POST', `/content/${done}/share/`, { token: helper.token, json: { contact_ids: [contact] } })).status, 200);
    }
    assert.equal((await app.request('GET', `/content/${done}/`, { token: requester.token })).body.owner_status, 'shared');

    const standard = (await app.request('GET', '/content/match', { token: requester.token })).body;
    assert.ok(!idsOf(standard).includes(done) && idsOf(standard).includes(open));
    assert.ok(standard.every((item: object) => !('rank_basis' in item)), 'the standard order says no basis');

    // Two more people reached through `open`: the creator's reach is 7, above every other creator's here.
    for (const contact of (await addContacts(app, requester, 2))) {
      assert.equal((await app.request('POST', `/content/${open}/share/`, { token: requester.token, json: { contact_ids: [contact] } })).status, 200);
    }
    const top = await app.request('GET', '/content/match?top_performers=true', { token: requester.token });
    assert.equal(top.status, 200, top.text);
    assert.deepEqual(idsOf(top.body.slice(0, 2)).sort(), [done, open].sort());
    for (const item of top.body.slice(0, 2)) assert.deepEqual(item.rank_basis, { kind: 'engagement', value: 7 });
    const reach = top.body.map((item: { rank_basis: { kind: string; value: number } }) => item.rank_basis.value);
    assert.deepEqual(reach, [...reach].sort((a, b) => b - a), 'best reach first');

    const ranked = await app.request('GET', '/content/match?ranked_content=true', { token: requester.token });
    assert.equal(ranked.body[0].id, open);
    assert.deepEqual(ranked.body[0].rank_basis, { kind: 'overlap', value: 2, categories: 1, interests: 1 });
    assert.ok(!idsOf(ranked.body).includes(done));
    for (const item of ranked.body) assert.equal(item.rank_basis.kind, 'overlap');
  });

  test('without a profile, answers the newest content of others', async () => {
    const newcomer = await app.register();
    const response = await app.request('GET', '/content/match', { token: newcomer.token });
    assert.equal(response.status, 200);
    assert.equal(response.body.length, 4);
  });

  test('requires a valid, unexpired token', async () => {
    await assertRequiresAuth(app, 'GET', '/content/match', free.user.id);
  });
});

describe('POST /content/shuffle and GET /content/shuffles/remaining', () => {
  test('a Free user gets 3 shuffles a day, each a different set than the current matches', async () => {
    const user = await app.register();
    await createProfile(app, user, ['Technology'], ['Web Development']);
    const own = (await submitPromoted(app, user, { categories: ['technology'] })).id;
    app.setNow(new Date().toISOString());
    try {
      assert.deepEqual((await app.request('GET', '/content/shuffles/remaining', { token: user.token })).body, { remaining_shuffles: 3 });
      const current = idsOf((await app.request('GET', '/content/match', { token: user.token })).body);
      for (let left = 2; left >= 0; left--) {
        const response = await app.request('POST', '/content/shuffle', { token: user.token });
        assert.equal(response.status, 200, response.text);
        const shuffled = idsOf(response.body);
        assert.ok(shuffled.length > 0 && shuffled.length <= 4);
        assert.deepEqual(shuffled.filter((id) => current.includes(id)), [], 'a shuffle shows other content when there is enough');
        for (const id of [ids.deleted, ids.flagged, own]) assert.ok(!shuffled.includes(id!));
        assert.deepEqual((await app.request('GET', '/content/shuffles/remaining/', { token: user.token })).body, { remaining_shuffles: left });
      }
      const fourth = await app.request('POST', '/content/shuffle/', { token: user.token });
      assert.equal(fourth.status, 429);
      assert.equal(fourth.body.detail, 'No shuffles left today. Upgrade to premium for unlimited shuffles.');
      app.setNow(new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString());
      assert.deepEqual((await app.request('GET', '/content/shuffles/remaining', { token: user.token })).body, { remaining_shuffles: 3 });
    } finally {
      app.setNow(undefined);
    }
  });

  test('a Premium user shuffles without limit', async () => {
    assert.deepEqual((await app.request('GET', '/content/shuffles/remaining', { token: premium.token })).body, { remaining_shuffles: 'Unlimited' });
    for (let i = 0; i < 5; i++) assert.equal((await app.request('POST', '/content/shuffle', { token: premium.token })).status, 200);
  });

  test('require a valid, unexpired token', async () => {
    await assertRequiresAuth(app, 'POST', '/content/shuffle', free.user.id);
    await assertRequiresAuth(app, 'GET', '/content/shuffles/remaining', free.user.id);
    assert.deepEqual((await app.request('GET', '/content/shuffles/remaining', { token: free.token })).body, { remaining_shuffles: 3 });
  });
});
