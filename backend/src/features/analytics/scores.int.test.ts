import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MATCH_POOLS, type MatchPoolDoc } from '@crossfeed/workers/matching/match-pools.model.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { eventually } from '../../testing/eventually.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PUBLIC_URL = 'https://crossfeed.example';

let app: TestApp;
before(async () => {
  app = await startTestApp({ PUBLIC_URL }, { workers: true });
});
after(() => app.close());

async function submit(session: Session): Promise<string> {
  const response = await app.request('POST', '/content/', {
    token: session.token,
    json: { title: 'A post', description: 'About engines', url: 'https://example.com/post', content_type: 'article', categories: ['technology'] },
  });
  assert.equal(response.status, 201, response.text);
  return response.body.id;
}

async function addContact(session: Session, name: string, email: string): Promise<string> {
  const response = await app.request('POST', '/contacts/', { token: session.token, json: { name, email } });
  assert.equal(response.status, 201, response.text);
  return response.body.id;
}

/** The tracked link e-mailed to `email` (its path and query, to request from the test app). */
async function trackedLinkTo(email: string): Promise<string> {
  await app.settleJobs();
  const mail = (await app.outbox()).find((m) => m.to.includes(email));
  assert.ok(mail, `no share e-mail to ${email}`);
  const link = mail.text.split('\n').find((line) => line.startsWith(`${PUBLIC_URL}/links/`));
  assert.ok(link, 'the e-mail carries a tracked link');
  return link.slice(PUBLIC_URL.length);
}

interface Scenario {
  owner: Session;
  sharer: Session;
  contentId: string;
  friendId: string;
  ownContactId: string;
}

let scenario: Scenario;

/** A sharer e-mails the owner's content to their friend, who opens the tracked link 3 times on one day. */
async function setUp(): Promise<Scenario> {
  if (scenario) return scenario;
  const [owner, sharer] = [await app.register(), await app.register()];
  const contentId = await submit(owner);
  const friendId = await addContact(sharer, 'Friend of sharer', `friend.${process.pid}@example.com`);
  const shared = await app.request('POST', `/content/${contentId}/share/`, { token: sharer.token, json: { contact_ids: [friendId] } });
  assert.equal(shared.status, 200, shared.text);
  const link = await trackedLinkTo(`friend.${process.pid}@example.com`);
  assert.ok(link.includes(`c=${friendId}`));
  for (let i = 0; i < 3; i++) assert.equal((await app.request('GET', link, { headers: { 'user-agent': BROWSER } })).status, 302);
  // A bot on the same link changes nothing.
  assert.equal((await app.request('GET', link, { headers: { 'user-agent': 'Googlebot/2.1' } })).status, 302);
  // The owner's own contact, sent the owner's own tracked link.
  const ownContactId = await addContact(owner, 'Ada Reader', `ada.${process.pid}@example.com`);
  assert.equal((await app.request('GET', `${link.split('?')[0]}?c=${ownContactId}`, { headers: { 'user-agent': BROWSER } })).status, 302);
  scenario = { owner, sharer, contentId, friendId, ownContactId };
  return scenario;
}

describe('contact scores', () => {
  test('a contact who opened their tracked link 3 times on one day scores above 0 and counts once that day', async () => {
    const { sharer, friendId } = await setUp();
    await eventually(async () => {
      const contacts = (await app.request('GET', '/contacts/', { token: sharer.token })).body as { id: string; audience_score: number; score_parts: { key: string; points: number; detail: string }[] }[];
      const friend = contacts.find((contact) => contact.id === friendId);
      assert.ok(friend);
      assert.equal(friend.audience_score, 20);
      assert.equal(friend.score_parts[0]?.key, 'click_days');
      assert.equal(friend.score_parts[0]?.detail, '1 day with a click (3 clicks in all; more clicks on one day count once). 20 points a day.');
    });
  });

  test('a conversion the owner reports for the sharer\'s contact is recorded, but self-reported it moves no score', async () => {
    const { owner, sharer, contentId, friendId } = await setUp();
    const recorded = await app.request('POST', '/conversions/', { token: owner.token, json: { content_id: contentId, contact_id: friendId } });
    assert.equal(recorded.status, 201, recorded.text);
    const friend = ((await app.request('GET', '/contacts/', { token: sharer.token })).body as { id: string; audience_score: number }[]).find((c) => c.id === friendId);
    assert.equal(friend?.audience_score, 20);
    // A contact nobody sent this content to is refused.
    const stranger = await addContact(sharer, 'Stranger', `stranger.${process.pid}@example.com`);
    const refused = await app.request('POST', '/conversions/', { token: owner.token, json: { content_id: contentId, contact_id: stranger } });
    assert.equal(refused.status, 400);
    assert.match(refused.body.detail, /^contact_id: /);
  });
});

describe('GET /content/{id}/attribution', () => {
  test('tells the owner each sharer\'s clicks in all and unique, naming only the owner\'s own contacts', async () => {
    const { owner, sharer, contentId, ownContactId, friendId } = await setUp();
    await eventually(async () => {
      const response = await app.request('GET', `/content/${contentId}/attribution`, { token: owner.token });
      assert.equal(response.status, 200, response.text);
      const body = response.body;
      const theirs = body.sharers.find((row: { sharer_id: string }) => row.sharer_id === sharer.user.id);
      assert.deepEqual(
        { clicks: theirs.clicks, unique: theirs.unique_clicks, shares: theirs.shares, reached: theirs.contacts_reached, contacts: theirs.contacts, you: theirs.is_you, name: theirs.username },
        { clicks: 3, unique: 1, shares: 1, reached: 1, contacts: null, you: false, name: sharer.user.username },
      );
      assert.ok(!JSON.stringify(body).includes(friendId), 'no id of another creator\'s contact');
      const mine = body.sharers.find((row: { sharer_id: string }) => row.sharer_id === owner.user.id);
      assert.equal(mine.is_you, true);
      assert.deepEqual(mine.contacts.map((c: { contact_id: string; name: string; clicks: number; unique_clicks: number }) => [c.contact_id, c.name, c.clicks, c.unique_clicks]), [
        [ownContactId, 'Ada Reader', 1, 1],
      ]);
      assert.equal(body.totals.clicks, 4);
      assert.equal(body.totals.unique_clicks, 2);
      assert.deepEqual(body.unattributed, { clicks: 0, unique_clicks: 0, conversions: 0 });
    });
    // Unique clicks beside total clicks in the owner's analytics.
    const analytics = await app.request('POST', '/analytics/', { token: owner.token, json: { content_ids: [contentId] } });
    assert.equal(analytics.body[contentId].short_link_clicks, 4);
    assert.equal(analytics.body[contentId].unique_clicks, 2);
  });

  test('answers 404 to anyone but the owner, 401 without a token', async () => {
    const { sharer, contentId } = await setUp();
    const other = await app.register();
    for (const session of [sharer, other]) {
      const response = await app.request('GET', `/content/${contentId}/attribution/`, { token: session.token });
      assert.equal(response.status, 404);
      assert.equal(response.body.detail, 'Content not found.');
    }
    assert.equal((await app.request('GET', `/content/${contentId}/attribution`)).status, 401);
    assert.equal((await app.request('GET', '/content/no-such-id/attribution', { token: other.token })).status, 404);
  });
});

describe('one audience score', () => {
  test('the owner sees the same score on their profile, the creator card and in matching', async () => {
    const { owner, sharer, contentId } = await setUp();
    await app.settleJobs();
    const card = (await app.request('GET', `/analytics/user/${owner.user.id}`, { token: sharer.token })).body;
    assert.equal(typeof card.audience_score, 'number');
    assert.ok(card.audience_score > 0);
    assert.deepEqual(card.score_parts.map((part: { key: string }) => part.key), ['share_completion', 'clicks_per_share', 'conversions_per_share', 'contact_engagement']);
    assert.equal(Math.round(card.score_parts.reduce((sum: number, part: { points: number }) => sum + part.points, 0) * 10) / 10, card.audience_score);
    // Another creator reads the points, not the owner's own counts; the owner reads them in full.
    assert.equal(card.score_parts[3].label, 'Their contacts who click');
    const own = (await app.request('GET', `/analytics/user/${owner.user.id}`, { token: owner.token })).body;
    assert.equal(own.audience_score, card.audience_score);
    assert.deepEqual(own.score_parts.map((part: { points: number }) => part.points), card.score_parts.map((part: { points: number }) => part.points));
    // The owner's only contact clicked a link the owner tracked by hand, which Crossfeed never delivered.
    assert.equal(own.score_parts[3].detail, 'Your only contact has not clicked a link sent to them yet.');
    const profile = await app.request('POST', '/profiles/', {
      token: owner.token,
      json: { name: 'Owner', bio: 'Engines.', categories: ['Technology'], interests: ['Cloud Computing'], content_type: 'article' },
    });
    assert.equal(profile.status, 201, profile.text);
    assert.equal(profile.body.profile.audience_score, card.audience_score);
    assert.equal((await app.request('GET', '/auth/me', { token: owner.token })).body.profile.audience_score, card.audience_score);
    assert.equal((await app.request('GET', `/profiles/${owner.user.id}`, { token: sharer.token })).body.audience_score, card.audience_score);
    // Matching's input: the pool entries of the owner's content carry the same score.
    await eventually(async () => {
      const pools = await app.ctx.readStore.collection<MatchPoolDoc>(MATCH_POOLS).find({ 'entries.id': contentId });
      const entries = pools.flatMap((pool) => pool.entries.filter((entry) => entry.id === contentId));
      assert.ok(entries.length > 0, 'the content is in a match pool');
      for (const entry of entries) assert.equal(entry.creatorAudienceScore, card.audience_score);
    });
  });
});
