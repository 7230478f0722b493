import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { API_TOKEN_REQUESTS_PER_MINUTE, API_TOKENS_LIVE_MAX } from '@crossfeed/domain/api-tokens/api-token.rules.ts';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@crossfeed/domain/rules/api-token-scopes.ts';
import { apiTokensStream } from '@crossfeed/domain/shared/streams.ts';
import { API_TOKENS, type ApiTokenDoc } from '@crossfeed/projections/api-tokens/api-tokens.projection.ts';
import { socketIdentityVerifier } from '../../api/socket-identity.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { addContacts, submitContent } from '../content/content.fixtures.ts';

/** Personal API tokens over HTTP: POST/GET/DELETE /api/tokens, and what a token may then call. */
let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

async function createToken(session: Session, scopes: readonly string[], name = 'CI'): Promise<{ id: string; token: string; hint: string }> {
  const created = await app.request('POST', '/api/tokens', { token: session.token, json: { name, scopes } });
  assert.equal(created.status, 201, created.text);
  return created.body;
}

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('POST /api/tokens', () => {
  test('creates a token whose secret is shown once: cf_ and 32 random bytes, its hint the first 7 characters', async () => {
    const ada = await app.register();
    const created = await app.request('POST', '/api/tokens', { token: ada.token, json: { name: '  Deploy bot ', scopes: ['content:read', 'contacts:read', 'content:read'] } });
    assert.equal(created.status, 201, created.text);
    assert.match(created.body.token, /^cf_[A-Za-z0-9_-]{43}$/);
    assert.equal(created.body.hint, created.body.token.slice(0, 7));
    assert.equal(created.body.name, 'Deploy bot');
    assert.deepEqual(created.body.scopes, ['content:read', 'contacts:read']);
    assert.deepEqual(Object.keys(created.body).sort(), ['created_at', 'hint', 'id', 'name', 'scopes', 'token']);

    const list = await app.request('GET', '/api/tokens', { token: ada.token });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body, [{ id: created.body.id, name: 'Deploy bot', scopes: ['content:read', 'contacts:read'], hint: created.body.hint, created_at: created.body.created_at, last_used_at: null }]);
    assert.ok(!list.text.includes(created.body.token), 'the list never shows the secret');
  });

  test('lists the newest first, and only the caller\'s live tokens', async () => {
    const ada = await app.register();
    const other = await app.register();
    await createToken(other, ['content:read'], 'Theirs');
    app.setNow('2026-11-29T10:00:00.000Z');
    const first = await createToken(ada, ['content:read'], 'First');
    app.setNow('2026-11-29T10:01:00.000Z');
    const second = await createToken(ada, ['content:read'], 'Second');
    app.setNow('2026-11-29T10:02:00.000Z');
    const third = await createToken(ada, ['content:read'], 'Third');
    app.setNow(undefined);
    assert.equal((await app.request('DELETE', `/api/tokens/${second.id}`, { token: ada.token })).status, 204);
    const list = await app.request('GET', '/api/tokens', { token: ada.token });
    assert.deepEqual(
      list.body.map((token: { id: string }) => token.id),
      [third.id, first.id],
    );
  });

  test('refuses a missing name, an unknown scope, no scope and unknown fields with 400 { detail }', async () => {
    const ada = await app.register();
    const cases: unknown[] = [
      { scopes: ['content:read'] },
      { name: '   ', scopes: ['content:read'] },
      { name: 'x'.repeat(51), scopes: ['content:read'] },
      { name: 'CI', scopes: ['content:read', 'admin'] },
      { name: 'CI', scopes: [] },
      { name: 'CI' },
      { name: 'CI', scopes: ['content:read'], hash: 'mine' },
    ];
    for (const json of cases) {
      const response = await app.request('POST', '/api/tokens', { token: ada.token, json });
      assert.equal(response.status, 400, `${JSON.stringify(json)} → ${response.text}`);
      assert.equal(typeof response.body.detail, 'string');
    }
    const unknown = await app.request('POST', '/api/tokens', { token: ada.token, json: { name: 'CI', scopes: ['everything'] } });
    assert.match(unknown.body.detail, /Unknown scope/);
  });

  test(`refuses the ${API_TOKENS_LIVE_MAX + 1}st live token with 409; revoking one makes room`, async () => {
    const ada = await app.register();
    const made = [];
    for (let i = 0; i < API_TOKENS_LIVE_MAX; i++) made.push(await createToken(ada, ['content:read'], `Token ${i}`));
    const refused = await app.request('POST', '/api/tokens', { token: ada.token, json: { name: 'One more', scopes: ['content:read'] } });
    assert.equal(refused.status, 409, refused.text);
    assert.match(refused.body.detail, /already have 20 API tokens/);
    assert.equal((await app.request('DELETE', `/api/tokens/${made[0]?.id}`, { token: ada.token })).status, 204);
    await createToken(ada, ['content:read'], 'One more');
  });

  test('requires a session', async () => {
    const response = await app.request('POST', '/api/tokens', { json: { name: 'CI', scopes: ['content:read'] } });
    assert.equal(response.status, 401);
  });
});

describe('DELETE /api/tokens/{id}', () => {
  test('a revoked token answers 401 on its very next request; revoking again is 204', async () => {
    const ada = await app.register();
    const { id, token } = await createToken(ada, ['content:read']);
    assert.equal((await app.request('GET', '/content', { token })).status, 200);
    assert.equal((await app.request('DELETE', `/api/tokens/${id}`, { token: ada.token })).status, 204);
    const refused = await app.request('GET', '/content', { token });
    assert.equal(refused.status, 401, refused.text);
    assert.equal(refused.body.detail, 'Invalid or revoked API token.');
    assert.equal((await app.request('DELETE', `/api/tokens/${id}`, { token: ada.token })).status, 204);
    assert.deepEqual((await app.request('GET', '/api/tokens', { token: ada.token })).body, []);
  });

  test("another user's token and an unknown id are 404, and the token keeps working", async () => {
    const ada = await app.register();
    const ben = await app.register();
    const { id, token } = await createToken(ada, ['content:read']);
    for (const target of [id, 'no-such-token']) {
      const response = await app.request('DELETE', `/api/tokens/${target}`, { token: ben.token });
      assert.equal(response.status, 404, response.text);
      assert.equal(response.body.detail, 'API token not found.');
    }
    assert.equal((await app.request('GET', '/content', { token })).status, 200);
  });

  test('an unknown or made-up cf_ secret is 401', async () => {
    const response = await app.request('GET', '/content', { token: 'cf_notarealtokennotarealtokennotarealtoken12' });
    assert.equal(response.status, 401);
    assert.equal(response.body.detail, 'Invalid or revoked API token.');
  });
});

describe('what a token may reach', () => {
  test("a token cannot read or change another creator's data", async () => {
    const ada = await app.register();
    const ben = await app.register();
    const adaContent = await submitContent(app, ada, { title: 'Ada only' });
    const [adaContact] = await addContacts(app, ada, 1);
    const { token } = await createToken(ben, [...API_TOKEN_SCOPES]);
    // Content any signed-in user may read (SPEC: visible content) reads the same with Ben's token as with his
    // session, and no more: the token adds nothing to what its owner may see.
    const asToken = await app.request('GET', `/content/${adaContent.id}`, { token });
    const asSession = await app.request('GET', `/content/${adaContent.id}`, { token: ben.token });
    assert.equal(asToken.status, asSession.status);
    assert.deepEqual(asToken.body, asSession.body);
    assert.equal((await app.request('POST', `/content/${adaContent.id}/pause`, { token })).status, 404);
    assert.equal((await app.request('DELETE', `/content/${adaContent.id}`, { token })).status, 404);
    const contacts = await app.request('GET', '/contacts', { token });
    assert.equal(contacts.status, 200, contacts.text);
    assert.ok(!contacts.text.includes(String(adaContact)), "Ada's contact is not listed");
    assert.equal((await app.request('DELETE', `/contacts/${adaContact}`, { token })).status, 404);
    const own = await app.request('GET', '/content', { token });
    assert.ok(!own.text.includes(adaContent.id));
    // Ada's data is untouched.
    assert.equal((await app.request('GET', `/content/${adaContent.id}`, { token: ada.token })).body.title, 'Ada only');
  });

  test("an admin's token cannot reach admin routes, whatever its scopes", async () => {
    const admin = await app.registerAdmin();
    const { token } = await createToken(admin, [...API_TOKEN_SCOPES]);
    for (const [method, path] of [
      ['GET', '/admin/analytics'],
      ['GET', '/admin/content'],
      ['GET', '/admin/subscriptions'],
      ['GET', '/flags'],
      ['POST', '/flags/bulk-delete'],
      ['POST', '/admin/replay'],
      ['POST', '/admin/queues/session'],
      ['GET', '/admin/queues/api/queues'],
    ] as const) {
      const response = await app.request(method, path, { token, json: method === 'GET' ? undefined : {} });
      assert.equal(response.status, 403, `${method} ${path} → ${response.text}`);
    }
    // The admin's session still reaches them.
    assert.equal((await app.request('GET', '/admin/analytics', { token: admin.token })).status, 200);
  });

  test('the stored value is a hash: neither the event log nor the read store holds the secret', async () => {
    const ada = await app.register();
    const { id, token } = await createToken(ada, ['content:read']);
    assert.equal((await app.request('GET', '/content', { token })).status, 200);
    const events = await app.ctx.eventStore.readAll({ limit: 1_000_000 });
    const raw = JSON.stringify(events.map((event) => ({ data: event.data, metadata: event.metadata })));
    assert.ok(raw.includes(id), 'the log does hold the token');
    assert.ok(!raw.includes(token), 'the log never holds the secret');
    assert.ok(!raw.includes(token.slice(3)), 'nor its random part');
    const docs = await app.ctx.readStore.collection<ApiTokenDoc>(API_TOKENS).find({});
    assert.ok(!JSON.stringify(docs).includes(token.slice(3)), 'the read model never holds the secret');
    const doc = docs.find((candidate) => candidate._id === id);
    assert.equal(doc?.hash, createHash('sha256').update(token).digest('hex'));
    assert.equal(doc?.hint, token.slice(0, 7));
  });

  test('last_used_at moves after a use, and a use is recorded at most once a minute', async () => {
    const ada = await app.register();
    const { id, token } = await createToken(ada, ['content:read']);
    const lastUsed = async () => ((await app.request('GET', '/api/tokens', { token: ada.token })).body as { id: string; last_used_at: string | null }[]).find((t) => t.id === id)?.last_used_at;
    assert.equal(await lastUsed(), null);
    app.setNow('2030-01-01T10:00:00.000Z');
    try {
      assert.equal((await app.request('GET', '/content', { token })).status, 200);
      assert.equal(await waitUntil(lastUsed, (value) => value === '2030-01-01T10:00:00.000Z', 'the first use'), '2030-01-01T10:00:00.000Z');
      app.setNow('2030-01-01T10:00:30.000Z');
      assert.equal((await app.request('GET', '/content', { token })).status, 200);
      app.setNow('2030-01-01T10:01:30.000Z');
      assert.equal((await app.request('GET', '/content', { token })).status, 200);
      assert.equal(await waitUntil(lastUsed, (value) => value === '2030-01-01T10:01:30.000Z', 'the later use'), '2030-01-01T10:01:30.000Z');
      const uses = (await app.ctx.eventStore.readStream(apiTokensStream(ada.user.id))).filter((event) => event.type === 'ApiTokenUsed');
      assert.deepEqual(
        uses.map((event) => (event.data as { usedAt: string }).usedAt),
        ['2030-01-01T10:00:00.000Z', '2030-01-01T10:01:30.000Z'],
      );
    } finally {
      app.setNow(undefined);
    }
  });

  test(`a token is rate limited to ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute: then 429 with Retry-After`, async () => {
    const ada = await app.register();
    const { token } = await createToken(ada, ['content:read']);
    const other = await createToken(ada, ['content:read']);
    let ok = 0;
    for (let sent = 0; sent < API_TOKEN_REQUESTS_PER_MINUTE; sent += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => app.request('GET', '/search/remaining', { token })));
      ok += batch.filter((response) => response.status === 200).length;
    }
    assert.equal(ok, API_TOKEN_REQUESTS_PER_MINUTE);
    const limited = await app.request('GET', '/search/remaining', { token });
    assert.equal(limited.status, 429, limited.text);
    assert.match(limited.body.detail, /Too many requests with this API token/);
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    // The limit is the token's, not the user's: another token and the session go on.
    assert.equal((await app.request('GET', '/search/remaining', { token: other.token })).status, 200);
    assert.equal((await app.request('GET', '/search/remaining', { token: ada.token })).status, 200);
  });

  test('a token with every scope cannot manage tokens, and cannot open a socket', async () => {
    const ada = await app.register();
    const { id, token } = await createToken(ada, [...API_TOKEN_SCOPES]);
    for (const [method, path] of [
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens'],
      ['DELETE', `/api/tokens/${id}`],
    ] as const) {
      const refused = await app.request(method, path, { token, json: method === 'POST' ? { name: 'Child', scopes: ['content:read'] } : undefined });
      assert.equal(refused.status, 403, `${method} ${path} → ${refused.text}`);
      assert.equal(refused.body.detail, 'This API token cannot call this route.');
    }
    assert.equal((await app.request('GET', '/api/tokens', { token: ada.token })).body.length, 1, 'nothing was created nor revoked');
    await assert.rejects(socketIdentityVerifier(app.ctx.tokens, app.ctx.readStore)(token));
    await socketIdentityVerifier(app.ctx.tokens, app.ctx.readStore)(ada.token);
  });

  test('a token lacking the scope a route takes is told which', async () => {
    const ada = await app.register();
    const { token } = await createToken(ada, ['content:read'] satisfies ApiTokenScope[]);
    const refused = await app.request('GET', '/contacts', { token });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.detail, "This API token lacks the 'contacts:read' scope.");
  });
});
