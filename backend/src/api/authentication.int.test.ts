/**
 * Every endpoint that needs a session refuses the request, with a 401 and `{ detail }`, without a token,
 * with a malformed one, an expired one, one signed with another key, and one for a user that does not
 * exist; every admin endpoint answers 403 to a signed-in non-admin.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { signToken } from '../testing/test-tokens.ts';

const AUTHENTICATED: [method: string, path: string][] = [
  ['POST', '/auth/update-password'],
  ['GET', '/auth/me'],
  ['POST', '/auth/tour-completed'],
  ['DELETE', '/auth/tour-completed'],
  ['GET', '/profiles/some-user/'],
  ['PUT', '/profiles/some-user/'],
  ['POST', '/profiles/'],
  ['GET', '/search/?query=x'],
  ['GET', '/api/users/submission-info'],
  ['GET', '/content/'],
  ['POST', '/content/'],
  ['GET', '/content/match'],
  ['POST', '/content/some-content/share/'],
  ['GET', '/content/some-content/'],
  ['PUT', '/content/some-content/'],
  ['DELETE', '/content/some-content/'],
  ['POST', '/content/some-content/enhance/'],
  ['POST', '/content/shuffle'],
  ['GET', '/content/shuffles/remaining'],
  ['POST', '/contacts/'],
  ['POST', '/contacts/bulk'],
  ['GET', '/contacts/'],
  ['DELETE', '/contacts/some-contact/'],
  ['POST', '/analytics/'],
  ['GET', '/analytics/user/some-user'],
  ['POST', '/links/'],
  ['POST', '/conversions/'],
  ['GET', '/conversions/'],
  ['GET', '/conversions/content/metrics?content_ids=a'],
  ['POST', '/flags/'],
  ['GET', '/notifications/'],
  ['PUT', '/notifications/some-notification/read'],
  ['POST', '/audience/'],
  ['GET', '/audience/'],
  ['GET', '/audience/some-record'],
  ['PUT', '/audience/some-record'],
  ['DELETE', '/audience/some-record'],
  ['POST', '/api/subscription/create-checkout-session'],
  ['POST', '/api/referrals/redeem'],
  ['GET', '/api/referrals/promo-codes'],
  ['POST', '/content/batch'],
  ['POST', '/contacts/batch-delete'],
  ['GET', '/search/remaining'],
  ['GET', '/content/some-content/conversion-snippet'],
  ['POST', '/content/some-content/conversion-snippet/rotate'],
  ['POST', '/content/some-content/pause'],
  ['POST', '/content/some-content/resume'],
  ['GET', '/content/some-content/attribution'],
  ['GET', '/content/some-content/share-summary'],
  ['GET', '/content/some-content/share-targets'],
  ['POST', '/content/some-content/share-preview'],
  ['GET', '/content/shares/sent'],
  ['GET', '/analytics/content/some-content/daily'],
  ['GET', '/analytics/content/some-content/daily.csv'],
  ['GET', '/analytics/content/some-content/sharers.csv'],
  ['GET', '/analytics/audience/categories'],
  ['GET', '/analytics/audience/overlap'],
  ['GET', '/contacts/export.csv'],
  ['GET', '/schedules'],
  ['POST', '/schedules'],
  ['DELETE', '/schedules/some-schedule'],
  ['PUT', '/notifications/read-all'],
  ['GET', '/workspace'],
  ['PUT', '/workspace'],
  ['POST', '/workspace/reset'],
  ['GET', '/api/subscription'],
  ['POST', '/api/subscription/portal-session'],
];

const ADMIN_ONLY: [method: string, path: string][] = [
  ['GET', '/flags/'],
  ['DELETE', '/flags/some-flag'],
  ['POST', '/flags/bulk-delete'],
  ['PUT', '/flags/some-flag/content-status'],
  ['DELETE', '/admin/content/some-content'],
  ['GET', '/admin/analytics'],
  ['POST', '/admin/replay'],
  ['GET', '/admin/replay/some-job'],
  ['GET', '/admin/content'],
  ['PUT', '/admin/content/some-content/status'],
  ['GET', '/admin/subscriptions'],
  ['POST', '/admin/subscriptions/some-user/refund'],
];

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
