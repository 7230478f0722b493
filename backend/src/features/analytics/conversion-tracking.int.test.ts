import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { assertRequiresAuth, submitContent } from '../content/content.fixtures.ts';
import { TRACKED_CONVERSIONS_PER_IP_PER_MINUTE } from './conversion-tracking.routes.ts';

/** Conversions reported by the creator's own site with the content's tracking token. */
let app: TestApp;
before(async () => {
  app = await startTestApp({ PUBLIC_URL: 'https://crossfeed.example' });
});
after(() => app.close());

interface Snippet {
  content_id: string;
  token: string;
  endpoint: string;
  snippet: string;
}

async function snippetOf(session: Session, contentId: string): Promise<Snippet> {
  const response = await app.request('GET', `/content/${contentId}/conversion-snippet/`, { token: session.token });
  assert.equal(response.status, 200, response.text);
  return response.body;
}
/** Conversion tracking is Premium (Custom Link Tracking). */
async function premiumOwner(): Promise<Session> {
  const owner = await app.register();
  await app.grantPremium(owner.user.id);
  return owner;
}
const track = (json: unknown) => app.request('POST', '/track/conversion', { json });
const streamLength = async (contentId: string) => (await app.ctx.eventStore.readStream(contentStream(contentId))).length;
const conversionsOf = async (session: Session) => (await app.request('GET', '/conversions/', { token: session.token })).body as Record<string, unknown>[];

describe('conversion tracking from the creator\'s site', () => {
  test('a Free owner is told conversion tracking is Premium (the pricing page lists it under Custom Link Tracking)', async () => {
    const owner = await app.register();
    const content = await submitContent(app, owner);
    for (const [method, path] of [['GET', `/content/${content.id}/conversion-snippet/`], ['POST', `/content/${content.id}/conversion-snippet/rotate`]] as const) {
      const response = await app.request(method, path, { token: owner.token });
      assert.equal(response.status, 403, path);
      assert.deepEqual(response.body, { detail: 'Conversion tracking is a Premium feature.' });
    }
  });

  test('the owner gets a token and a snippet; others get 404, no token 401', async () => {
    const owner = await premiumOwner();
    const other = await app.register();
    const content = await submitContent(app, owner);
    await assertRequiresAuth(app, 'GET', `/content/${content.id}/conversion-snippet/`, owner.user.id);
    const snippet = await snippetOf(owner, content.id);
    assert.equal(snippet.endpoint, 'https://crossfeed.example/track/conversion');
    assert.ok(snippet.token.startsWith(`${content.id}.`));
    assert.ok(snippet.token.length >= content.id.length + 40, 'a 256-bit HMAC follows the content id');
    assert.ok(snippet.snippet.includes(JSON.stringify(snippet.token)));
    assert.ok(snippet.snippet.includes(JSON.stringify(snippet.endpoint)));
    assert.deepEqual(await snippetOf(owner, content.id), snippet, 'the same token until it is rotated');
    const foreign = await app.request('GET', `/content/${content.id}/conversion-snippet/`, { token: other.token });
    assert.equal(foreign.status, 404);
    const rotateForeign = await app.request('POST', `/content/${content.id}/conversion-snippet/rotate`, { token: other.token });
    assert.equal(rotateForeign.status, 404);
  });

  test('a valid token records a conversion that reaches the conversions and the content; without a click it is not verified', async () => {
    const owner = await premiumOwner();
    const content = await submitContent(app, owner);
    const link = await app.request('POST', '/links/', { token: owner.token, json: { content_id: content.id } });
    assert.equal(link.status, 201, link.text);
    const contact = await app.request('POST', '/contacts/', { token: owner.token, json: { name: 'Ada', email: 'ada@example.com' } });
    const before = (await app.request('GET', '/contacts/', { token: owner.token })).body[0].audience_score;
    const { token } = await snippetOf(owner, content.id);

    const recorded = await track({ token, short_code: link.body.short_code.toUpperCase(), contact_id: contact.body.id, kind: 'signup', value: 12.5 });
    assert.equal(recorded.status, 201, recorded.text);
    assert.equal(recorded.headers.get('access-control-allow-origin'), '*');
    const [conversion] = await conversionsOf(owner);
    assert.equal(conversion?.content_id, content.id);
    assert.equal(conversion?.short_code, link.body.short_code);
    assert.equal(conversion?.contact_id, contact.body.id);
    assert.equal(conversion?.kind, 'signup');
    assert.equal(conversion?.value, 12.5);
    const after = (await app.request('GET', `/content/${content.id}/`, { token: owner.token })).body;
    assert.equal(after.conversions_count, 1);
    // No counted click came with it, and Crossfeed never e-mailed this contact: their score does not move.
    const score = (await app.request('GET', '/contacts/', { token: owner.token })).body[0].audience_score;
    assert.equal(score, before);

    // As the snippet sends it: text/plain JSON, another campaign (unattributed), an unknown contact (unattributed).
    const plain = await app.request('POST', '/track/conversion', {
      body: JSON.stringify({ token, short_code: 'spring-sale', contact_id: 'nobody' }),
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(plain.status, 201, plain.text);
    const latest = (await conversionsOf(owner)).find((item) => item.id === plain.body.id);
    assert.equal(latest?.short_code, null);
    assert.equal(latest?.contact_id, null);
    assert.equal(latest?.kind, 'conversion');

    const preflight = await app.request('OPTIONS', '/track/conversion', { headers: { origin: 'https://creator.example', 'access-control-request-method': 'POST' } });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  });

  test('a wrong or unknown token is refused with 403 and writes nothing; bad input is a 400', async () => {
    const owner = await premiumOwner();
    const content = await submitContent(app, owner);
    const { token } = await snippetOf(owner, content.id);
    const length = await streamLength(content.id);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const wrong of [tampered, `${content.id}.`, `nope.${token.split('.')[1]}`, 'no-dot']) {
      const response = await track({ token: wrong });
      assert.equal(response.status, 403, wrong);
      assert.equal(response.body.detail, 'Invalid or rotated tracking token.');
    }
    for (const json of [{}, { token, value: -1 }, { token, kind: '' }, { token, extra: 1 }]) {
      const response = await track(json);
      assert.equal(response.status, 400, JSON.stringify(json));
    }
    const notJson = await app.request('POST', '/track/conversion', { body: '{oops', headers: { 'content-type': 'text/plain' } });
    assert.equal(notJson.status, 400);
    assert.equal(await streamLength(content.id), length);
    assert.deepEqual(await conversionsOf(owner), []);
  });

  test('rotating the token stops the old one and the new one works', async () => {
    const owner = await premiumOwner();
    const content = await submitContent(app, owner);
    const old = await snippetOf(owner, content.id);
    assert.equal((await track({ token: old.token })).status, 201);
    const rotated = await app.request('POST', `/content/${content.id}/conversion-snippet/rotate/`, { token: owner.token });
    assert.equal(rotated.status, 200, rotated.text);
    assert.notEqual(rotated.body.token, old.token);
    assert.deepEqual(await snippetOf(owner, content.id), rotated.body);
    const length = await streamLength(content.id);
    const refused = await track({ token: old.token });
    assert.equal(refused.status, 403);
    assert.equal(await streamLength(content.id), length);
    assert.equal((await track({ token: rotated.body.token })).status, 201);
    assert.equal((await conversionsOf(owner)).length, 2);
  });

  test('a deleted content\'s token stops working', async () => {
    const owner = await premiumOwner();
    const content = await submitContent(app, owner);
    const { token } = await snippetOf(owner, content.id);
    assert.equal((await app.request('DELETE', `/content/${content.id}/`, { token: owner.token })).status, 200);
    assert.equal((await track({ token })).status, 403);
  });

  // Last: it spends this client's allowance for the minute.
  test(`one client address may report at most ${TRACKED_CONVERSIONS_PER_IP_PER_MINUTE} conversions a minute`, async () => {
    const owner = await premiumOwner();
    const content = await submitContent(app, owner);
    const { token } = await snippetOf(owner, content.id);
    let refused = null;
    for (let i = 0; i <= TRACKED_CONVERSIONS_PER_IP_PER_MINUTE && !refused; i++) {
      const response = await track({ token });
      if (response.status === 429) refused = response;
      else assert.equal(response.status, 201, response.text);
    }
    assert.ok(refused, 'a 429 came within the allowance');
    assert.match(refused.body.detail, /Too many conversions/);
    const length = await streamLength(content.id);
    assert.equal((await track({ token })).status, 429);
    assert.equal(await streamLength(content.id), length);
  });
});
