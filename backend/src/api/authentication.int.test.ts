/**
 * Every endpoint that needs a session refuses the request, with a 401 and `{ detail }`, without a token,
 * with a malformed one, an expired one, one signed with another key, and one for a user that does not
 * exist; every admin endpoint answers 403 to a signed-in non-admin. The endpoints are the document's
 * (every operation whose access is `session` or `admin`).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { signToken } from '../testing/test-tokens.ts';
import { API_OPERATIONS } from './openapi/operations.ts';

/** A route's path with each `:param` named `some-param`, as a caller would send it. */
const sample = (route: string): string => route.replace(/:(\w+)/g, (_match, name: string) => `some-${name.toLowerCase()}`);

/**
 * Every operation of the OpenAPI contracts that needs a session or an admin's session (api/openapi/operations.ts,
 * which the route-coverage test holds to the routes served), so a route added later is covered without a list
 * to keep by hand.
 */
const signedIn = (access: 'session' | 'admin'): [method: string, path: string][] =>
  API_OPERATIONS.filter((operation) => operation.access === access && !operation.route.startsWith('/simulated-')).map((operation) => [
    operation.method.toUpperCase(),
    sample(operation.route),
  ]);
// Left out: the simulated payment provider's hosted pages (`/simulated-checkout/…`, `/simulated-portal/…`) look up
// their checkout or portal session first, as the provider's own pages would: an unknown one is a 404 before any
// sign-in is asked (subscription.int.test.ts covers their sessions).
const AUTHENTICATED = signedIn('session');
const ADMIN_ONLY = signedIn('admin');

describe('authentication and admin rights on every endpoint', () => {
  let app: TestApp;
  let tokens: Record<string, string>;
  let userToken: string;

  before(async () => {
    app = await startTestApp();
    const user = await app.register();
    userToken = user.token;
    tokens = {
      malformed: 'not.a.jwt',
      expired: await signToken(user.user.id, -60),
      'foreign key': await signToken(user.user.id, 3600, 'another-secret-another-secret-1234'),
      'unknown user': await signToken('no-such-user', 3600),
    };
  });
  after(() => app.close());

  test('covers the signed-in operations of the document', () => {
    assert.ok(AUTHENTICATED.length > 60 && ADMIN_ONLY.length > 10, `${AUTHENTICATED.length} session and ${ADMIN_ONLY.length} admin operations`);
  });

  for (const [method, path] of [...AUTHENTICATED, ...ADMIN_ONLY]) {
    test(`${method} ${path} answers 401 without a valid session`, async () => {
      const attempts: [string, string | undefined][] = [['no token', undefined], ...Object.entries(tokens)];
      for (const [label, token] of attempts) {
        const response = await app.request(method, path, { token, json: method === 'GET' ? undefined : {} });
        assert.equal(response.status, 401, `${label}: ${response.status} ${response.text.slice(0, 120)}`);
        assert.equal(typeof response.body?.detail, 'string', `${label}: carries { detail }`);
      }
    });
  }

  for (const [method, path] of ADMIN_ONLY) {
    test(`${method} ${path} answers 403 to a non-admin`, async () => {
      const response = await app.request(method, path, { token: userToken, json: method === 'GET' ? undefined : {} });
      assert.equal(response.status, 403, response.text.slice(0, 120));
      assert.equal(response.body.detail, 'Access denied. Admins only.');
    });
  }
});
