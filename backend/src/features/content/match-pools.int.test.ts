import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { MATCH_POOLS, ALL_POOL, topPool, type MatchPoolDoc } from '@crossfeed/workers/matching/match-pools.model.ts';
import { rebuildPools, refreshContent } from '@crossfeed/workers/matching/matching.processor.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { addContacts, createProfile, submitPromoted } from './content.fixtures.ts';

/** GET /content/match and POST /content/shuffle served from the matching worker's pools. */
let app: TestApp;
let requester: Session;
let creator: Session;
const ids: Record<string, string> = {};
const idsOf = (items: { id: string }[]): string[] => items.map((item) => item.id);
const rebuild = () => rebuildPools(app.ctx.readStore, new Date().toISOString());

before(async () => {
  app = await startTestApp();
  requester = await app.register();
  creator = await app.register();
  await app.grantPremium(requester.user.id);
  await app.grantPremium(creator.user.id);
  await createProfile(app, requester, ['Technology'], ['Web Development']);
  for (let i = 0; i < 8; i++) ids[`t${i}`] = (await submitPromoted(app, creator, { title: `Tech ${i}`, categories: ['technology'] })).id;
  ids.own = (await submitPromoted(app, requester, { title: 'Own', categories: ['technology'] })).id;
  await rebuild();
});
after(() => app.close());

describe('matching from the pools', () => {
  test('the pools are built and never hold hidden content; the answer never holds own content', async () => {
    const pool = await app.ctx.readStore.collection<MatchPoolDoc>(MATCH_POOLS).findOne({ _id: 'technology' });
    assert.ok(pool && pool.entries.length === 9);
    assert.ok(await app.ctx.readStore.collection<MatchPoolDoc>(MATCH_POOLS).findOne({ _id: ALL_POOL }));
    const matched = idsOf((await app.request('GET', '/content/match', { token: requester.token })).body);
    assert.equal(matched.length, 4);
    assert.ok(!matched.includes(ids.own!));
  });

  test('content hidden after the pools were written is never answered (live check), and leaves the pools on refresh', async () => {
    const before = idsOf((await app.request('GET', '/content/match', { token: requester.token })).body);
    const hidden = before[0]!;
    const appended = await app.ctx.eventStore.append(contentStream(hidden), [
      {
        type: 'ContentStatusChanged',
        data: { contentId: hidden, ownerId: creator.user.id, contentTitle: 'x', status: 'flagged', previousStatus: 'active', changedBy: 'admin', changedAt: new Date().toISOString() },
      },
    ]);
    assert.ok(await app.runner.waitFor(appended.position, 2000));
    const after = idsOf((await app.request('GET', '/content/match', { token: requester.token })).body);
    assert.equal(after.length, 4);
    assert.ok(!after.includes(hidden));
    await refreshContent(app.ctx.readStore, { contentId: hidden, status: 'flagged' }, new Date().toISOString());
    const pool = await app.ctx.readStore.collection<MatchPoolDoc>(MATCH_POOLS).findOne({ _id: 'technology' });
    assert.ok(!pool!.entries.some((entry) => entry.id === hidden));
  });

  test('content the requester completed (shared up to its required shares) is never answered', async () => {
    const target = idsOf((await app.request('GET', '/content/match', { token: requester.token })).body)[0]!;
    const contacts = await addContacts(app, requester, 5);
    for (let i = 0; i < 5; i++) {
      const shared = await app.request('POST', `/content/${target}/share/`, { token: requester.token, json: { contact_ids: [contacts[i]] } });
      assert.equal(shared.status, 200, shared.text);
    }
    await refreshContent(app.ctx.readStore, { contentId: target }, new Date().toISOString());
    const matched = idsOf((await app.request('GET', '/content/match', { token: requester.token })).body);
    assert.ok(!matched.includes(target));
    const shuffled = idsOf((await app.request('POST', '/content/shuffle', { token: requester.token })).body);
    assert.ok(shuffled.length > 0 && !shuffled.includes(target) && !shuffled.includes(ids.own!));
  });

  test('the Premium filters still answer 403 to a Free user, and rank from the pools for Premium', async () => {
    const free = await app.register();
    await createProfile(app, free, ['Technology'], ['Web Development']);
    assert.equal((await app.request('GET', '/content/match?ranked_content=true', { token: free.token })).status, 403);
    assert.equal((await app.request('GET', '/content/match?top_performers=true', { token: free.token })).status, 403);
    const ranked = await app.request('GET', '/content/match?ranked_content=true&top_performers=true', { token: requester.token });
    assert.equal(ranked.status, 200);
    assert.ok(ranked.body.length > 0);
  });

  test('top performers answer shared content from their own pools, with each creator\'s reach; the standard list leaves it out', async () => {
    const asker = await app.register();
    await app.grantPremium(asker.user.id);
    await createProfile(app, asker, ['Beekeeping'], ['Honey']);
    const keeper = await app.register();
    const done = (await submitPromoted(app, keeper, { title: 'Hives', categories: ['beekeeping'] })).id;
    const open = (await submitPromoted(app, keeper, { title: 'Honey', categories: ['beekeeping', 'honey'] })).id;
    const helper = await app.register();
    await app.grantPremium(helper.user.id);
    await app.confirmEmail(helper);
    for (const contact of await addContacts(app, helper, 5)) {
      assert.equal((await app.request('POST', `/content/${done}/share/`, { token: helper.token, json: { contact_ids: [contact] } })).status, 200);
    }
    await rebuild();
    const pool = async (id: string) => (await app.ctx.readStore.collection<MatchPoolDoc>(MATCH_POOLS).findOne({ _id: id }))?.entries.map((e) => e.id) ?? [];
    assert.deepEqual(await pool('beekeeping'), [open]);
    assert.deepEqual((await pool(topPool('beekeeping'))).sort(), [done, open].sort());

    const standard = (await app.request('GET', '/content/match', { token: asker.token })).body;
    assert.ok(!idsOf(standard).includes(done));
    const top = (await app.request('GET', '/content/match?top_performers=true', { token: asker.token })).body;
    for (const id of [done, open]) assert.deepEqual(top.find((item: { id: string }) => item.id === id)?.rank_basis, { kind: 'engagement', value: 5 });
    const reach = top.map((item: { rank_basis: { value: number } }) => item.rank_basis.value);
    assert.deepEqual(reach, [...reach].sort((a, b) => b - a), 'best reach first');
    const ranked = (await app.request('GET', '/content/match?ranked_content=true', { token: asker.token })).body;
    assert.deepEqual(ranked[0].rank_basis, { kind: 'overlap', value: 2, categories: 1, interests: 1 });
    assert.equal(ranked[0].id, open);
  });
});
