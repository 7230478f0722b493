/**
 * Imports of e-mail tools' exports over HTTP (docs/features/contact-import.md): each fixture of
 * `import/fixtures/` imports with its counts, a second import adds nothing, a dry run writes nothing, the
 * mapping can be changed, suppressed people are never e-mailed, and the list can be exported.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contactsStream } from '@crossfeed/domain/shared/streams.ts';
import { readOutbox } from '@crossfeed/platform/mail/file-mailer.ts';
import { userRoom } from '@crossfeed/platform/realtime/realtime.port.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { submitPromoted } from '../content/content.fixtures.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp({}, { workers: true });
});
after(() => app.close());

const FIXTURES = path.join(import.meta.dirname, 'import', 'fixtures');

async function fixture(name: string): Promise<FormData> {
  const form = new FormData();
  form.append('file', new Blob([await readFile(path.join(FIXTURES, name))]), name);
  return form;
}

function csvUpload(name: string, text: string, mapping?: unknown): FormData {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  if (mapping !== undefined) form.append('mapping', JSON.stringify(mapping));
  return form;
}

const importFile = (session: Session, body: FormData, query = '') => app.request('POST', `/contacts/bulk${query}`, { token: session.token, body });

async function contactsOf(session: Session): Promise<{ id: string; name: string; email: string; status: string }[]> {
  const response = await app.request('GET', '/contacts/?limit=500', { token: session.token });
  assert.equal(response.status, 200, response.text);
  return response.body;
}

const streamLength = async (session: Session): Promise<number> => (await app.ctx.eventStore.readStream(contactsStream(session.user.id))).length;

/** From fixtures/README.md: rows, then how many of the new contacts are suppressed. */
const EXPECTED: Record<string, { rows: number; suppressed: number; statuses: Record<string, number> }> = {
  'mailchimp-subscribed.csv': { rows: 6, suppressed: 0, statuses: { active: 6 } },
  'mailchimp-unsubscribed.csv': { rows: 3, suppressed: 3, statuses: { unsubscribed: 3 } },
  'mailchimp-cleaned.csv': { rows: 2, suppressed: 2, statuses: { bounced: 2 } },
  'substack.csv': { rows: 5, suppressed: 1, statuses: { active: 4, suppressed: 1 } },
  'kit.csv': { rows: 6, suppressed: 4, statuses: { active: 2, unsubscribed: 1, bounced: 2, suppressed: 1 } },
  'beehiiv.csv': { rows: 5, suppressed: 2, statuses: { active: 3, unsubscribed: 1, suppressed: 1 } },
  'ghost.csv': { rows: 5, suppressed: 1, statuses: { active: 4, unsubscribed: 1 } },
  'google-contacts.csv': { rows: 4, suppressed: 0, statuses: { active: 4 } },
  'outlook.csv': { rows: 4, suppressed: 0, statuses: { active: 4 } },
  'semicolon-bom.csv': { rows: 3, suppressed: 0, statuses: { active: 3 } },
};

const tally = (values: readonly string[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
};

describe('the exports of e-mail tools import as they are', () => {
  for (const [name, expected] of Object.entries(EXPECTED)) {
    test(`${name}: its people, their statuses honoured; a second import adds nothing`, async () => {
      const creator = await app.register();
      const first = await importFile(creator, await fixture(name));
      assert.equal(first.status, 200, first.text);
      assert.equal(first.body.message, 'Contacts uploaded successfully!');
      assert.deepEqual(first.body.counts, { rows: expected.rows, new: expected.rows, existing: 0, suppressed: expected.suppressed, invalid: 0 });
      assert.equal(first.body.added, expected.rows);
      const contacts = await contactsOf(creator);
      assert.equal(contacts.length, expected.rows);
      assert.deepEqual(tally(contacts.map((contact) => contact.status)), expected.statuses);
      assert.ok(contacts.every((contact) => contact.name.trim().length > 0 && contact.name.length <= 100), 'every contact has a name');

      const before = await streamLength(creator);
      const second = await importFile(creator, await fixture(name));
      assert.equal(second.status, 200, second.text);
      assert.equal(second.body.added, 0);
      assert.deepEqual(second.body.counts, { rows: expected.rows, new: 0, existing: expected.rows, suppressed: 0, invalid: 0 });
      assert.equal(second.body.summary, `0 added, ${expected.rows} already in your contacts.`);
      assert.equal(await streamLength(creator), before, 'the second import wrote nothing');
    });
  }

  test('a Mailchimp export: the e-mail column and first + last name found; the preview shows rows as stored', async () => {
    const creator = await app.register();
    const preview = await importFile(creator, await fixture('mailchimp-subscribed.csv'), '?dry_run=true');
    assert.equal(preview.status, 200, preview.text);
    assert.equal(preview.body.dry_run, true);
    assert.equal(preview.body.message, 'Preview only: nothing was imported.');
    assert.equal(preview.body.format, 'csv');
    assert.deepEqual(preview.body.mapping, { email: 'Email Address', name: ['First Name', 'Last Name'], status: [] });
    assert.ok(preview.body.columns.includes('MEMBER_RATING'));
    assert.equal(preview.body.preview.length, 6);
    for (const row of preview.body.preview) {
      assert.equal(row.status, 'active');
      assert.match(row.name, /^\S+ \S+/, 'first and last name joined');
      assert.match(row.email, /@/);
    }
    assert.equal(preview.body.summary, '6 to add.');
  });
});

describe('a dry run, the mapping and the rows', () => {
  test('a dry run answers the counts and writes nothing: the event log keeps its length', async () => {
    const creator = await app.register();
    await app.request('POST', '/contacts/', { token: creator.token, json: { name: 'Known', email: 'known.person@example.org' } });
    const head = async () => (await app.ctx.eventStore.head()).position;
    const before = await head();
    const csv = ['email,name,status', 'Known.Person+news@example.org,Known Again,active', 'new.one@example.org,New One,active', 'gone@example.org,Gone,unsubscribed', 'broken,Broken,active', 'new.one@example.org,Twice,active'].join('\n');
    const preview = await importFile(creator, csvUpload('list.csv', csv), '?dry_run=true');
    assert.equal(preview.status, 200, preview.text);
    assert.deepEqual(preview.body.counts, { rows: 5, new: 2, existing: 2, suppressed: 1, invalid: 1 });
    assert.deepEqual(preview.body.rejected, [
      { row: 1, email: 'Known.Person+news@example.org', reason: 'Contact already exists.' },
      { row: 4, email: 'broken', reason: 'Invalid email address.' },
      { row: 5, email: 'new.one@example.org', reason: 'Duplicate email in file.' },
    ]);
    assert.deepEqual(preview.body.preview, [
      { row: 2, name: 'New One', email: 'new.one@example.org', status: 'active' },
      { row: 3, name: 'Gone', email: 'gone@example.org', status: 'unsubscribed' },
    ]);
    assert.equal(preview.body.summary, '2 to add (1 suppressed: never e-mailed), 2 already in your contacts, 1 invalid.');
    assert.deepEqual(await head(), before, 'nothing was appended');
    assert.equal((await contactsOf(creator)).length, 1);
  });

  test('the creator picks the columns: another name column, or names made from the addresses; an unknown column is refused', async () => {
    const creator = await app.register();
    const csv = ['Email,Full Name,Nickname', 'ada.lovelace@example.org,Augusta Ada King,Ada', 'grace_hopper@example.net,Grace Brewster Hopper,Amazing Grace'].join('\n');
    const byNickname = await importFile(creator, csvUpload('people.csv', csv, { email: 'Email', name: ['Nickname'] }), '?dry_run=true');
    assert.equal(byNickname.status, 200, byNickname.text);
    assert.deepEqual(byNickname.body.mapping, { email: 'Email', name: ['Nickname'], status: [] });
    assert.deepEqual(byNickname.body.preview.map((row: { name: string }) => row.name), ['Ada', 'Amazing Grace']);

    const fromAddress = await importFile(creator, csvUpload('people.csv', csv, { email: 'Email', name: [] }));
    assert.equal(fromAddress.status, 200, fromAddress.text);
    assert.deepEqual((await contactsOf(creator)).map((contact) => contact.name), ['Ada Lovelace', 'Grace Hopper']);

    for (const mapping of [{ email: 'Mail', name: [] }, { email: 'Email', name: ['Surname'] }]) {
      const refused = await importFile(creator, csvUpload('people.csv', csv, mapping));
      assert.equal(refused.status, 400, JSON.stringify(mapping));
      assert.match(refused.body.detail, /has no column/);
    }
    for (const bad of ['{not json', JSON.stringify({ email: 'Email' }), JSON.stringify({ email: 'Email', name: [], extra: 1 })]) {
      const form = new FormData();
      form.append('file', new Blob([csv]), 'people.csv');
      form.append('mapping', bad);
      const refused = await importFile(creator, form);
      assert.equal(refused.status, 400, bad);
      assert.equal(typeof refused.body.detail, 'string');
    }
    const badQuery = await importFile(creator, csvUpload('people.csv', csv), '?dry_run=maybe');
    assert.equal(badQuery.status, 400);
    assert.equal((await contactsOf(creator)).length, 2);
  });

  test('a file of several chunks pushes its progress to the creator, chunk by chunk, up to the whole', async () => {
    const creator = await app.register();
    const rows = Array.from({ length: 1200 }, (_, i) => `Reader ${i},reader${i}.${creator.user.id.slice(-8)}@example.org`);
    const from = app.pushes.length;
    const form = csvUpload('big.csv', ['name,email', ...rows].join('\n'));
    form.append('import_id', 'tab-1_import');
    const response = await importFile(creator, form);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.added, 1200);
    const progress = app.pushes.slice(from).filter((push) => push.room === userRoom(creator.user.id) && push.event === 'contacts:import');
    assert.ok(progress.length >= 3, `${progress.length} progress pushes`);
    assert.deepEqual(progress.at(-1)?.payload, { done: 1200, total: 1200, import_id: 'tab-1_import' });
    const refused = csvUpload('one.csv', 'name,email\nA,a@example.org');
    refused.append('import_id', 'not an id!');
    assert.equal((await importFile(creator, refused)).status, 400);
    const done = progress.map((push) => (push.payload as { done: number }).done);
    assert.deepEqual(done, [...done].sort((a, b) => a - b));
  });

  test("the same export imports into two creators' lists, each its own", async () => {
    const creator = await app.register();
    const other = await app.register();
    await importFile(other, await fixture('ghost.csv'));
    const mine = await importFile(creator, await fixture('ghost.csv'));
    assert.equal(mine.body.added, 5, 'the same people are new to another creator');
    assert.equal((await contactsOf(other)).length, 5);
  });
});

describe('suppressed contacts are never e-mailed nor credited', () => {
  test('a share skips the people the list marks as gone, with their reason, and e-mails only the others', async () => {
    const owner = await app.register();
    await app.grantPremium(owner.user.id);
    const post = await submitPromoted(app, owner, { title: 'Imported lists' });
    const creator = await app.register();
    assert.equal((await importFile(creator, await fixture('kit.csv'))).status, 200);
    const contacts = await contactsOf(creator);
    const targets = await app.request('GET', `/content/${post.id}/share-targets`, { token: creator.token });
    assert.equal(targets.status, 200, targets.text);
    const states = tally(targets.body.map((target: { state: string }) => target.state));
    assert.deepEqual(states, { available: 2, unsubscribed: 1, bounced: 2, suppressed: 1 });

    const shared = await app.request('POST', `/content/${post.id}/share/`, { token: creator.token, json: { contact_ids: contacts.map((contact) => contact.id) } });
    assert.equal(shared.status, 200, shared.text);
    assert.equal(shared.body.counted, 2);
    const skipped = tally(shared.body.skipped.map((skip: { reason: string }) => skip.reason));
    assert.deepEqual(skipped, { unsubscribed: 1, bounced: 2, suppressed: 1 });
    await app.settleJobs();

    const mail = await readOutbox(path.join(app.dataDir, 'mail'));
    for (const contact of contacts) {
      const got = mail.filter((message) => message.to.toLowerCase().includes(contact.email.toLowerCase())).length;
      assert.equal(got, contact.status === 'active' ? 1 : 0, `${contact.email} (${contact.status})`);
    }
  });
});

describe('GET /contacts/export.csv', () => {
  test('every contact with its status, score and date, oldest first; formulas stay text; only your own', async () => {
    const creator = await app.register();
    await importFile(creator, await fixture('beehiiv.csv'));
    await app.request('POST', '/contacts/', { token: creator.token, json: { name: '=HYPERLINK("http://evil.example")', email: 'formula@example.org' } });
    const other = await app.register();
    await app.request('POST', '/contacts/', { token: other.token, json: { name: 'Not Yours', email: 'not.yours@example.org' } });

    const response = await fetch(`${app.url}/contacts/export.csv`, { headers: { authorization: `Bearer ${creator.token}` } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(response.headers.get('content-disposition') ?? '', /^attachment; filename="crossfeed-contacts\.csv"$/);
    const lines = (await response.text()).trimEnd().split('\r\n');
    assert.equal(lines[0], 'name,email,status,audience_score,added_at');
    assert.equal(lines.length, 1 + 6);
    const statuses = tally(lines.slice(1).map((line) => line.split(',').at(-3) ?? ''));
    assert.deepEqual(statuses, { active: 4, unsubscribed: 1, suppressed: 1 });
    assert.ok(lines.some((line) => line.startsWith(`"'=HYPERLINK(""http://evil.example"")",formula@example.org,active,0,`)), 'a formula is written as text');
    assert.ok(!lines.some((line) => line.includes('not.yours@example.org')));

    const anonymous = await fetch(`${app.url}/contacts/export.csv`);
    assert.equal(anonymous.status, 401);
  });

  test('a list longer than one page comes whole, in the order added', async () => {
    const creator = await app.register();
    const rows = Array.from({ length: 2300 }, (_, i) => `Reader ${i},export${i}.${creator.user.id.slice(-8)}@example.org`);
    assert.equal((await importFile(creator, csvUpload('big.csv', ['name,email', ...rows].join('\n')))).status, 200);
    const response = await fetch(`${app.url}/contacts/export.csv`, { headers: { authorization: `Bearer ${creator.token}` } });
    const emails = (await response.text()).trimEnd().split('\r\n').slice(1).map((line) => line.split(',')[1]);
    assert.equal(emails.length, 2300);
    assert.equal(new Set(emails).size, 2300);
  });
});
