/**
 * Every endpoint of the OpenAPI document (SPEC §7 and every route added since) gets malformed and hostile input: no answer may be a 5xx, and an answer in
 * the 4xx range must leave the event log exactly as it was (never a partial write).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { API_OPERATIONS } from './openapi/operations.ts';

/**
 * The pages for people, whose refusals are pages, not `{ detail }`: the unsubscribe page (`/u/…`) and the
 * simulated payment provider's hosted pages.
 */
const PAGES = ['/u/', '/simulated-checkout/', '/simulated-portal/'];

/**
 * Every operation of the OpenAPI contracts (api/openapi/operations.ts, which the route-coverage test holds to the
 * routes served), so a route added later gets the same treatment without a list to keep by hand. A path
 * parameter names the other creator's content under /content/, the signed-in user where an account is meant,
 * and a made-up, percent-encoded id everywhere else.
 */
const ENDPOINTS: [method: string, path: string][] = API_OPERATIONS.filter((operation) => !PAGES.some((page) => operation.route.startsWith(page))).map(
  (operation) => [
    operation.method.toUpperCase(),
    operation.route.replace(/:(\w+)/g, (_match, name: string) => {
      if (operation.route.startsWith('/content/') && name === 'id') return '{content}';
      if (name === 'userId' || operation.route.startsWith('/profiles/') || operation.route.startsWith('/analytics/user/')) return '{user}';
      return '{other}';
    }),
  ],
);

const LONG = 'x'.repeat(20_000);
const JSON_BODIES: unknown[] = [
  null,
  [],
  'a string',
  12345,
  { __proto__: { is_admin: true }, constructor: { prototype: { is_admin: true } } },
  { is_admin: true, is_premium: true },
  { title: LONG, description: LONG, url: LONG, email: LONG, name: LONG, reason: LONG, username: LONG, password: LONG },
  { title: 1, url: { $gt: '' }, content_type: ['article'], categories: 'art', email: { $ne: null }, contact_ids: 'all' },
  { content_ids: Array.from({ length: 5000 }, (_, i) => `id-${i}`), flag_ids: [{}, null, 3] },
  { code: '../../etc/passwd', referral_code: '<script>', referred_by: { $where: '1' }, new_status: 'root' },
  { token: 'nope', new_password: '', current_password: null },
];
const RAW_BODIES: { body: string; type: string }[] = [
  { body: '{"unterminated": ', type: 'application/json' },
  { body: '{"a":1}{"b":2}', type: 'application/json' },
  { body: `{"big":"${'y'.repeat(200_000)}"}`, type: 'application/json' },
  { body: 'username=a&password=b&password=c', type: 'application/x-www-form-urlencoded' },
  { body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nbroken', type: 'multipart/form-data; boundary=x' },
  { body: '\u0000\u0001\u0002', type: 'text/plain' },
];

describe('hostile input on every endpoint', () => {
  let app: TestApp;
  let user: Session;
  let admin: Session;
  let ids: Record<string, string>;

  before(async () => {
    app = await startTestApp();
    user = await app.register();
    admin = await app.registerAdmin();
    const other = await app.register();
    const created = await app.request('POST', '/content/', {
      token: other.token,
      json: { title: 'Theirs', description: '', url: 'https://example.com/theirs', content_type: 'article', categories: ['art'] },
    });
    ids = { user: user.user.id, content: created.body?.id ?? 'missing', other: 'not-a-real-id-%00%2F..%2F' };
  });
  after(() => app.close());

  const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_, key: string) => ids[key] ?? 'x');

  test('covers the operations of the document', () => {
    assert.ok(ENDPOINTS.length > 100, `${ENDPOINTS.length} endpoints`);
  });

  for (const [method, template] of ENDPOINTS) {
    test(`${method} ${template} never answers 5xx nor writes on a 4xx`, async () => {
      const path = fill(template);
      type Attempt = { token?: string; json?: unknown; body?: string; headers?: Record<string, string> };
      // fetch sends no body with GET: those endpoints get hostile query strings instead.
      const attempts: Attempt[] =
        method === 'GET'
          ? [{}, { token: 'garbage.token.value' }, { token: user.token }, { token: admin.token }]
          : [
              {},
              { token: 'garbage.token.value' },
              ...JSON_BODIES.map((json) => ({ token: user.token, json })),
              ...JSON_BODIES.slice(4, 7).map((json) => ({ token: admin.token, json })),
              ...RAW_BODIES.map(({ body, type }) => ({ token: user.token, body, headers: { 'content-type': type } })),
            ];
      for (const attempt of attempts) {
        const before = (await app.ctx.eventStore.head()).position;
        const response = await app.request(method, `${path}${method === 'GET' ? '?query[$gt]=&content_type=%00&date_from=yesterday&min_views=-1e400&sort_by=__proto__' : ''}`, attempt);
        const label = `${method} ${path} ${JSON.stringify(attempt.json ?? attempt.body ?? '').slice(0, 80)}`;
        assert.ok(response.status < 500, `${label} answered ${response.status}: ${response.text.slice(0, 200)}`);
        if (response.status >= 400) {
          assert.equal(typeof response.body?.detail, 'string', `${label}: a 4xx carries { detail }`);
          assert.equal((await app.ctx.eventStore.head()).position, before, `${label}: a ${response.status} wrote events`);
        }
      }
    });
  }
});
