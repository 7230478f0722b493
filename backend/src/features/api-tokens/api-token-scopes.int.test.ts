import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@crossfeed/domain/rules/api-token-scopes.ts';
import { TOKEN_ROUTE_SCOPES } from '../../api/token-scopes.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { submitContent } from '../content/content.fixtures.ts';

/**
 * The token-scope table (backend/src/api/token-scopes.ts) held against the routes really served: every entry
 * opens its route to a token with that one scope and to no token without it, and the routes the table leaves
 * out (admin, account settings, billing, tokens, notifications) refuse a token with every scope.
 */
let app: TestApp;
let owner: Session;
let ownContentId: string;
const withOnly = new Map<ApiTokenScope, string>();
const withAllBut = new Map<ApiTokenScope, string>();
let withEvery: string;

async function createToken(scopes: readonly ApiTokenScope[]): Promise<string> {
  const created = await app.request('POST', '/api/tokens', { token: owner.token, json: { name: 'Table', scopes } });
  assert.equal(created.status, 201, created.text);
  return created.body.token;
}

before(async () => {
  app = await startTestApp();
  owner = await app.register();
  // Premium, so a Premium route answers for what the token may do, not for the tier.
  await app.grantPremium(owner.user.id);
  ownContentId = (await submitContent(app, owner, { title: 'Own item' })).id;
  for (const scope of API_TOKEN_SCOPES) {
    withOnly.set(scope, await createToken([scope]));
    withAllBut.set(scope, await createToken(API_TOKEN_SCOPES.filter((other) => other !== scope)));
  }
  withEvery = await createToken([...API_TOKEN_SCOPES]);
});
after(() => app.close());

/** A concrete path for a route: the caller's own content or user id where the route reads one, a made-up id elsewhere. */
function pathOf(route: string): string {
  return route
    .replace(/^\/analytics\/user\/:id/, `/analytics/user/${owner.user.id}`)
    .replace(/^\/content\/:id/, `/content/${ownContentId}`)
    .replace(/^\/analytics\/content\/:id/, `/analytics/content/${ownContentId}`)
    .replace(/:[A-Za-z]+/g, 'made-up-id');
}

const send = (method: string, route: string, token: string) =>
  app.request(method, pathOf(route), { token, json: method === 'GET' || method === 'DELETE' ? undefined : {} });

describe('TOKEN_ROUTE_SCOPES', () => {
  for (const [entry, scope] of Object.entries(TOKEN_ROUTE_SCOPES)) {
    const [method = '', route = ''] = entry.split(' ');
    test(`${entry} needs '${scope}'`, async () => {
      const refused = await send(method, route, withAllBut.get(scope) ?? '');
      assert.equal(refused.status, 403, `without '${scope}': ${refused.text}`);
      assert.equal(refused.body.detail, `This API token lacks the '${scope}' scope.`);
      const allowed = await send(method, route, withOnly.get(scope) ?? '');
      assert.ok(allowed.status !== 401 && allowed.status !== 403, `with only '${scope}': ${allowed.status} ${allowed.text}`);
    });
  }
});

describe('routes the table leaves out', () => {
  const refused: readonly (readonly [string, string])[] = [
    ['GET', '/auth/me'],
    ['POST', '/auth/update-password'],
    ['POST', '/auth/tour-completed'],
    ['DELETE', '/auth/tour-completed'],
    ['POST', '/profiles'],
    ['PUT', '/profiles/made-up-id'],
    ['GET', '/profiles/made-up-id'],
    ['GET', '/api/tokens'],
    ['POST', '/api/tokens'],
    ['DELETE', '/api/tokens/made-up-id'],
    ['GET', '/api/subscription'],
    ['POST', '/api/subscription/create-checkout-session'],
    ['POST', '/api/subscription/portal-session'],
    ['GET', '/api/referrals/promo-codes'],
    ['POST', '/api/referrals/redeem'],
    ['GET', '/notifications'],
    ['PUT', '/notifications/read-all'],
    ['PUT', '/notifications/made-up-id/read'],
    ['POST', '/flags'],
    ['GET', '/flags'],
    ['GET', '/admin/analytics'],
    ['GET', '/admin/content'],
    ['GET', '/admin/subscriptions'],
    ['POST', '/admin/subscriptions/made-up-id/refund'],
    ['PUT', '/admin/content/made-up-id/status'],
    ['POST', '/admin/queues/session'],
    ['GET', '/admin/queues'],
  ];
  for (const [method, path] of refused) {
    test(`${method} ${path} refuses a token with every scope`, async () => {
      const response = await app.request(method, path, { token: withEvery, json: method === 'GET' || method === 'DELETE' ? undefined : {} });
      assert.equal(response.status, 403, response.text);
      assert.equal(typeof response.body.detail, 'string');
    });
  }

  test('the same routes answer the session (they are not refused for another reason)', async () => {
    assert.equal((await app.request('GET', '/auth/me', { token: owner.token })).status, 200);
    assert.equal((await app.request('GET', '/notifications', { token: owner.token })).status, 200);
    assert.equal((await app.request('GET', '/api/subscription', { token: owner.token })).status, 200);
  });
});
