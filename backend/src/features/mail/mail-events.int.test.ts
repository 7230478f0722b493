import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { submitContent, submitPromoted } from '../content/content.fixtures.ts';
import { signMailEvents } from './mail-event-signature.ts';

/**
 * Bounces and complaints from the relay (`POST /mail/events`, signed like Stripe's webhooks): they suppress
 * the address everywhere and take back the credit of the share that reached it.
 */
const SECRET = 'relay-secret-0123456789abcdef';
let app: TestApp;
before(async () => {
  app = await startTestApp({ MAIL_EVENTS_SECRET: SECRET }, { workers: true });
});
after(() => app.close());

let unique = 0;
const tag = () => `${process.pid}m${++unique}`;

const post = (body: unknown, signature?: string) => {
  const raw = JSON.stringify(body);
  return app.request('POST', '/mail/events', {
    body: raw,
    headers: { 'content-type': 'application/json', 'x-crossfeed-signature': signature ?? signMailEvents(SECRET, raw) },
  });
};

async function addContact(session: Session, name: string, email: string): Promise<string> {
  const response = await app.request('POST', '/contacts/', { token: session.token, json: { name, email } });
  assert.equal(response.status, 201, response.text);
  return response.body.id;
}

describe('POST /mail/events: the signature', () => {
  test('refuses an unsigned, forged or stale delivery with 401, and a malformed one with 400', async () => {
    const event = { type: 'bounce', email: `x.${tag()}@example.com`, bounce_type: 'hard', occurred_at: new Date().toISOString() };
    const raw = JSON.stringify(event);
    const unsigned = await app.request('POST', '/mail/events', { body: raw, headers: { 'content-type': 'application/json' } });
    assert.equal(unsigned.status, 401);
    assert.equal(typeof unsigned.body.detail, 'string');
    assert.equal((await post(event, signMailEvents('another-secret-0123456789', raw))).status, 401);
    assert.equal((await post(event, signMailEvents(SECRET, raw, Math.floor(Date.now() / 1000) - 600))).status, 401);
    const bad = await post({ type: 'explode', email: 'nope' });
    assert.equal(bad.status, 400);
    assert.equal(typeof bad.body.detail, 'string');
  });
});

describe('POST /mail/events: bounces and complaints', () => {
  test('a hard bounce suppresses the address everywhere, takes back the share’s credit, and tells the sharer; a completed match stays completed', async () => {
    const owner = await app.register();
    const matched = await submitContent(app, owner, { title: 'Bounce me' });
    const sharer = await app.register();
    await submitContent(app, sharer, { title: 'Sharer first' });
    await submitContent(app, sharer, { title: 'Sharer queued' });
    const emails = Array.from({ length: 5 }, (_, i) => `reader${i}.${tag()}@example.com`);
    const contacts: string[] = [];
    for (const [i, email] of emails.entries()) contacts.push(await addContact(sharer, `Reader ${i}`, email));
    const shared = await app.request('POST', `/content/${matched.id}/share/`, { token: sharer.token, json: { contact_ids: contacts } });
    assert.equal(shared.status, 200, shared.text);
    assert.equal(shared.body.match.completed, true);
    await app.settleJobs();

    const response = await post({ type: 'bounce', email: emails[0]!.toUpperCase(), bounce_type: 'hard', occurred_at: new Date().toISOString() });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { received: 1, applied: 1 });
    await app.settleJobs();

    const content = await app.request('GET', `/content/${matched.id}/`, { token: owner.token });
    assert.equal(content.body.share_count, 4, 'the owner’s share_count went down by one');
    const summary = await app.request('GET', `/content/${matched.id}/share-summary`, { token: sharer.token });
    assert.deepEqual(summary.body.match, { delivered: 5, required: 5, completed: true }, 'a completed match stays completed');
    const list = await app.request('GET', '/contacts/', { token: sharer.token });
    assert.equal(list.body.find((contact: { id: string }) => contact.id === contacts[0]).status, 'bounced');
    const sent = await app.request('GET', `/content/shares/sent?content_id=${matched.id}`, { token: sharer.token });
    assert.equal(sent.body[0].counted, 4);
    assert.equal(sent.body[0].reached[0].reason, 'bounced');
    const notifications = await app.request('GET', '/notifications/', { token: sharer.token });
    assert.ok(notifications.body.some((n: { message: string }) => /Reader 0 bounced/.test(n.message)), JSON.stringify(notifications.body));

    // Everywhere: another creator's share skips the address.
    const other = await app.register();
    const item = await submitPromoted(app, owner, { title: 'Another' });
    const copy = await addContact(other, 'Same person', emails[0]!);
    const targets = await app.request('GET', `/content/${item.id}/share-targets`, { token: other.token });
    assert.equal(targets.body.find((target: { id: string }) => target.id === copy).state, 'bounced');
    // Applying the same bounce again changes nothing.
    assert.deepEqual((await post({ type: 'bounce', email: emails[0], bounce_type: 'hard' })).body, { received: 1, applied: 0 });
  });

  test('a complaint takes back the credit of the share the person complained about; a soft bounce changes nothing', async () => {
    const owner = await app.register();
    const matched = await submitPromoted(app, owner);
    const sharer = await app.register();
    const email = `complainer.${tag()}@example.com`;
    const contact = await addContact(sharer, 'Complainer', email);
    await app.request('POST', `/content/${matched.id}/share/`, { token: sharer.token, json: { contact_ids: [contact] } });
    await app.settleJobs();
    assert.deepEqual((await post([{ type: 'bounce', email, bounce_type: 'soft' }])).body, { received: 1, applied: 0 });
    const response = await post([{ type: 'complaint', email, occurred_at: new Date().toISOString() }]);
    assert.deepEqual(response.body, { received: 1, applied: 1 });
    await app.settleJobs();
    const summary = await app.request('GET', `/content/${matched.id}/share-summary`, { token: sharer.token });
    assert.deepEqual(summary.body.match, { delivered: 0, required: 5, completed: false });
    const list = await app.request('GET', '/contacts/', { token: sharer.token });
    assert.equal(list.body[0].status, 'bounced');
  });

  test('a sharer whose bounces and complaints pass 5% of their last sends cannot share until they remove those contacts', async () => {
    const owner = await app.register();
    await app.grantPremium(owner.user.id);
    const first = await submitPromoted(app, owner, { title: 'P1' });
    const second = await submitPromoted(app, owner, { title: 'P2' });
    const sharer = await app.register();
    await app.grantPremium(sharer.user.id);
    await app.confirmEmail(sharer);
    const emails = Array.from({ length: 12 }, (_, i) => `bulk${i}.${tag()}@example.com`);
    const contacts: string[] = [];
    for (const [i, email] of emails.entries()) contacts.push(await addContact(sharer, `Bulk ${i}`, email));
    assert.equal((await app.request('POST', `/content/${first.id}/share/`, { token: sharer.token, json: { contact_ids: contacts.slice(0, 11) } })).status, 200);
    await app.settleJobs();
    await post([emails[0], emails[1]].map((email) => ({ type: 'bounce', email, bounce_type: 'hard' })));
    await app.settleJobs();

    const paused = await app.request('POST', `/content/${second.id}/share/`, { token: sharer.token, json: { contact_ids: [contacts[11]] } });
    assert.equal(paused.status, 403, paused.text);
    assert.match(paused.body.detail, /^Sharing is paused: 2 of your last 11 e-mails bounced or were marked as spam\. Remove the 2 contacts marked Bounced/);
    const summary = await app.request('GET', `/content/${second.id}/share-summary`, { token: sharer.token });
    assert.match(summary.body.sending_paused, /Sharing is paused/);

    for (const id of contacts.slice(0, 2)) assert.equal((await app.request('DELETE', `/contacts/${id}/`, { token: sharer.token })).status, 200);
    const resumed = await app.request('POST', `/content/${second.id}/share/`, { token: sharer.token, json: { contact_ids: [contacts[11]] } });
    assert.equal(resumed.status, 200, resumed.text);
  });
});
