import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { submitPromoted } from '../content/content.fixtures.ts';
import { readOutbox } from '@crossfeed/platform/mail/file-mailer.ts';
import path from 'node:path';

/**
 * Unsubscribe (RFC 8058 one-click and the page) as the people who get our e-mail meet it: no login, no
 * cookie, and it holds for every creator who has the address.
 */
let app: TestApp;
before(async () => {
  app = await startTestApp({}, { workers: true });
});
after(() => app.close());

let unique = 0;
const tag = () => `${process.pid}u${++unique}`;

async function addContact(session: Session, name: string, email: string): Promise<string> {
  const response = await app.request('POST', '/contacts/', { token: session.token, json: { name, email } });
  assert.equal(response.status, 201, response.text);
  return response.body.id;
}

/** The unsubscribe URL of the newest share e-mail to `to`, read from its List-Unsubscribe header. */
async function unsubscribeLinkOf(to: string): Promise<string> {
  await app.settleJobs();
  const messages = (await readOutbox(path.join(app.dataDir, 'mail'))).filter((message) => message.to === to);
  const newest = messages.at(-1);
  assert.ok(newest, `no e-mail to ${to}`);
  const parsed = await simpleParser(await readFile(newest.file));
  // mailparser folds List-* headers into one structured `list` header: read the raw lines.
  const line = (name: string) => (parsed.headerLines.find((header) => header.key === name)?.line ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const url = /^List-Unsubscribe:\s*<([^>]+)>$/i.exec(line('list-unsubscribe'))?.[1];
  assert.ok(url, `no List-Unsubscribe in ${line('list-unsubscribe')}`);
  assert.equal(line('list-unsubscribe-post'), 'List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  // PUBLIC_URL of the test app names no real port: the same path on the server under test.
  return `${app.url}${new URL(url).pathname}`;
}

const sentTo = async (to: string): Promise<number> => {
  await app.settleJobs();
  return (await readOutbox(path.join(app.dataDir, 'mail'))).filter((message) => message.to === to).length;
};

describe('one-click unsubscribe (RFC 8058)', () => {
  test('the POST a mail client sends stops all Crossfeed e-mail to that address: no later share from any creator e-mails or counts it', async () => {
    const owner = await app.register();
    await app.grantPremium(owner.user.id);
    const first = await submitPromoted(app, owner, { title: 'First' });
    const second = await submitPromoted(app, owner, { title: 'Second' });
    const reader = `reader.${tag()}@example.com`;
    const alice = await app.register();
    const aliceContact = await addContact(alice, 'Reader', reader);
    assert.equal((await app.request('POST', `/content/${first.id}/share/`, { token: alice.token, json: { contact_ids: [aliceContact] } })).status, 200);
    const link = await unsubscribeLinkOf(reader);

    // Exactly what a mail client posts: form-encoded, no cookie, no Authorization.
    const response = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    assert.equal(response.status, 200, await response.clone().text());

    // Another creator who has the same person (another copy of the address) can no longer e-mail or count them.
    const bob = await app.register();
    const bobContact = await addContact(bob, 'Same reader', reader.replace('@', '+news@'));
    const contacts = await app.request('GET', '/contacts/', { token: bob.token });
    assert.equal(contacts.body.find((contact: { id: string }) => contact.id === bobContact).status, 'unsubscribed');
    const targets = await app.request('GET', `/content/${second.id}/share-targets`, { token: bob.token });
    assert.equal(targets.body.find((target: { id: string }) => target.id === bobContact).state, 'unsubscribed');
    const refused = await app.request('POST', `/content/${second.id}/share/`, { token: bob.token, json: { contact_ids: [bobContact] } });
    assert.equal(refused.status, 409);
    assert.match(refused.body.detail, /Same reader \(unsubscribed\)/);
    const alicesNext = await app.request('POST', `/content/${second.id}/share/`, { token: alice.token, json: { contact_ids: [aliceContact] } });
    assert.equal(alicesNext.status, 409);
    assert.equal(await sentTo(reader), 1, 'only the e-mail before the unsubscribe');
  });

  test('multipart one-click bodies work too; a forged or unknown token is refused', async () => {
    const owner = await app.register();
    const item = await submitPromoted(app, owner);
    const sharer = await app.register();
    const reader = `multi.${tag()}@example.com`;
    const contact = await addContact(sharer, 'Multi', reader);
    await app.request('POST', `/content/${item.id}/share/`, { token: sharer.token, json: { contact_ids: [contact] } });
    const link = await unsubscribeLinkOf(reader);
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    assert.equal((await fetch(link, { method: 'POST', body: form })).status, 200);
    const contacts = await app.request('GET', '/contacts/', { token: sharer.token });
    assert.equal(contacts.body[0].status, 'unsubscribed');

    const forged = `${link.slice(0, link.lastIndexOf('.'))}.AAAAAAAAAAAAAAAAAAAAAA`;
    const refused = await fetch(forged, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    assert.equal(refused.status, 404);
    assert.equal(typeof ((await refused.json()) as { detail?: unknown }).detail, 'string');
    assert.equal((await fetch(forged)).status, 404);
  });
});

describe('the unsubscribe page', () => {
  test('offers both choices; "Stop e-mails from {sharer}" stops only that sharer', async () => {
    const owner = await app.register();
    await app.grantPremium(owner.user.id);
    const first = await submitPromoted(app, owner, { title: 'One' });
    const second = await submitPromoted(app, owner, { title: 'Two' });
    const reader = `page.${tag()}@example.com`;
    const grace = await app.register();
    await app.request('POST', '/profiles/', {
      token: grace.token,
      json: { name: 'Grace Hopper', bio: 'Compilers.', categories: ['Technology'], interests: ['Web Development'], content_type: 'article' },
    });
    const graceContact = await addContact(grace, 'Reader', reader);
    await app.request('POST', `/content/${first.id}/share/`, { token: grace.token, json: { contact_ids: [graceContact] } });
    const link = await unsubscribeLinkOf(reader);

    const page = await fetch(link);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    const html = await page.text();
    assert.match(html, /Stop e-mails from Grace Hopper/);
    assert.match(html, /Stop all e-mails from Crossfeed/);

    const stopped = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'scope=sharer' });
    assert.equal(stopped.status, 200);
    assert.match(await stopped.text(), /no more e-mails from Grace Hopper/);

    // Grace can no longer reach them; another creator still can, and sees only "active" (never who was stopped).
    const again = await app.request('POST', `/content/${second.id}/share/`, { token: grace.token, json: { contact_ids: [graceContact] } });
    assert.equal(again.status, 409);
    const graceContacts = await app.request('GET', '/contacts/', { token: grace.token });
    assert.equal(graceContacts.body[0].status, 'unsubscribed');
    const linus = await app.register();
    const linusContact = await addContact(linus, 'Reader', reader);
    const linusContacts = await app.request('GET', '/contacts/', { token: linus.token });
    assert.equal(linusContacts.body[0].status, 'active');
    const shared = await app.request('POST', `/content/${second.id}/share/`, { token: linus.token, json: { contact_ids: [linusContact] } });
    assert.equal(shared.status, 200, shared.text);
    assert.equal(await sentTo(reader), 2);
  });

  test('a link that was not made by us shows a friendly page, not JSON', async () => {
    const page = await fetch(`${app.url}/u/not-a-token`);
    assert.equal(page.status, 404);
    assert.match(await page.text(), /This link does not work/);
  });
});
