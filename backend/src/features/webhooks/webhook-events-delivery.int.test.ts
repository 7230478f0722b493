import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { WEBHOOK_SIGNATURE_HEADER } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import { WEBHOOK_PAYLOAD_SCHEMAS } from '@crossfeed/domain/webhooks/webhook-payloads.ts';
import { verifyWebhookSignature } from '@crossfeed/platform/webhooks/webhook-signature.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { addContacts, submitContent } from '../content/content.fixtures.ts';

/**
 * The whole way (issue 26): a Premium creator's endpoint on a local receiver hears, signed, of the match they
 * complete over HTTP and of the releases of their content, and nothing else.
 */
interface Received {
  path: string;
  signature: string | undefined;
  body: string;
}

let app: TestApp;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];

before(async () => {
  app = await startTestApp({}, { workers: true });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const signature = req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
      received.push({ path: req.url ?? '', signature: Array.isArray(signature) ? signature[0] : signature, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
after(async () => {
  await app.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function receivedAt(path: string, count: number): Promise<Received[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await app.settleJobs();
    const mine = received.filter((delivery) => delivery.path === path);
    if (mine.length >= count || Date.now() > deadline) return mine;
    await sleep(50);
  }
}

test('a Premium creator’s endpoint receives match.completed and content.released, signed with its secret, once each', async () => {
  const ada = await app.register();
  const grace = await app.register();
  await app.grantPremium(ada.user.id);
  await app.grantPremium(grace.user.id);
  const registered = await app.request('POST', '/api/webhooks', {
    token: ada.token,
    json: { url: `${receiverUrl}/ada`, events: ['match.completed', 'content.released'] },
  });
  assert.equal(registered.status, 201, registered.text);
  const secret: string = registered.body.secret;
  // Grace's own endpoint takes match.completed too: it hears nothing of Ada's match.
  const graceHook = await app.request('POST', '/api/webhooks', { token: grace.token, json: { url: `${receiverUrl}/grace`, events: ['match.completed'] } });
  assert.equal(graceHook.status, 201, graceHook.text);

  const contacts = await addContacts(app, ada, 5);
  const first = await submitContent(app, ada, { title: 'Ada first', url: 'https://example.com/ada-first' });
  const second = await submitContent(app, ada, { title: 'Ada second', url: 'https://example.com/ada-second' });
  const target = await submitContent(app, grace, { title: 'Grace first' });
  for (const contactId of contacts) {
    const shared = await app.request('POST', `/content/${target.id}/share/`, { token: ada.token, json: { contact_ids: [contactId] } });
    assert.equal(shared.status, 200, shared.text);
  }

  const deliveries = await receivedAt('/ada', 3);
  const now = Math.floor(Date.now() / 1000);
  for (const delivery of deliveries) {
    assert.ok(delivery.signature, 'signed');
    assert.ok(verifyWebhookSignature(secret, delivery.body, delivery.signature, now), `the signature verifies: ${delivery.signature}`);
  }
  const envelopes = deliveries.map((delivery) => JSON.parse(delivery.body) as { id: string; type: 'match.completed' | 'content.released'; created_at: string; data: Record<string, unknown> });
  for (const envelope of envelopes) assert.ok(WEBHOOK_PAYLOAD_SCHEMAS[envelope.type].strict().safeParse(envelope.data).success, JSON.stringify(envelope));
  assert.equal(new Set(envelopes.map((envelope) => envelope.id)).size, envelopes.length, 'each event once');

  const matches = envelopes.filter((envelope) => envelope.type === 'match.completed');
  assert.deepEqual(
    matches.map((envelope) => [envelope.data.content_id, envelope.data.title, envelope.data.required_shares, envelope.data.released_content_id]),
    [[target.id, 'Grace first', 5, second.id]],
  );
  const releases = envelopes.filter((envelope) => envelope.type === 'content.released');
  assert.deepEqual(
    releases.map((envelope) => [envelope.data.content_id, envelope.data.url, envelope.data.reason]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    [
      [first.id, 'https://example.com/ada-first', 'first_item'],
      [second.id, 'https://example.com/ada-second', 'match_completed'],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );
  // Nothing more arrives (no second delivery of an event), and Grace's endpoint heard nothing of Ada's match.
  await sleep(300);
  await app.settleJobs();
  assert.equal(received.filter((delivery) => delivery.path === '/ada').length, 3);
  assert.deepEqual(received.filter((delivery) => delivery.path === '/grace'), []);

  // The delivery log lists them.
  const log = await app.request('GET', `/api/webhooks/${registered.body.id}/deliveries`, { token: ada.token });
  assert.equal(log.status, 200, log.text);
  assert.equal(JSON.stringify(log.body).includes(matches[0]!.id), true, JSON.stringify(log.body));
});
