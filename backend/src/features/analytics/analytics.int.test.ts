import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { isShortCode } from '@crossfeed/domain/content/content-links.decider.ts';
import type { LinkClicked } from '@crossfeed/domain/content/content.events.ts';
import { contentStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { submitPromoted } from '../content/content.fixtures.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { reserve, settle } from '../../api/execute.ts';
import { claimShortCode } from '@crossfeed/platform/reservations/reservations.ts';
import { CLICKS_PER_VISITOR_PER_MINUTE } from './links.routes.ts';
import { eventually } from '../../testing/eventually.ts';
import { unauthorizedChecks } from '../../testing/unauthorized-checks.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let app: TestApp;
before(async () => {
  app = await startTestApp({ PUBLIC_URL: 'https://crossfeed.example' });
});
after(() => app.close());

interface Content {
  id: string;
  url: string;
  enhanced_url: string | null;
  links: { short_code: string }[];
  short_link_clicks: number;
  conversions_count: number;
  share_count: number;
}

async function submit(session: Session, url = 'https://example.com/post'): Promise<Content> {
  const response = await app.request('POST', '/content/', {
    token: session.token,
    json: { title: 'A post', description: 'About engines', url, content_type: 'article', categories: ['technology'] },
  });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

/** A Premium creator whose address is confirmed (an unconfirmed account e-mails 5 people a day at most). */
async function premium(): Promise<Session> {
  const session = await app.register();
  await app.grantPremium(session.user.id);
  await app.confirmEmail(session);
  return session;
}

async function contentOf(session: Session, id: string): Promise<Content> {
  const response = await app.request('GET', `/content/${id}/`, { token: session.token });
  assert.equal(response.status, 200, response.text);
  return response.body;
}

async function shortLink(session: Session, contentId: string): Promise<string> {
  const response = await app.request('POST', '/links/', { token: session.token, json: { content_id: contentId } });
  assert.equal(response.status, 201, response.text);
  return response.body.short_code;
}

async function addContact(session: Session, email: string): Promise<string> {
  const response = await app.request('POST', '/contacts/', { token: session.token, json: { name: 'Friend', email } });
  assert.equal(response.status, 201, response.text);
  return response.body.id;
}

async function clicksOf(contentId: string): Promise<LinkClicked['data'][]> {
  const events = await app.ctx.eventStore.readStream(contentStream(contentId));
  return events.filter((event) => event.type === 'LinkClicked').map((event) => event.data as LinkClicked['data']);
}

/** A request without any User-Agent header (fetch always sends one). */
function rawGet(path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.url}${path}`, { method: 'GET' }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    request.on('error', reject);
    request.end();
  });
}

const expectUnauthorized = unauthorizedChecks(() => app);

describe('POST /links/', () => {
  test('gives a Premium owner a short link on the content', async () => {
    const owner = await premium();
    const content = await submit(owner);
    const response = await app.request('POST', '/links/', { token: owner.token, json: { content_id: content.id } });
    assert.equal(response.status, 201);
    const code = response.body.short_code;
    assert.ok(isShortCode(code), code);
    assert.deepEqual(response.body, { short_code: code, url: `https://crossfeed.example/links/${code}`, content_id: content.id });
    assert.deepEqual((await contentOf(owner, content.id)).links, [{ short_code: code }]);
  });

  test('refuses a Free owner with the Premium message', async () => {
    const owner = await app.register();
    const content = await submit(owner);
    const response = await app.request('POST', '/links/', { token: owner.token, json: { content_id: content.id } });
    assert.equal(response.status, 403);
    assert.equal(response.body.detail, 'Short links are a Premium feature.');
    assert.deepEqual((await contentOf(owner, content.id)).links, []);
  });

  test('answers 404 for another user\'s or unknown content', async () => {
    const [owner, other] = [await premium(), await premium()];
    const content = await submit(owner);
    for (const contentId of [content.id, 'no-such-content']) {
      const response = await app.request('POST', '/links/', { token: other.token, json: { content_id: contentId } });
      assert.equal(response.status, 404);
      assert.equal(response.body.detail, 'Content not found.');
    }
    assert.deepEqual((await contentOf(owner, content.id)).links, []);
  });

  test('refuses a missing content id or unknown fields', async () => {
    const owner = await premium();
    for (const json of [{}, { content_id: '' }, { content_id: 5 }, { content_id: 'x', short_code: 'mine123' }]) {
      const response = await app.request('POST', '/links/', { token: owner.token, json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.equal(typeof response.body.detail, 'string');
    }
  });

  test('draws another code when the first one is taken', async () => {
    await reserve(app.ctx, 'short-code', 'taken22', 'content:someone', 'taken');
    const codes = ['taken22', 'fresh22'];
    const code = await claimShortCode(app.ctx.eventStore, 'k1', new Date().toISOString(), () => codes.shift() ?? 'never22');
    assert.equal(code, 'fresh22');
  });

  test('needs a valid token', async () => {
    await expectUnauthorized('POST', '/links/', { json: { content_id: 'x' } });
  });
});

describe('GET /links/{short_code}', () => {
  test('redirects a person to the content and counts the click, attributed to the owner\'s contact', async () => {
    const owner = await premium();
    const content = await submit(owner, 'https://example.com/post?ref=1');
    const code = await shortLink(owner, content.id);
    const contactId = await addContact(owner, 'friend@example.com');
    const response = await app.request('GET', `/links/${code}?c=${contactId}`, { headers: { 'user-agent': BROWSER } });
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), 'https://example.com/post?ref=1');
    await eventually(async () => assert.equal((await contentOf(owner, content.id)).short_link_clicks, 1));
    const [click] = await clicksOf(content.id);
    assert.equal(click?.human, true);
    assert.equal(click?.contactId, contactId);
    assert.equal(click?.botReason, null);
  });

  test('does not attribute a click to a contact of someone else', async () => {
    const [owner, other] = [await premium(), await app.register()];
    const content = await submit(owner);
    const code = await shortLink(owner, content.id);
    const foreignContact = await addContact(other, 'theirs@example.com');
    const response = await app.request('GET', `/links/${code}/?c=${foreignContact}`, { headers: { 'user-agent': BROWSER } });
    assert.equal(response.status, 302);
    assert.equal((await clicksOf(content.id))[0]?.contactId, null);
  });

  test('records bots, scripts, requests without a user agent and HEAD requests, but not as human clicks', async () => {
    const owner = await premium();
    const content = await submit(owner);
    const code = await shortLink(owner, content.id);
    const bot = await app.request('GET', `/links/${code}`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    assert.equal(bot.status, 302);
    const curl = await app.request('GET', `/links/${code}`, { headers: { 'user-agent': 'curl/8.5.0' } });
    assert.equal(curl.status, 302);
    const head = await app.request('HEAD', `/links/${code}`, { headers: { 'user-agent': BROWSER } });
    assert.equal(head.status, 302);
    assert.equal(head.headers.get('location'), content.url);
    const anonymous = await rawGet(`/links/${code}`);
    assert.equal(anonymous.status, 302);
    assert.equal(anonymous.location, content.url);

    await eventually(async () => {
      const doc = await app.ctx.readStore.collection('contents').findOne({ _id: content.id });
      assert.equal(doc?.bot_clicks, 4);
    });
    assert.equal((await contentOf(owner, content.id)).short_link_clicks, 0);
    const clicks = await clicksOf(content.id);
    assert.deepEqual(clicks.map((click) => click.human), [false, false, false, false]);
    assert.equal(clicks[2]?.botReason, 'HEAD request');
    assert.equal(clicks[3]?.botReason, 'missing user agent');
    assert.ok(clicks.every((click) => typeof click.botReason === 'string' && click.botReason.length > 0));
  });

  test('keeps redirecting a visitor past the click limit but stops recording their clicks', async () => {
    const owner = await premium();
    const content = await submit(owner);
    const code = await shortLink(owner, content.id);
    for (let i = 0; i < CLICKS_PER_VISITOR_PER_MINUTE + 3; i++) {
      const response = await app.request('GET', `/links/${code}`, { headers: { 'user-agent': BROWSER } });
      assert.equal(response.status, 302);
    }
    assert.equal((await clicksOf(content.id)).length, CLICKS_PER_VISITOR_PER_MINUTE);
  });

  test('answers 404 for unknown or malformed codes', async () => {
    for (const code of ['zzzzzzz', 'nope', 'bad%20code', 'ABCDEFG1']) {
      const response = await app.request('GET', `/links/${code}`, { headers: { 'user-agent': BROWSER } });
      assert.equal(response.status, 404, code);
      assert.equal(response.body.detail, 'Link not found.');
    }
  });

  test('never redirects to a javascript: url, even one already stored', async () => {
    const owner = await premium();
    const content = await submit(owner);
    const code = await shortLink(owner, content.id);
    // Data that skipped the submission checks (an old import, a bug): the redirect checks again.
    const { position } = await app.ctx.eventStore.append(userStream(owner.user.id), [
      {
        type: 'ContentSubmitted',
        data: {
          contentId: content.id,
          userId: owner.user.id,
          username: owner.user.username,
          requiredShares: 5,
          submittedAt: new Date().toISOString(),
          title: 'Evil',
          description: '',
          url: 'javascript:alert(document.cookie)',
          contentType: 'article',
          categories: ['technology'],
        },
      },
    ]);
    await settle(app.ctx, position);
    const response = await app.request('GET', `/links/${code}`, { headers: { 'user-agent': BROWSER } });
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('location'), null);
    assert.deepEqual(await clicksOf(content.id), []);
  });

  test('stops resolving once the content is deleted', async () => {
    const owner = await premium();
    const content = await submit(owner);
    const code = await shortLink(owner, content.id);
    const deleted = await app.request('DELETE', `/content/${content.id}/`, { token: owner.token });
    assert.equal(deleted.status, 200, deleted.text);
    const response = await app.request('GET', `/links/${code}`, { headers: { 'user-agent': BROWSER } });
    assert.equal(response.status, 404);
  });
});

describe('POST /content/{id}/enhance/', () => {
  test('adds a short link and the campaign parameters, keeping the url\'s own query', async () => {
    const owner = await premium();
    const content = await submit(owner, 'https://example.com/post?lang=en');
    const response = await app.request('POST', `/content/${content.id}/enhance/`, { token: owner.token });
    assert.equal(response.status, 200, response.text);
    const [link] = response.body.links;
    assert.ok(link && isShortCode(link.short_code));
    assert.equal(response.body.id, content.id);
    assert.equal(response.body.url, 'https://example.com/post?lang=en');
    assert.equal(
      response.body.enhanced_url,
      `https://example.com/post?lang=en&utm_source=crossfeed&utm_medium=share&utm_campaign=${link.short_code}`,
    );
    // The short link now sends people to the enhanced url, with their signed click for the conversion snippet.
    const redirect = await app.request('GET', `/links/${link.short_code}`, { headers: { 'user-agent': BROWSER } });
    const location = new URL(redirect.headers.get('location') ?? '');
    assert.match(location.searchParams.get('cf_click') ?? '', /^[\w-]+\.[\w-]+$/);
    location.searchParams.delete('cf_click');
    assert.equal(location.href, response.body.enhanced_url);
  });

  test('reuses the content\'s existing short link, also when enhanced again', async () => {
    const owner = await premium();
    const content = await submit(owner);
    const code = await shortLink(owner, content.id);
    for (let i = 0; i < 2; i++) {
      const response = await app.request('POST', `/content/${content.id}/enhance`, { token: owner.token, json: {} });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body.links, [{ short_code: code }]);
      assert.match(response.body.enhanced_url, new RegExp(`utm_campaign=${code}$`));
    }
  });

  test('refuses a Free owner, another user and a non-empty body', async () => {
    const free = await app.register();
    const mine = await submit(free);
    const refused = await app.request('POST', `/content/${mine.id}/enhance/`, { token: free.token });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.detail, 'Enhance link is a Premium feature.');
    const other = await premium();
    const foreign = await app.request('POST', `/content/${mine.id}/enhance/`, { token: other.token });
    assert.equal(foreign.status, 404);
    const owner = await premium();
    const content = await submit(owner);
    const withBody = await app.request('POST', `/content/${content.id}/enhance/`, { token: owner.token, json: { url: 'https://evil.example' } });
    assert.equal(withBody.status, 400);
    assert.equal((await contentOf(owner, content.id)).enhanced_url, null);
    assert.equal((await contentOf(free, mine.id)).enhanced_url, null);
  });

  test('needs a valid token', async () => {
    await expectUnauthorized('POST', '/content/some-id/enhance/');
  });
});

describe('conversions', () => {
  test('the owner records conversions, lists them and reads per-content metrics', async () => {
    const owner = await premium();
    const [first, second] = [await submit(owner), await submit(owner)];
    const code = await shortLink(owner, first.id);
    const contactId = await addContact(owner, 'buyer@example.com');
    app.setNow('2026-11-21T10:00:00.000Z');
    const recorded = await app.request('POST', '/conversions/', {
      token: owner.token,
      json: { content_id: first.id, contact_id: contactId, short_code: code, kind: 'purchase', value: 12.5 },
    });
    app.setNow(undefined);
    assert.equal(recorded.status, 201, recorded.text);
    assert.deepEqual(recorded.body, {
      id: recorded.body.id,
      content_id: first.id,
      contact_id: contactId,
      short_code: code,
      kind: 'purchase',
      value: 12.5,
      created_at: '2026-11-21T10:00:00.000Z',
    });
    const plain = await app.request('POST', '/conversions', { token: owner.token, json: { content_id: first.id } });
    assert.equal(plain.status, 201);
    assert.equal(plain.body.kind, 'conversion');
    assert.equal(plain.body.value, 0);

    const list = await app.request('GET', '/conversions/', { token: owner.token });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.map((c: { id: string }) => c.id).sort(), [recorded.body.id, plain.body.id].sort());

    const other = await app.register();
    const theirs = await submit(other);
    const metrics = await app.request('GET', `/conversions/content/metrics?content_ids=${first.id},${second.id}&content_ids=${theirs.id}`, {
      token: owner.token,
    });
    assert.equal(metrics.status, 200);
    assert.deepEqual(metrics.body, { [first.id]: { conversions: 2, value: 12.5 }, [second.id]: { conversions: 0, value: 0 } });
    assert.equal((await contentOf(owner, first.id)).conversions_count, 2);
    assert.deepEqual((await app.request('GET', '/conversions/', { token: other.token })).body, []);
  });

  test('refuses invalid conversions and conversions on another user\'s content', async () => {
    const [owner, other] = [await premium(), await app.register()];
    const content = await submit(owner);
    const foreignContact = await addContact(other, 'x@example.com');
    const cases: [unknown, number, RegExp][] = [
      [{}, 400, /content_id/],
      [{ content_id: content.id, value: -1 }, 400, /value/],
      [{ content_id: content.id, value: '3' }, 400, /value/],
      [{ content_id: content.id, kind: '' }, 400, /kind/],
      [{ content_id: content.id, contact_id: foreignContact }, 400, /contact_id/],
      [{ content_id: content.id, short_code: 'abc2345' }, 400, /short_code/],
      [{ content_id: content.id, owner_id: other.user.id }, 400, /owner_id/],
    ];
    for (const [json, status, detail] of cases) {
      const response = await app.request('POST', '/conversions/', { token: owner.token, json });
      assert.equal(response.status, status, JSON.stringify(json));
      assert.match(response.body.detail, detail);
    }
    const foreign = await app.request('POST', '/conversions/', { token: other.token, json: { content_id: content.id } });
    assert.equal(foreign.status, 404);
    assert.equal((await contentOf(owner, content.id)).conversions_count, 0);
  });

  test('metrics need content ids', async () => {
    const owner = await app.register();
    const response = await app.request('GET', '/conversions/content/metrics', { token: owner.token });
    assert.equal(response.status, 400);
    assert.match(response.body.detail, /content_ids/);
  });

  test('need a valid token', async () => {
    await expectUnauthorized('POST', '/conversions/', { json: { content_id: 'x' } });
    await expectUnauthorized('GET', '/conversions/');
    await expectUnauthorized('GET', '/conversions/content/metrics?content_ids=x');
  });
});

describe('POST /analytics/', () => {
  test('answers shares, human short-link clicks and conversions for the caller\'s own content only', async () => {
    const [owner, sharer, other] = [await premium(), await app.register(), await app.register()];
    const content = await submit(owner);
    const quiet = await submit(owner);
    const theirs = await submit(other);
    const contactId = await addContact(sharer, 'audience@example.com');
    const shared = await app.request('POST', `/content/${content.id}/share/`, { token: sharer.token, json: { contact_ids: [contactId] } });
    assert.equal(shared.status, 200, shared.text);
    const code = await shortLink(owner, content.id);
    await app.request('GET', `/links/${code}`, { headers: { 'user-agent': BROWSER } });
    await app.request('GET', `/links/${code}`, { headers: { 'user-agent': 'curl/8.5.0' } });
    await app.request('POST', '/conversions/', { token: owner.token, json: { content_id: content.id, value: 3 } });

    await eventually(async () => {
      const response = await app.request('POST', '/analytics/', {
        token: owner.token,
        json: { content_ids: [content.id, quiet.id, theirs.id, 'unknown'] },
      });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, {
        [content.id]: { shares: 1, short_link_clicks: 1, unique_clicks: 1, conversions: 1 },
        [quiet.id]: { shares: 0, short_link_clicks: 0, unique_clicks: 0, conversions: 0 },
      });
    });
  });

  test('refuses a body without a list of ids', async () => {
    const owner = await app.register();
    for (const json of [{}, { content_ids: 'abc' }, { content_ids: [1, 2] }, { content_ids: [], extra: true }]) {
      const response = await app.request('POST', '/analytics', { token: owner.token, json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.equal(typeof response.body.detail, 'string');
    }
    const empty = await app.request('POST', '/analytics', { token: owner.token, json: { content_ids: [] } });
    assert.deepEqual(empty.body, {});
  });

  test('needs a valid token', async () => {
    await expectUnauthorized('POST', '/analytics/', { json: { content_ids: [] } });
  });
});

describe('GET /analytics/user/{id}', () => {
  test('sums the creator\'s shares and counts the contents that reached their required shares', async () => {
    const [creator, sharer, viewer] = [await app.register(), await premium(), await app.register()];
    const promoted = await submit(creator);
    const started = await submitPromoted(app, creator, { title: 'A post', description: 'About engines' });
    // Seven delivered shares: each reaches a contact who has not had that content (docs/exchange.md).
    const contactIds: string[] = [];
    for (let i = 0; i < 7; i++) contactIds.push(await addContact(sharer, `reader${i}@example.com`));
    const share = (id: string, i: number) => app.request('POST', `/content/${id}/share/`, { token: sharer.token, json: { contact_ids: [contactIds[i]] } });
    for (let i = 0; i < 5; i++) assert.equal((await share(promoted.id, i)).status, 200);
    for (let i = 5; i < 7; i++) assert.equal((await share(started.id, i)).status, 200);

    const response = await app.request('GET', `/analytics/user/${creator.user.id}`, { token: viewer.token });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { audience_score: null, score_parts: [], total_content_shares: 7, successful_cross_promotions: 1, total_views: 0 });

    // Deleted content no longer counts.
    await app.request('DELETE', `/content/${promoted.id}/`, { token: creator.token });
    const after = await app.request('GET', `/analytics/user/${creator.user.id}/`, { token: creator.token });
    assert.deepEqual(after.body, { audience_score: null, score_parts: [], total_content_shares: 2, successful_cross_promotions: 0, total_views: 0 });
  });

  test('counts as views the people\'s clicks on the short links of the creator\'s live content, not bots\'', async () => {
    const [creator, viewer] = [await premium(), await app.register()];
    const [first, second] = [await submit(creator), await submit(creator)];
    const [firstCode, secondCode] = [await shortLink(creator, first.id), await shortLink(creator, second.id)];
    for (const code of [firstCode, firstCode, secondCode]) {
      assert.equal((await app.request('GET', `/links/${code}`, { headers: { 'user-agent': BROWSER } })).status, 302);
    }
    assert.equal((await app.request('GET', `/links/${secondCode}`, { headers: { 'user-agent': 'Googlebot/2.1' } })).status, 302);
    const views = async () => (await app.request('GET', `/analytics/user/${creator.user.id}`, { token: viewer.token })).body.total_views;
    await eventually(async () => assert.equal(await views(), 3));

    await app.request('DELETE', `/content/${first.id}/`, { token: creator.token });
    assert.equal(await views(), 1);
  });

  test('answers the creator\'s audience score once it is computed', async () => {
    const [creator, viewer] = [await app.register(), await app.register()];
    const profile = await app.request('POST', '/profiles/', {
      token: creator.token,
      json: { name: 'Ada', bio: 'Engines.', categories: ['Technology'], interests: ['Cloud Computing'] },
    });
    assert.equal(profile.status, 201, profile.text);
    // What the audience-score worker writes into its read model.
    const parts = [{ key: 'share_completion', label: 'Shares your content received', points: 40, max: 40, detail: 'Full.' }];
    await app.ctx.readStore.collection('audience_scores').upsert({ _id: creator.user.id }, { $set: { score: 72.5, parts, updated_at: '2026-01-01T00:00:00.000Z' } });
    const response = await app.request('GET', `/analytics/user/${creator.user.id}`, { token: viewer.token });
    assert.deepEqual(response.body, {
      audience_score: 72.5,
      score_parts: [{ key: 'share_completion', label: 'Shares their content received', points: 40, max: 40, detail: 'How close their items are to the shares they ask for.' }],
      total_content_shares: 0,
      successful_cross_promotions: 0,
      total_views: 0,
    });
    // The creator reads their own parts, counts included.
    assert.deepEqual((await app.request('GET', `/analytics/user/${creator.user.id}`, { token: creator.token })).body.score_parts, parts);
    // The same number on the creator's own profile, and on the public profile.
    assert.equal((await app.request('GET', '/auth/me', { token: creator.token })).body.profile.audience_score, 72.5);
    assert.equal((await app.request('GET', `/profiles/${creator.user.id}`, { token: viewer.token })).body.audience_score, 72.5);
  });

  test('answers 404 for an unknown user', async () => {
    const viewer = await app.register();
    const response = await app.request('GET', '/analytics/user/no-such-user', { token: viewer.token });
    assert.equal(response.status, 404);
    assert.equal(response.body.detail, 'User not found.');
  });

  test('needs a valid token', async () => {
    const creator = await app.register();
    await expectUnauthorized('GET', `/analytics/user/${creator.user.id}`);
  });
});
