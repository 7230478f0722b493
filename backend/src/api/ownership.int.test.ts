/**
 * The red team's ownership sweep: every endpoint that names a resource by id, called by another (Premium)
 * creator with the victim's ids, and every admin endpoint called by a creator. None may answer 2xx, 5xx
 * or write an event; reads answer 403 or 404 and leak nothing of the victim's. docs/security.md.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addContacts, submitContent, submitPromoted } from '../features/content/content.fixtures.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';

let app: TestApp;
let victim: Session;
let intruder: Session;
const ids: Record<string, string> = {};

before(async () => {
  app = await startTestApp();
  victim = await app.register();
  intruder = await app.register();
  await app.grantPremium(victim.user.id);
  await app.grantPremium(intruder.user.id);
  const content = await submitPromoted(app, victim, { url: 'https://example.com/victim' });
  ids.content = content.id;
  const [contact] = await addContacts(app, victim, 1);
  assert.ok(contact);
  ids.contact = contact;
  const record = await app.request('POST', '/audience/', { token: victim.token, json: { name: 'Readers', platform: 'Blog', size: 10 } });
  assert.equal(record.status, 201, record.text);
  ids.audience = record.body.id;
  const link = await app.request('POST', '/links/', { token: victim.token, json: { content_id: ids.content } });
  assert.equal(link.status, 201, link.text);
  const queued = await submitContent(app, victim, { url: 'https://example.com/victim-queued' });
  const schedule = await app.request('POST', '/schedules/', {
    token: victim.token,
    json: { kind: 'release', content_id: queued.id, run_at: new Date(Date.now() + 86_400_000).toISOString() },
  });
  assert.equal(schedule.status, 201, schedule.text);
  ids.schedule = schedule.body.id;
  // The victim gets a notification: someone flags their content.
  const reporter = await app.register();
  const flag = await app.request('POST', '/flags/', { token: reporter.token, json: { content_id: ids.content, reason: 'Spam link' } });
  assert.equal(flag.status, 201, flag.text);
  ids.flag = flag.body.id;
  const notifications = await app.request('GET', '/notifications/', { token: victim.token });
  ids.notification = (notifications.body.items ?? notifications.body)[0]?.id;
  assert.ok(ids.notification, 'the victim has a notification');
  ids.victim = victim.user.id;
});
after(() => app.close());

/** [method, path, body]: the victim's resources, as another creator would name them. */
const AS_INTRUDER: [string, string, unknown?][] = [
  ['PUT', '/content/{content}/', { title: 'Hijacked' }],
  ['DELETE', '/content/{content}/'],
  ['POST', '/content/{content}/pause/'],
  ['POST', '/content/{content}/resume/'],
  ['POST', '/content/{content}/enhance/', {}],
  ['GET', '/content/{content}/conversion-snippet/'],
  ['POST', '/content/{content}/conversion-snippet/rotate/'],
  ['GET', '/content/{content}/attribution'],
  ['GET', '/analytics/content/{content}/daily'],
  ['GET', '/analytics/content/{content}/daily.csv'],
  ['GET', '/analytics/content/{content}/sharers.csv'],
  ['POST', '/links/', { content_id: '{content}' }],
  ['POST', '/conversions/', { content_id: '{content}' }],
  ['POST', '/content/batch', { action: 'delete', content_ids: ['{content}'] }],
  ['POST', '/content/batch', { action: 'pause', content_ids: ['{content}'] }],
  ['DELETE', '/contacts/{contact}/'],
  ['POST', '/contacts/batch-delete', { contact_ids: ['{contact}'] }],
  ['GET', '/audience/{audience}'],
  ['PUT', '/audience/{audience}', { name: 'Mine now' }],
  ['DELETE', '/audience/{audience}'],
  ['DELETE', '/schedules/{schedule}'],
  ['POST', '/schedules/', { kind: 'release', content_id: '{content}', run_at: new Date(Date.now() + 86_400_000).toISOString() }],
  ['PUT', '/notifications/{notification}/read'],
  ['PUT', '/profiles/{victim}/', { name: 'X', bio: '', categories: ['Technology'], interests: [], content_type: 'article' }],
  ['POST', '/content/{content}/share/', { contact_ids: ['{contact}'] }],
  // Admin-only, called by a creator.
  ['GET', '/flags/'],
  ['DELETE', '/flags/{flag}'],
  ['POST', '/flags/bulk-delete', { flag_ids: ['{flag}'] }],
  ['PUT', '/flags/{flag}/content-status', { new_status: 'deleted' }],
  ['DELETE', '/admin/content/{content}'],
  ['GET', '/admin/analytics'],
  ['POST', '/admin/replay', {}],
  ['GET', '/admin/subscriptions'],
  ['POST', '/admin/subscriptions/{victim}/refund', {}],
];

const fill = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(/\{(\w+)\}/g, (_, key: string) => ids[key] ?? 'missing');
  if (Array.isArray(value)) return value.map(fill);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner)]));
  return value;
};

describe('ownership: another creator names the victim\'s resources', () => {
  for (const [method, template, body] of AS_INTRUDER) {
    test(`${method} ${template} by another creator: refused, nothing written, nothing leaked`, async () => {
      const path = fill(template) as string;
      const before = (await app.ctx.eventStore.head()).position;
      const response = await app.request(method, path, { token: intruder.token, ...(body === undefined ? {} : { json: fill(body) }) });
      assert.ok(response.status >= 400 && response.status < 500, `${method} ${path} answered ${response.status}: ${response.text.slice(0, 200)}`);
      assert.equal(typeof response.body?.detail, 'string', 'a refusal carries { detail }');
      assert.equal((await app.ctx.eventStore.head()).position, before, `${method} ${path} wrote events`);
      // What the intruder did not send and must not learn: the victim's address, contact, audience record.
      const sent = `${path} ${JSON.stringify(fill(body) ?? '')}`;
      for (const secret of [victim.user.email, ids.contact, 'Readers']) {
        if (secret && !sent.includes(secret)) assert.ok(!response.text.includes(secret), `${method} ${path} leaked ${secret}`);
      }
    });
  }

  test('the victim\'s own calls still work (the sweep refuses strangers, not owners)', async () => {
    assert.equal((await app.request('GET', `/audience/${ids.audience}`, { token: victim.token })).status, 200);
    assert.equal((await app.request('GET', `/content/${ids.content}/conversion-snippet/`, { token: victim.token })).status, 200);
  });
});
