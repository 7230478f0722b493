import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { submitContent, submitPromoted } from './content.fixtures.ts';

/**
 * A share is a person reached (docs/exchange.md): what a share counts, and every reason a contact is not
 * counted, over HTTP as a creator meets them.
 */
let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

let unique = 0;
const tag = () => `${process.pid}x${++unique}`;

async function addContact(session: Session, name: string, email: string): Promise<string> {
  const response = await app.request('POST', '/contacts/', { token: session.token, json: { name, email } });
  assert.equal(response.status, 201, response.text);
  return response.body.id;
}

async function people(session: Session, count: number, domain = 'example.com'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await addContact(session, `Reader ${i}`, `reader${i}.${tag()}@${domain}`));
  return ids;
}

const share = (session: Session, contentId: string, body: unknown) =>
  app.request('POST', `/content/${contentId}/share/`, { token: session.token, json: body });

const targets = async (session: Session, contentId: string): Promise<Record<string, string>> => {
  const response = await app.request('GET', `/content/${contentId}/share-targets`, { token: session.token });
  assert.equal(response.status, 200, response.text);
  return Object.fromEntries(response.body.map((target: { id: string; state: string }) => [target.id, target.state]));
};

describe('a share counts the people it reaches', () => {
  test('a Free creator with five contacts completes a match with one press on day one and sees their pending item released', async () => {
    const owner = await app.register();
    const matched = await submitContent(app, owner, { title: 'Worth reading' });
    const creator = await app.register();
    await submitContent(app, creator, { title: 'My first' });
    const pending = await submitContent(app, creator, { title: 'My second' });
    assert.equal(pending.status, 'pending');
    const contacts = await people(creator, 5);

    const response = await share(creator, matched.id, { contact_ids: contacts });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.message, 'Content shared successfully!');
    assert.equal(response.body.counted, 5);
    assert.deepEqual(response.body.match, { delivered: 5, required: 5, completed: true });
    assert.deepEqual(response.body.released, { id: pending.id, title: 'My second' });
    assert.equal(response.body.share_count, 5);
    assert.ok(response.body.reached.every((contact: { counted: boolean }) => contact.counted));

    const mine = await app.request('GET', `/content/${pending.id}/`, { token: creator.token });
    assert.equal(mine.body.status, 'active');
    const theirs = await app.request('GET', `/content/${matched.id}/`, { token: owner.token });
    assert.equal(theirs.body.share_count, 5);
    assert.equal(theirs.body.status, 'shared');
    const workspace = await app.request('GET', '/content/shares/sent', { token: creator.token });
    assert.equal(workspace.body[0].counted, 5);
  });

  test('one person, then four new people in one press, is 5 of 5; later people are reached but not counted', async () => {
    const owner = await app.register();
    const matched = await submitPromoted(app, owner);
    const creator = await app.register();
    await app.grantPremium(creator.user.id);
    await app.confirmEmail(creator);
    const contacts = await people(creator, 7);
    const first = await share(creator, matched.id, { contact_ids: contacts.slice(0, 1) });
    assert.deepEqual(first.body.match, { delivered: 1, required: 5, completed: false });
    const second = await share(creator, matched.id, { contact_ids: contacts.slice(1, 7) });
    assert.equal(second.status, 200, second.text);
    assert.deepEqual(second.body.match, { delivered: 5, required: 5, completed: true });
    assert.equal(second.body.counted, 4);
    assert.deepEqual(
      second.body.reached.map((contact: { counted: boolean; reason?: string }) => contact.reason ?? 'counted'),
      ['counted', 'counted', 'counted', 'counted', 'match_complete', 'match_complete'],
    );
    const theirs = await app.request('GET', `/content/${matched.id}/`, { token: owner.token });
    assert.equal(theirs.body.share_count, 5);
  });

  test('a share of content that is not live counts toward no match: 409, nothing appended, no quota used', async () => {
    const owner = await app.register();
    await submitContent(app, owner);
    const pending = await submitContent(app, owner, { title: 'Still queued' });
    assert.equal(pending.status, 'pending');
    const creator = await app.register();
    const contacts = await people(creator, 5);
    const response = await share(creator, pending.id, { contact_ids: contacts });
    assert.equal(response.status, 409, response.text);
    assert.match(response.body.detail, /not live in the exchange/);
    const sent = await app.request('GET', '/content/shares/sent', { token: creator.token });
    assert.deepEqual(sent.body, []);
  });
});

describe('contacts that cannot earn credit', () => {
  test('throwaway and made-up domains, the sharer’s own address and its copies: not sent, not counted, each with its reason', async () => {
    const owner = await app.register();
    const matched = await submitPromoted(app, owner);
    const creator = await app.register({ email: `me.${tag()}@gmail.com` });
    const [local] = creator.user.email.split('@') as [string];
    const throwaway = await addContact(creator, 'Temp', `x.${tag()}@mailinator.com`);
    const invalid = await addContact(creator, 'Made up', `x.${tag()}@fake.invalid`);
    const plus = await addContact(creator, 'Me plus', `${local}+0@gmail.com`);
    const dotted = await addContact(creator, 'Me dotted', `${local.replace('me.', 'm.e.')}@googlemail.com`);
    const real = await addContact(creator, 'Real', `real.${tag()}@example.com`);

    assert.deepEqual(await targets(creator, matched.id), {
      [throwaway]: 'throwaway_address',
      [invalid]: 'throwaway_address',
      [plus]: 'own_address',
      [dotted]: 'own_address',
      [real]: 'available',
    });
    const response = await share(creator, matched.id, { contact_ids: [throwaway, invalid, plus, dotted, real] });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.counted, 1);
    assert.deepEqual(response.body.reached.map((contact: { id: string }) => contact.id), [real]);
    assert.deepEqual(
      response.body.skipped.map((skip: { id: string; reason: string }) => [skip.id, skip.reason]),
      [[throwaway, 'throwaway_address'], [invalid, 'throwaway_address'], [plus, 'own_address'], [dotted, 'own_address']],
    );
    const sent = await app.request('GET', `/content/shares/sent?content_id=${matched.id}`, { token: creator.token });
    assert.deepEqual(sent.body[0].skipped.map((skip: { reason: string }) => skip.reason), ['throwaway_address', 'throwaway_address', 'own_address', 'own_address']);

    const nobody = await share(creator, matched.id, { contact_ids: [throwaway, plus] });
    assert.equal(nobody.status, 409);
    assert.match(nobody.body.detail, /Temp \(a throwaway or made-up address\)/);
  });

  test('copies of one mailbox count once, and deleting and re-adding a contact changes nothing', async () => {
    const owner = await app.register();
    const matched = await submitPromoted(app, owner);
    const creator = await app.register();
    await app.grantPremium(creator.user.id);
    const base = `ada.reader.${tag()}`;
    const copies = [`${base}@gmail.com`, `${base}+1@gmail.com`, `${base.replaceAll('.', '')}@gmail.com`, `${base}+2@googlemail.com`];
    const ids: string[] = [];
    for (const [i, email] of copies.entries()) ids.push(await addContact(creator, `Copy ${i}`, email));
    const first = await share(creator, matched.id, { contact_ids: ids });
    assert.equal(first.body.counted, 1);
    assert.deepEqual(first.body.skipped.map((skip: { reason: string }) => skip.reason), ['duplicate_address', 'duplicate_address', 'duplicate_address']);

    // Delete the one reached and add it again: still the same person, already reached.
    assert.equal((await app.request('DELETE', `/contacts/${ids[0]}/`, { token: creator.token })).status, 200);
    const again = await addContact(creator, 'Back again', copies[0] as string);
    assert.equal((await targets(creator, matched.id))[again], 'already_shared');
    const second = await share(creator, matched.id, { contact_ids: [again] });
    assert.equal(second.status, 409);
    assert.match(second.body.detail, /already received this content/);
  });

  test('an unconfirmed account e-mails at most 5 people a day: the rest are skipped with their reason', async () => {
    const owner = await app.register();
    const first = await submitPromoted(app, owner);
    const second = await submitPromoted(app, owner, { title: 'Another' });
    const creator = await app.register();
    const contacts = await people(creator, 8);
    const response = await share(creator, first.id, { contact_ids: contacts.slice(0, 3) });
    assert.equal(response.body.counted, 3);
    const summary = await app.request('GET', `/content/${second.id}/share-summary`, { token: creator.token });
    assert.equal(summary.status, 200, summary.text);
    assert.deepEqual(summary.body.email_budget, { limit: 5, used: 3, remaining: 2 });
    const next = await share(creator, second.id, { contact_ids: contacts.slice(3, 8) });
    assert.equal(next.status, 200, next.text);
    assert.equal(next.body.counted, 2);
    assert.deepEqual(next.body.skipped.map((skip: { reason: string }) => skip.reason), ['email_budget', 'email_budget', 'email_budget']);
    // A confirmed account has more.
    await app.confirmEmail(creator);
    const later = await app.request('GET', `/content/${second.id}/share-summary`, { token: creator.token });
    assert.equal(later.body.email_budget.limit, 25);
  });

  test('an address gets at most 3 Crossfeed e-mails a day from all creators together', async () => {
    const owner = await app.register();
    await app.grantPremium(owner.user.id);
    const items = [];
    for (let i = 0; i < 4; i++) items.push(await submitPromoted(app, owner, { title: `Item ${i}` }));
    const shared = `popular.${tag()}@example.com`;
    for (let i = 0; i < 3; i++) {
      const creator = await app.register();
      const id = await addContact(creator, 'Popular', shared);
      const response = await share(creator, items[i]!.id, { contact_ids: [id] });
      assert.equal(response.status, 200, response.text);
    }
    const fourth = await app.register();
    const id = await addContact(fourth, 'Popular', shared.toUpperCase());
    assert.equal((await targets(fourth, items[3]!.id))[id], 'daily_limit');
    const refused = await share(fourth, items[3]!.id, { contact_ids: [id] });
    assert.equal(refused.status, 409);
    assert.match(refused.body.detail, /already had today's Crossfeed e-mails/);
    // The next UTC day it may be e-mailed again.
    app.setNow(new Date(Date.now() + 24 * 3600 * 1000).toISOString());
    try {
      assert.equal((await share(fourth, items[3]!.id, { contact_ids: [id] })).status, 200);
    } finally {
      app.setNow(undefined);
    }
  });
});

describe('what a creator can write into an e-mail', () => {
  test('names, titles and notes with control characters are refused with 400 {detail}; a note over 280 characters too', async () => {
    const creator = await app.register();
    const badName = await app.request('POST', '/contacts/', {
      token: creator.token,
      json: { name: 'Bob\n\nYOUR PASSWORD EXPIRED. Reset it now at http://evil.example/reset', email: `bob.${tag()}@example.com` },
    });
    assert.equal(badName.status, 400);
    assert.match(badName.body.detail, /control characters/);
    const badTitle = await app.request('POST', '/content/', {
      token: creator.token,
      json: { title: 'Hi\r\nBcc: x@evil.test', url: 'https://example.com/x', content_type: 'article', categories: ['technology'] },
    });
    assert.equal(badTitle.status, 400);
    assert.match(badTitle.body.detail, /control characters/);

    const owner = await app.register();
    const matched = await submitPromoted(app, owner);
    const [contact] = await people(creator, 1);
    for (const note of ['Read this\r\nBcc: x@evil.test', 'x'.repeat(281)]) {
      const response = await share(creator, matched.id, { contact_ids: [contact], note });
      assert.equal(response.status, 400, response.text);
      assert.equal(typeof response.body.detail, 'string');
    }
    const sent = await app.request('GET', '/content/shares/sent', { token: creator.token });
    assert.deepEqual(sent.body, [], 'a refused share appends nothing');
    const ok = await share(creator, matched.id, { contact_ids: [contact], note: '  A great read about testing.  ' });
    assert.equal(ok.status, 200, ok.text);
    const listed = await app.request('GET', '/content/shares/sent', { token: creator.token });
    assert.equal(listed.body[0].note, 'A great read about testing.');
  });
});

describe('before the press', () => {
  test('the summary says what a share can still count and whether the contacts left can finish the match', async () => {
    const owner = await app.register();
    const matched = await submitPromoted(app, owner);
    const creator = await app.register();
    const contacts = await people(creator, 3);
    await addContact(creator, 'Throwaway', `t.${tag()}@yopmail.com`);
    const before = await app.request('GET', `/content/${matched.id}/share-summary`, { token: creator.token });
    assert.equal(before.status, 200, before.text);
    assert.equal(before.body.content_live, true);
    assert.deepEqual(before.body.match, { delivered: 0, required: 5, completed: false });
    assert.equal(before.body.still_needed, 5);
    assert.equal(before.body.shares_left_today, 3);
    assert.equal(before.body.available_contacts, 3);
    assert.equal(before.body.can_finish_match, false);
    assert.equal(before.body.sending_paused, null);
    await share(creator, matched.id, { contact_ids: contacts.slice(0, 2) });
    const after = await app.request('GET', `/content/${matched.id}/share-summary`, { token: creator.token });
    assert.equal(after.body.still_needed, 3);
    assert.equal(after.body.shares_left_today, 2);
    assert.equal(after.body.available_contacts, 1);
  });

  test('the preview is the e-mail a contact gets: the sharer’s name, the note, the unsubscribe link', async () => {
    const owner = await app.register();
    const matched = await submitPromoted(app, owner, { title: 'How to test <b>things</b>' });
    const creator = await app.register();
    await app.request('POST', '/profiles/', {
      token: creator.token,
      json: { name: 'Ada Lovelace', bio: 'Numbers.', categories: ['Technology'], interests: ['Web Development'], content_type: 'article' },
    });
    const [contact] = await people(creator, 1);
    const preview = await app.request('POST', `/content/${matched.id}/share-preview`, { token: creator.token, json: { note: 'You will <script>love</script> it', contact_id: contact } });
    assert.equal(preview.status, 200, preview.text);
    assert.match(preview.body.from, /^Ada Lovelace via Crossfeed </);
    assert.match(preview.body.subject, /How to test <b>things<\/b>/);
    assert.match(preview.body.text, /You will <script>love<\/script> it/);
    assert.ok(!preview.body.html.includes('<script>love'), 'the note is escaped in the HTML');
    assert.match(preview.body.html, /\/u\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/);
    const other = await app.register();
    const [theirs] = await people(other, 1);
    const foreign = await app.request('POST', `/content/${matched.id}/share-preview`, { token: creator.token, json: { note: null, contact_id: theirs } });
    assert.equal(foreign.status, 400, 'another creator’s contact is unknown');
  });
});
