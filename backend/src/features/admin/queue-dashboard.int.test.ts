import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Queue } from 'bullmq';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { QUEUES_COOKIE } from './queue-dashboard.ts';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.log('skipped: set REDIS_URL to test Bull Board at /admin/queues');

let app: TestApp;
let admin: Session;
let member: Session;
let queue: Queue;
const queueName = `board-test-${process.pid}-${Date.now()}`;

before(async () => {
  if (!REDIS_URL) return;
  app = await startTestApp({ REDIS_URL });
  admin = await app.registerAdmin();
  member = await app.register();
  queue = new Queue(queueName, { connection: { url: REDIS_URL } });
  await queue.add('probe', { n: 1 });
});
after(async () => {
  if (!REDIS_URL) return;
  await queue.obliterate({ force: true });
  await queue.close();
  await app.close();
});

test('serves Bull Board to admins (header, or the cookie set by POST /admin/queues/session)', { skip: !REDIS_URL }, async () => {
  assert.equal((await app.request('GET', '/admin/queues')).status, 401);
  assert.equal((await app.request('GET', '/admin/queues', { token: member.token })).status, 403);
  assert.equal((await app.request('POST', '/admin/queues/session', { token: member.token })).status, 403);

  const session = await app.request('POST', '/admin/queues/session', { token: admin.token });
  assert.equal(session.status, 204);
  const cookie = session.headers.get('set-cookie') ?? '';
  assert.match(cookie, new RegExp(`^${QUEUES_COOKIE}=`));
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Strict/);
  assert.match(cookie, /Path=\/admin\/queues/);
  const cookieHeader = cookie.split(';')[0] ?? '';

  const page = await app.request('GET', '/admin/queues', { headers: { cookie: cookieHeader } });
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /html/);

  const api = await app.request('GET', '/admin/queues/api/queues', { token: admin.token });
  assert.equal(api.status, 200, api.text);
  const names = (api.body.queues as { name: string }[]).map((entry) => entry.name);
  assert.ok(names.includes(queueName), `queues: ${names.join(', ')}`);
  assert.ok(names.includes('replay'));

  const forged = await app.request('GET', '/admin/queues/api/queues', { headers: { cookie: `${QUEUES_COOKIE}=forged` } });
  assert.equal(forged.status, 401);
});
