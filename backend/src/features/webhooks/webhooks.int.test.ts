import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';

/**
 * /api/webhooks over HTTP with the workers running and a local receiver (node:http on 127.0.0.1; the test
 * config is not production, so loopback http is allowed): registration rules, the secret shown once, test
 * events, rotation, the delivery log and resend.
 */
let app: TestApp;
let receiver: http.Server;
let base = '';
const received: { headers: http.IncomingHttpHeaders; body: string; path: string }[] = [];

before(async () => {
  app = await startTestApp({}, { workers: true });
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body, path: req.url ?? '' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
after(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await app.close();
});

async function premium(): Promise<Session> {
  const session = await app.register();
  await app.grantPremium(session.user.id);
  return session;
}

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Whether `header` is the signature of `body` under `secret`, by the recipe of docs/webhooks.md. */
function signedWith(secret: string, body: string, header: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  return parts.v1 === createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
}

test('a Free user is refused with 403 {detail}; a Premium user adds an endpoint and sees its secret once', async () => {
  const free = await app.register();
  const refused = await app.request('POST', '/api/webhooks', { token: free.token, json: { url: `${base}/free`, events: ['match.completed'] } });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.detail, 'Webhooks is a Premium feature.');

  const ana = await premium();
  const created = await app.request('POST', '/api/webhooks', { token: ana.token, json: { url: `${base}/ana`, events: ['link.clicked', 'match.completed', 'link.clicked'] } });
  assert.equal(created.status, 201, created.text);
  assert.deepEqual(Object.keys(created.body).sort(), ['created_at', 'events', 'id', 'secret', 'status', 'url']);
  assert.deepEqual(created.body.events, ['match.completed', 'link.clicked']);
  assert.equal(created.body.status, 'active');
  assert.match(created.body.secret, /^whsec_/);

  const listed = await app.request('GET', '/api/webhooks', { token: ana.token });
  assert.equal(listed.status, 200);
  assert.deepEqual(listed.body, [{ id: created.body.id, url: `${base}/ana`, events: ['match.completed', 'link.clicked'], status: 'active', disabled_reason: null, created_at: created.body.created_at }]);
  assert.ok(!listed.text.includes(created.body.secret), 'the list never shows the secret');
});

test('unsafe URLs and unknown or founder events are refused at registration with the reason', async () => {
  const ana = await premium();
  const refusals: [unknown, number, RegExp][] = [
    [{ url: 'http://10.0.0.1/hook', events: ['match.completed'] }, 400, /private|internal/],
    [{ url: 'https://169.254.169.254/latest/meta-data', events: ['match.completed'] }, 400, /private|internal/],
    [{ url: 'https://user:secret@hooks.example.com/', events: ['match.completed'] }, 400, /user name or password/],
    [{ url: 'http://hooks.example.com/', events: ['match.completed'] }, 400, /https/],
    [{ url: 'https://192.168.1.20/', events: ['match.completed'] }, 400, /private|internal/],
    [{ url: `https://hooks.example.com/${'a'.repeat(2100)}`, events: ['match.completed'] }, 400, /2048/],
    [{ url: 'https://hooks.example.com/', events: [] }, 400, /at least one event/],
    [{ url: 'https://hooks.example.com/', events: ['content.deleted'] }, 400, /Unknown event/],
    [{ url: 'https://hooks.example.com/', events: ['waitlist.joined'] }, 403, /Only admins/],
    [{ url: 'https://hooks.example.com/' }, 400, /events/],
  ];
  for (const [json, status, detail] of refusals) {
    const answer = await app.request('POST', '/api/webhooks', { token: ana.token, json });
    assert.equal(answer.status, status, `${JSON.stringify(json).slice(0, 80)}: ${answer.text}`);
    assert.match(answer.body.detail, detail);
  }
  assert.deepEqual((await app.request('GET', '/api/webhooks', { token: ana.token })).body, []);
});

test('an admin may subscribe to the founder events without Premium', async () => {
  const admin = await app.registerAdmin();
  const created = await app.request('POST', '/api/webhooks', { token: admin.token, json: { url: `${base}/founder`, events: ['waitlist.joined', 'waitlist.confirmed'] } });
  assert.equal(created.status, 201, created.text);
  assert.deepEqual(created.body.events, ['waitlist.joined', 'waitlist.confirmed']);
});

test('at most 10 endpoints', async () => {
  const ana = await premium();
  for (let i = 0; i < 10; i++) {
    const created = await app.request('POST', '/api/webhooks', { token: ana.token, json: { url: `https://hooks.example.com/${i}`, events: ['match.completed'] } });
    assert.equal(created.status, 201, created.text);
  }
  const eleventh = await app.request('POST', '/api/webhooks', { token: ana.token, json: { url: 'https://hooks.example.com/11', events: ['match.completed'] } });
  assert.equal(eleventh.status, 409);
  assert.match(eleventh.body.detail, /already have 10/);
});

test('test event, delivery log, resend with the same event id, and rotation that ends the old secret', async () => {
  const ana = await premium();
  const created = await app.request('POST', '/api/webhooks', { token: ana.token, json: { url: `${base}/flow`, events: ['match.completed'] } });
  const id: string = created.body.id;
  const firstSecret: string = created.body.secret;

  const tested = await app.request('POST', `/api/webhooks/${id}/test`, { token: ana.token });
  assert.equal(tested.status, 202, tested.text);
  const eventId: string = tested.body.event_id;
  const got = await until(() => received.filter((r) => r.path === '/flow'), (list) => list.length === 1, 'the test event');
  const body = JSON.parse(got[0]!.body);
  assert.equal(body.id, eventId);
  assert.equal(body.type, 'webhook.test');
  assert.ok(signedWith(firstSecret, got[0]!.body, String(got[0]!.headers['crossfeed-signature'])));

  const log = await until(() => app.request('GET', `/api/webhooks/${id}/deliveries`, { token: ana.token }), (answer) => answer.body.length === 1, 'the log');
  assert.equal(log.status, 200);
  assert.deepEqual(Object.keys(log.body[0]).sort(), ['attempt', 'created_at', 'duration_ms', 'error', 'event_id', 'event_type', 'id', 'response_code', 'status']);
  assert.deepEqual([log.body[0].event_id, log.body[0].event_type, log.body[0].status, log.body[0].response_code, log.body[0].attempt], [eventId, 'webhook.test', 'succeeded', 200, 1]);

  const rotated = await app.request('POST', `/api/webhooks/${id}/rotate-secret`, { token: ana.token });
  assert.equal(rotated.status, 200);
  assert.equal(rotated.body.id, id);
  assert.match(rotated.body.secret, /^whsec_/);
  assert.notEqual(rotated.body.secret, firstSecret);

  const resent = await app.request('POST', `/api/webhooks/${id}/deliveries/${log.body[0].id}/resend`, { token: ana.token });
  assert.equal(resent.status, 202, resent.text);
  assert.equal(resent.body.event_id, eventId);
  const both = await until(() => received.filter((r) => r.path === '/flow'), (list) => list.length === 2, 'the resend');
  const again = both[1]!;
  assert.equal(JSON.parse(again.body).id, eventId, 'the same event id');
  const signature = String(again.headers['crossfeed-signature']);
  assert.ok(signedWith(rotated.body.secret, again.body, signature), 'signed with the new secret');
  assert.ok(!signedWith(firstSecret, again.body, signature), 'the old secret no longer verifies');

  const newest = await until(() => app.request('GET', `/api/webhooks/${id}/deliveries`, { token: ana.token }), (answer) => answer.body.length === 2, 'the second attempt');
  assert.equal(newest.body[0].id !== log.body[0].id, true, 'newest first');
});

test('another user’s endpoint is not found, and deleting one removes it', async () => {
  const ana = await premium();
  const ben = await premium();
  const created = await app.request('POST', '/api/webhooks', { token: ana.token, json: { url: `${base}/del`, events: ['match.completed'] } });
  const id: string = created.body.id;
  for (const [method, path] of [
    ['DELETE', `/api/webhooks/${id}`],
    ['POST', `/api/webhooks/${id}/rotate-secret`],
    ['POST', `/api/webhooks/${id}/test`],
    ['GET', `/api/webhooks/${id}/deliveries`],
    ['POST', `/api/webhooks/${id}/deliveries/nope/resend`],
  ] as const) {
    const answer = await app.request(method, path, { token: ben.token });
    assert.equal(answer.status, 404, `${method} ${path}`);
    assert.equal(answer.body.detail, 'Webhook endpoint not found.');
  }
  assert.equal((await app.request('POST', `/api/webhooks/${id}/deliveries/nope/resend`, { token: ana.token })).status, 404);
  const deleted = await app.request('DELETE', `/api/webhooks/${id}`, { token: ana.token });
  assert.equal(deleted.status, 204);
  assert.deepEqual((await app.request('GET', '/api/webhooks', { token: ana.token })).body, []);
  assert.equal((await app.request('DELETE', `/api/webhooks/${id}`, { token: ana.token })).status, 404);
});
