import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { webhooksStream } from '@crossfeed/domain/shared/streams.ts';
import type { WebhookEnvelope, WebhookEventType } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import { loadConfig } from '@crossfeed/platform/config/config.ts';
import { createLocalJobQueue } from '@crossfeed/platform/jobs/local-job-queue.ts';
import { UnrecoverableJobError, type JobQueue } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { signingSecret, webhookSecret, webhookSecretKey } from '@crossfeed/platform/security/derived-tokens.ts';
import { createWebhookSender } from '@crossfeed/platform/webhooks/webhook-sender.ts';
import { verifyWebhookSignature } from '@crossfeed/platform/webhooks/webhook-signature.ts';
import { NOTIFICATIONS, type NotificationDoc } from '@crossfeed/projections/notifications/notifications.projection.ts';
import { USERS } from '@crossfeed/projections/users/users.projection.ts';
import { WEBHOOK_DELIVERIES, WEBHOOK_ENDPOINT_HEALTH, type WebhookDeliveryDoc } from '@crossfeed/projections/webhooks/webhook-deliveries.model.ts';
import { WEBHOOK_ENDPOINTS, type WebhookEndpointDoc } from '@crossfeed/projections/webhooks/webhook-endpoints.projection.ts';
import { fakeJob, startHarness, type Harness } from '../testing/scheduled-jobs-harness.ts';
import { WEBHOOK_FANOUT_QUEUE, type WebhookFanoutJob } from './webhook-fanout-job.ts';
import { webhookFanoutProcessor } from './webhook-fanout.processor.ts';
import { WEBHOOK_DELIVERY_QUEUE, webhookDeliveryProcessor, type WebhookDeliveryJob } from './webhook-delivery.processor.ts';

/** A local receiver (node:http on 127.0.0.1): what it got, and what it answers each time. */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  path: string;
}
let receiver: http.Server;
let base = '';
let received: Received[] = [];
let answer: (count: number, req: http.IncomingMessage, res: http.ServerResponse) => void = (_n, _req, res) => res.end('ok');

let h: Harness;
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/crossfeed-webhook-test', JWT_SECRET: 'webhook-test-secret-webhook-test-secret', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });

before(async () => {
  h = await startHarness();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body, path: req.url ?? '' });
      answer(received.length, req, res);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
after(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await h.close();
});
beforeEach(() => {
  received = [];
  answer = (_n, _req, res) => res.end('ok');
});

let endpointCounter = 0;
/** A Premium owner with one endpoint (through the log, as the route appends it). */
async function endpoint(options: { events?: string[]; path?: string; userId?: string; founder?: boolean; admin?: boolean } = {}): Promise<WebhookEndpointDoc> {
  const endpointId = `ep-${++endpointCounter}`;
  const userId = options.userId ?? `owner-${endpointCounter}`;
  await h.readStore.collection(USERS).upsert({ _id: userId }, { $set: { username: userId, username_key: userId, email: `${userId}@example.com`, is_admin: options.admin ?? false, is_premium: true, premium_until: null } });
  await h.record(webhooksStream(userId), 'WebhookEndpointAdded', {
    endpointId,
    userId,
    url: `${base}${options.path ?? '/hook'}`,
    events: options.events ?? ['match.completed'],
    founder: options.founder ?? false,
    addedAt: new Date().toISOString(),
  });
  await h.settle();
  const doc = await h.readStore.collection<WebhookEndpointDoc>(WEBHOOK_ENDPOINTS).findOne({ _id: endpointId });
  assert.ok(doc);
  return doc;
}

let eventCounter = 0;
const envelope = (type: WebhookEventType = 'match.completed'): WebhookEnvelope<WebhookEventType> => ({
  id: `evt-${++eventCounter}-${process.pid}`,
  type,
  created_at: '2026-11-29T03:00:00.000Z',
  data: { content_id: 'c1', title: 'Post', required_shares: 5, released_content_id: null, completed_at: '2026-11-29T03:00:00.000Z' },
});

const logOf = async (endpointId: string) =>
  h.readStore.collection<WebhookDeliveryDoc>(WEBHOOK_DELIVERIES).find({ endpoint_id: endpointId }, { sort: { created_at: 1, attempt: 1 } });

async function waitFor(check: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A real local queue running both processors, with a 20 ms backoff. */
async function withQueue(run: (queue: JobQueue) => Promise<void>): Promise<void> {
  const queue = await createLocalJobQueue({ file: ':memory:' });
  const handles = [
    queue.process(WEBHOOK_FANOUT_QUEUE, webhookFanoutProcessor({ readStore: h.readStore, jobQueue: queue, delivery: { attempts: 12, backoffMs: 20 } })),
    queue.process(WEBHOOK_DELIVERY_QUEUE, webhookDeliveryProcessor({ config, readStore: h.readStore, eventStore: h.eventStore })),
  ];
  try {
    await run(queue);
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
    await queue.close();
  }
}

test('a delivery is signed with the documented recipe: HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret', async () => {
  const ep = await endpoint();
  const event = envelope();
  await withQueue(async (queue) => {
    await queue.add<WebhookFanoutJob>(WEBHOOK_FANOUT_QUEUE, 'fanout', { audience: { userId: ep.user_id }, event }, { jobId: `webhook-fanout-${event.id}` });
    await waitFor(async () => received.length === 1 && (await logOf(ep._id)).length === 1, 'the delivery');
  });
  const [got] = received;
  assert.ok(got);
  assert.equal(got.headers['content-type'], 'application/json');
  assert.equal(got.headers['user-agent'], 'Crossfeed-Webhooks/1');
  assert.deepEqual(JSON.parse(got.body), { id: event.id, type: event.type, created_at: event.created_at, data: event.data });
  const header = String(got.headers['crossfeed-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  assert.ok(match, header);
  const secret = webhookSecret(webhookSecretKey(signingSecret(config)), ep._id, 1);
  assert.match(secret, /^whsec_[A-Za-z0-9_-]{43}$/);
  // The recipe of docs/webhooks.md, by hand.
  assert.equal(createHmac('sha256', secret).update(`${match[1]}.${got.body}`).digest('hex'), match[2]);
  assert.ok(verifyWebhookSignature(secret, got.body, header, Math.floor(Date.now() / 1000)));
  assert.ok(!verifyWebhookSignature(webhookSecret(webhookSecretKey(signingSecret(config)), ep._id, 2), got.body, header, Math.floor(Date.now() / 1000)), 'another version’s secret does not verify');
  assert.ok(!verifyWebhookSignature(secret, `${got.body} `, header, Math.floor(Date.now() / 1000)), 'a changed body does not verify');
  const [logged] = await logOf(ep._id);
  assert.deepEqual(
    { status: logged?.status, code: logged?.response_code, attempt: logged?.attempt, event: logged?.event_id, type: logged?.event_type, error: logged?.error },
    { status: 'succeeded', code: 200, attempt: 1, event: event.id, type: 'match.completed', error: null },
  );
});

test('a receiver that fails 3 times then answers 200 gets exactly one successful delivery; the log shows 3 failed and 1 succeeded', async () => {
  const ep = await endpoint();
  const event = envelope();
  answer = (count, _req, res) => {
    res.statusCode = count <= 3 ? 500 : 200;
    res.end(count <= 3 ? 'down' : 'ok');
  };
  await withQueue(async (queue) => {
    await queue.add<WebhookFanoutJob>(WEBHOOK_FANOUT_QUEUE, 'fanout', { audience: { userId: ep.user_id }, event });
    await waitFor(async () => (await logOf(ep._id)).some((doc) => doc.status === 'succeeded'), 'the successful try');
    await sleep(150);
  });
  assert.equal(received.length, 4);
  assert.ok(received.every((got) => JSON.parse(got.body).id === event.id), 'every try carries the same event id');
  const log = await logOf(ep._id);
  assert.deepEqual(
    log.map((doc) => [doc.attempt, doc.status, doc.response_code]),
    [
      [1, 'failed', 500],
      [2, 'failed', 500],
      [3, 'failed', 500],
      [4, 'succeeded', 200],
    ],
  );
  assert.equal(log[0]?.error, 'HTTP 500');
});

test('idempotent by event id: the same fan-out twice delivers once; an endpoint not subscribed to the type gets nothing', async () => {
  const ep = await endpoint();
  const other = await endpoint({ userId: ep.user_id, events: ['link.clicked'] });
  const event = envelope();
  await withQueue(async (queue) => {
    await queue.add<WebhookFanoutJob>(WEBHOOK_FANOUT_QUEUE, 'fanout', { audience: { userId: ep.user_id }, event }, { jobId: 'fanout-a' });
    await queue.add<WebhookFanoutJob>(WEBHOOK_FANOUT_QUEUE, 'fanout', { audience: { userId: ep.user_id }, event }, { jobId: 'fanout-b' });
    await waitFor(async () => (await logOf(ep._id)).length >= 1, 'the delivery');
    await sleep(200);
  });
  assert.equal(received.length, 1);
  assert.equal((await logOf(ep._id)).length, 1);
  assert.equal((await logOf(other._id)).length, 0);
});

test('founder events go to the founder endpoints of accounts that are admins, not to a creator', async () => {
  const founder = await endpoint({ events: ['waitlist.joined'], founder: true, admin: true, path: '/founder' });
  const demoted = await endpoint({ events: ['waitlist.joined'], founder: true, admin: false, path: '/demoted' });
  const creator = await endpoint({ events: ['match.completed'], path: '/creator' });
  const event: WebhookEnvelope<WebhookEventType> = { ...envelope(), type: 'waitlist.joined', data: { email: 'a@b.c', referral_code: 'X', referred_by: null, joined_at: '2026-11-29T03:00:00.000Z' } };
  await withQueue(async (queue) => {
    await queue.add<WebhookFanoutJob>(WEBHOOK_FANOUT_QUEUE, 'fanout', { audience: { founders: true }, event });
    await waitFor(async () => (await logOf(founder._id)).length === 1, 'the founder delivery');
    await sleep(150);
  });
  assert.deepEqual(received.map((got) => got.path), ['/founder']);
  assert.equal((await logOf(demoted._id)).length + (await logOf(creator._id)).length, 0);
});

test('a receiver that never answers costs no more than the timeout, recorded as failed', async () => {
  const ep = await endpoint();
  answer = () => undefined; // never answers
  const processor = webhookDeliveryProcessor({ config, readStore: h.readStore, eventStore: h.eventStore, send: createWebhookSender({ allowLoopback: true, timeoutMs: 300 }) });
  const started = Date.now();
  await assert.rejects(processor(fakeJob<WebhookDeliveryJob>({ endpointId: ep._id, userId: ep.user_id, event: envelope() })), /Timed out after 300 ms/);
  const took = Date.now() - started;
  assert.ok(took < 300 + 400, `took ${took} ms`);
  const [logged] = await logOf(ep._id);
  assert.equal(logged?.status, 'failed');
  assert.equal(logged?.response_code, null);
  assert.ok((logged?.duration_ms ?? 0) >= 290 && (logged?.duration_ms ?? 0) < 700, String(logged?.duration_ms));
});

test('a redirect is not followed: a 3xx is a failure and the target is never asked', async () => {
  const ep = await endpoint();
  answer = (_n, req, res) => {
    if (req.url === '/hook') {
      res.statusCode = 302;
      res.setHeader('location', `${base}/elsewhere`);
    }
    res.end();
  };
  const processor = webhookDeliveryProcessor({ config, readStore: h.readStore, eventStore: h.eventStore });
  await assert.rejects(processor(fakeJob<WebhookDeliveryJob>({ endpointId: ep._id, userId: ep.user_id, event: envelope() })), /HTTP 302/);
  assert.deepEqual(received.map((got) => got.path), ['/hook']);
  assert.equal((await logOf(ep._id))[0]?.response_code, 302);
});

test('a host that resolves to a private address is refused without connecting; the connection is pinned to the checked address', async () => {
  const port = (receiver.address() as AddressInfo).port;
  const lookups: string[] = [];
  const privateSender = createWebhookSender({
    allowLoopback: true,
    resolve: async (host) => {
      lookups.push(host);
      return [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.5', family: 4 }];
    },
  });
  const refused = await privateSender({ url: 'https://hooks.example.com/in', headers: {}, body: '{}' });
  assert.equal(refused.ok, false);
  assert.match(refused.error ?? '', /resolves to 10\.0\.0\.5/);
  assert.deepEqual(lookups, ['hooks.example.com']);

  // In production loopback is refused too: the local receiver is never reached.
  const production = createWebhookSender({ allowLoopback: false, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
  assert.match((await production({ url: `${base}/hook`, headers: {}, body: '{}' })).error ?? '', /private|https/);
  assert.equal(received.length, 0);

  // The request goes to the address the check saw, asked once: the name is never resolved again.
  let asked = 0;
  const pinned = createWebhookSender({
    allowLoopback: true,
    resolve: async () => {
      asked += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    },
  });
  const sent = await pinned({ url: `http://rebind.localhost:${port}/pinned`, headers: {}, body: '{}' });
  assert.equal(sent.ok, true, sent.error ?? '');
  assert.equal(asked, 1);
  assert.deepEqual(received.map((got) => [got.path, got.headers.host]), [['/pinned', `rebind.localhost:${port}`]]);
});

test('a try more than 24 hours after the first gives up without sending', async () => {
  const ep = await endpoint();
  const processor = webhookDeliveryProcessor({ config, readStore: h.readStore, eventStore: h.eventStore });
  const job = fakeJob<WebhookDeliveryJob>({ endpointId: ep._id, userId: ep.user_id, event: envelope() });
  job.attemptsMade = 11;
  job.progress = { firstAttemptAt: new Date(Date.now() - 25 * 3600 * 1000).toISOString() };
  await assert.rejects(processor(job), (error: unknown) => error instanceof UnrecoverableJobError);
  assert.equal(received.length, 0);
});

test('an endpoint failing for 3 days is disabled through the log, and its owner is told which and why', async () => {
  const ep = await endpoint();
  answer = (_n, _req, res) => {
    res.statusCode = 503;
    res.end();
  };
  let now = new Date('2026-11-20T10:00:00.000Z');
  const processor = webhookDeliveryProcessor({ config, readStore: h.readStore, eventStore: h.eventStore, clock: () => now });
  const deliver = () => processor(fakeJob<WebhookDeliveryJob>({ endpointId: ep._id, userId: ep.user_id, event: envelope() }, `job-${++eventCounter}`));
  await assert.rejects(deliver(), /HTTP 503/);
  assert.equal((await h.readStore.collection(WEBHOOK_ENDPOINT_HEALTH).findOne({ _id: ep._id }))?.failing_since, '2026-11-20T10:00:00.000Z');
  now = new Date('2026-11-23T09:59:00.000Z');
  await assert.rejects(deliver(), (error: unknown) => !(error instanceof UnrecoverableJobError));
  now = new Date('2026-11-23T10:01:00.000Z');
  await assert.rejects(deliver(), (error: unknown) => error instanceof UnrecoverableJobError);
  await h.settle();
  const doc = await h.readStore.collection<WebhookEndpointDoc>(WEBHOOK_ENDPOINTS).findOne({ _id: ep._id });
  assert.equal(doc?.status, 'disabled');
  assert.match(doc?.disabled_reason ?? '', /failed for 3 days.*HTTP 503/);
  const notes = await h.readStore.collection<NotificationDoc>(NOTIFICATIONS).find({ user_id: ep.user_id });
  assert.equal(notes.length, 1);
  assert.equal(notes[0]?.kind, 'webhook_disabled');
  assert.match(notes[0]?.message ?? '', new RegExp(`Your webhook endpoint ${ep.url.replace(/[.]/g, '\\.')} was disabled: Every delivery failed for 3 days`));
  // A disabled endpoint receives nothing more.
  const before = received.length;
  assert.deepEqual(await deliver(), { delivered: false, skipped: 'endpoint disabled' });
  assert.equal(received.length, before);
});

test('a success in between starts the 3 days again', async () => {
  const ep = await endpoint();
  let fail = true;
  answer = (_n, _req, res) => {
    res.statusCode = fail ? 500 : 204;
    res.end();
  };
  let now = new Date('2026-11-20T10:00:00.000Z');
  const processor = webhookDeliveryProcessor({ config, readStore: h.readStore, eventStore: h.eventStore, clock: () => now });
  const deliver = () => processor(fakeJob<WebhookDeliveryJob>({ endpointId: ep._id, userId: ep.user_id, event: envelope() }, `job-${++eventCounter}`));
  await assert.rejects(deliver());
  now = new Date('2026-11-22T10:00:00.000Z');
  fail = false;
  await deliver();
  fail = true;
  now = new Date('2026-11-23T11:00:00.000Z');
  await assert.rejects(deliver(), (error: unknown) => !(error instanceof UnrecoverableJobError));
  await h.settle();
  assert.equal((await h.readStore.collection<WebhookEndpointDoc>(WEBHOOK_ENDPOINTS).findOne({ _id: ep._id }))?.status, 'active');
});
