/**
 * Every endpoint of SPEC §7 gets malformed and hostile input: no answer may be a 5xx, and an answer in
 * the 4xx range must leave the event log exactly as it was (never a partial write).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';

const ENDPOINTS: [method: string, path: string][] = [
  ['POST', '/auth/login'],
  ['POST', '/auth/register'],
  ['POST', '/auth/forgot-password'],
  ['POST', '/auth/reset-password'],
  ['POST', '/auth/update-password'],
  ['GET', '/auth/me'],
  ['POST', '/auth/tour-completed'],
  ['DELETE', '/auth/tour-completed'],
  ['GET', '/profiles/{user}/'],
  ['PUT', '/profiles/{user}/'],
  ['POST', '/profiles/'],
  ['GET', '/search/'],
  ['GET', '/api/users/submission-info'],
  ['GET', '/content/'],
  ['POST', '/content/'],
  ['GET', '/content/match'],
  ['POST', '/content/{content}/share/'],
  ['GET', '/content/{content}/'],
  ['PUT', '/content/{content}/'],
  ['DELETE', '/content/{other}/'],
  ['GET', '/content/types'],
  ['POST', '/content/{content}/enhance/'],
  ['POST', '/content/shuffle'],
  ['GET', '/content/shuffles/remaining'],
  ['POST', '/contacts/'],
  ['POST', '/contacts/bulk'],
  ['GET', '/contacts/'],
  ['DELETE', '/contacts/{other}/'],
  ['POST', '/analytics/'],
  ['GET', '/analytics/user/{user}'],
  ['POST', '/links/'],
  ['POST', '/conversions/'],
  ['GET', '/conversions/'],
  ['GET', '/conversions/content/metrics'],
  ['POST', '/flags/'],
  ['GET', '/flags/'],
  ['DELETE', '/flags/{other}'],
  ['POST', '/flags/bulk-delete'],
  ['PUT', '/flags/{other}/content-status'],
  ['DELETE', '/admin/content/{other}'],
  ['GET', '/notifications/'],
  ['PUT', '/notifications/{other}/read'],
  ['POST', '/audience/'],
  ['GET', '/audience/'],
  ['GET', '/audience/{other}'],
  ['PUT', '/audience/{other}'],
  ['DELETE', '/audience/{other}'],
  ['POST', '/api/subscription/create-checkout-session'],
  ['POST', '/api/subscription/webhook'],
  ['POST', '/api/waitlist/signup'],
  ['GET', '/api/waitlist/status'],
  ['POST', '/api/waitlist/referral'],
  ['GET', '/api/waitlist/count'],
  ['POST', '/api/referrals/redeem'],
  ['GET', '/api/referrals/promo-codes'],
  ['GET', '/workspace'],
  ['PUT', '/workspace'],
  ['POST', '/workspace/reset'],
  ['POST', '/content/batch'],
  ['POST', '/contacts/batch-delete'],
  ['GET', '/search/remaining'],
  ['GET', '/content/{content}/conversion-snippet'],
  ['POST', '/content/{other}/conversion-snippet/rotate'],
  ['POST', '/track/conversion'],
  ['POST', '/content/{content}/pause'],
  ['POST', '/content/{content}/resume'],
  ['GET', '/content/{content}/attribution'],
  ['GET', '/content/{content}/share-summary'],
  ['GET', '/content/{content}/share-targets'],
  ['POST', '/content/{content}/share-preview'],
  ['GET', '/content/shares/sent'],
  ['GET', '/analytics/content/{content}/daily'],
  ['GET', '/analytics/audience/overlap'],
  ['GET', '/contacts/export.csv'],
  ['GET', '/schedules'],
  ['POST', '/schedules'],
  ['DELETE', '/schedules/{other}'],
  ['PUT', '/notifications/read-all'],
  ['GET', '/api/waitlist/me'],
  ['GET', '/api/subscription'],
  ['POST', '/api/subscription/portal-session'],
  ['GET', '/admin/content'],
  ['PUT', '/admin/content/{content}/status'],
  ['GET', '/admin/subscriptions'],
  ['POST', '/admin/subscriptions/{user}/refund'],
  ['GET', '/links/{other}'],
  ['POST', '/mail/events'],
];

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
