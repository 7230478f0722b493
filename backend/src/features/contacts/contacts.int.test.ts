import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONTACT_FILE_MAX_BYTES, CONTACT_FILE_MAX_ROWS } from '@crossfeed/domain/rules/limits.ts';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import type { ContactAdded } from '@crossfeed/domain/contacts/contact.events.ts';
import { contactsStream } from '@crossfeed/domain/shared/streams.ts';
import { assertPagedList, minutesAfter, PAGED_SEED, seedEvents } from '../../testing/paged-list-checks.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { unauthorizedChecks } from '../../testing/unauthorized-checks.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

function upload(name: string, content: string | Uint8Array, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([content]), name);
  return form;
}

async function contactsOf(session: Session): Promise<{ id: string; name: string; email: string; audience_score: number; score_parts: unknown[] }[]> {
  const response = await app.request('GET', '/contacts/', { token: session.token });
  assert.equal(response.status, 200);
  return response.body;
}

const expectUnauthorized = unauthorizedChecks(() => app);

describe('POST /contacts/', () => {
  test('adds a contact and answers it with a 0 audience score and its parts', async () => {
    const session = await app.register();
    const response = await app.request('POST', '/contacts/', { token: session.token, json: { name: ' Ada ', email: 'Ada@Example.com' } });
    assert.equal(response.status, 201);
    assert.deepEqual(Object.keys(response.body).sort(), ['audience_score', 'email', 'id', 'name', 'score_parts', 'status']);
    assert.equal(response.body.status, 'active');
    assert.equal(response.body.name, 'Ada');
    assert.equal(response.body.email, 'Ada@Example.com');
    assert.equal(response.body.audience_score, 0);
    assert.deepEqual(response.body.score_parts.map((part: { points: number; max: number }) => [part.points, part.max]), [[0, 60], [0, 40]]);
    assert.deepEqual(await contactsOf(session), [response.body]);
  });

  test('refuses a missing or too long name, an invalid email and unknown fields', async () => {
    const session = await app.register();
    const cases: [unknown, RegExp][] = [
      [{ email: 'a@example.com' }, /name/],
      [{ name: '   ', email: 'a@example.com' }, /name/],
      [{ name: 'x'.repeat(101), email: 'a@example.com' }, /100/],
      [{ name: 'Ada', email: 'not-an-email' }, new RegExp(`^${MESSAGES.invalidEmail.replace('.', '\\.')}$`)],
      [{ name: 'Ada' }, /valid email/],
      [{ name: 'Ada', email: 'a@example.com', user_id: 'someone-else' }, /user_id|unrecognized/i],
    ];
    for (const [json, detail] of cases) {
      const response = await app.request('POST', '/contacts', { token: session.token, json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.match(response.body.detail, detail);
    }
    assert.deepEqual(await contactsOf(session), []);
  });

  test('refuses a second contact with the same email, ignoring case', async () => {
    const session = await app.register();
    const first = await app.request('POST', '/contacts/', { token: session.token, json: { name: 'Ada', email: 'ada@example.com' } });
    assert.equal(first.status, 201);
    const second = await app.request('POST', '/contacts/', { token: session.token, json: { name: 'Ada 2', email: 'ADA@example.COM' } });
    assert.equal(second.status, 409);
    assert.equal(second.body.detail, 'A contact with this email already exists.');
    assert.equal((await contactsOf(session)).length, 1);
  });

  test('lets two creators hold the same email', async () => {
    const [a, b] = [await app.register(), await app.register()];
    for (const session of [a, b]) {
      const response = await app.request('POST', '/contacts/', { token: session.token, json: { name: 'Ada', email: 'shared@example.com' } });
      assert.equal(response.status, 201);
    }
  });

  test('needs a valid token', async () => {
    await expectUnauthorized('POST', '/contacts/', { json: { name: 'Ada', email: 'ada@example.com' } });
  });
});

describe('GET /contacts/', () => {
  test('lists only the caller\'s contacts', async () => {
    const [a, b] = [await app.register(), await app.register()];
    await app.request('POST', '/contacts/', { token: a.token, json: { name: 'Mine', email: 'mine@example.com' } });
    await app.request('POST', '/contacts/', { token: b.token, json: { name: 'Theirs', email: 'theirs@example.com' } });
    assert.deepEqual((await contactsOf(a)).map((contact) => contact.name), ['Mine']);
    assert.deepEqual((await contactsOf(b)).map((contact) => contact.name), ['Theirs']);
  });

  test('pages oldest first (ties by email) with X-Total-Count', async () => {
    const owner = await app.register();
    // Pairs share a time; the second of each pair has the smaller email, so the email decides.
    const events: ContactAdded[] = Array.from({ length: PAGED_SEED }, (_, i) => ({
      type: 'ContactAdded',
      data: {
        contactId: `paged-${owner.user.id}-${i}`,
        userId: owner.user.id,
        name: `Contact ${i}`,
        email: `c${String(PAGED_SEED - i).padStart(4, '0')}@example.com`,
        source: 'bulk',
        addedAt: minutesAfter('2026-01-01T00:00:00.000Z', Math.floor(i / 2)),
      },
    }));
    await seedEvents(app, contactsStream(owner.user.id), events);
    const expected = events
      .map(({ data }) => data)
      .sort((a, b) => (a.addedAt === b.addedAt ? (a.email < b.email ? -1 : 1) : a.addedAt < b.addedAt ? -1 : 1))
      .map((contact) => contact.contactId);
    assert.notDeepEqual(expected.slice(0, 2), events.slice(0, 2).map(({ data }) => data.contactId));
    await assertPagedList(app, '/contacts/', owner.token, expected);
  });

  test('needs a valid token', async () => {
    await expectUnauthorized('GET', '/contacts/');
  });
});

describe('DELETE /contacts/{id}/', () => {
  test('deletes the caller\'s contact', async () => {
    const session = await app.register();
    const created = await app.request('POST', '/contacts/', { token: session.token, json: { name: 'Ada', email: 'ada@example.com' } });
    const response = await app.request('DELETE', `/contacts/${created.body.id}/`, { token: session.token });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { message: 'Contact deleted successfully!' });
    assert.deepEqual(await contactsOf(session), []);
    const again = await app.request('DELETE', `/contacts/${created.body.id}`, { token: session.token });
    assert.equal(again.status, 404);
  });

  test('answers 404 for another user\'s contact and leaves it alone', async () => {
    const [owner, other] = [await app.register(), await app.register()];
    const created = await app.request('POST', '/contacts/', { token: owner.token, json: { name: 'Ada', email: 'ada@example.com' } });
    const response = await app.request('DELETE', `/contacts/${created.body.id}/`, { token: other.token });
    assert.equal(response.status, 404);
    assert.equal(response.body.detail, 'Contact not found.');
    assert.equal((await contactsOf(owner)).length, 1);
  });

  test('needs a valid token', async () => {
    await expectUnauthorized('DELETE', '/contacts/some-id/');
  });
});

describe('POST /contacts/bulk', () => {
  test('adds the valid new rows of a CSV file and explains each refused row', async () => {
    const session = await app.register();
    await app.request('POST', '/contacts/', { token: session.token, json: { name: 'Existing', email: 'existing@example.com' } });
    const csv = [
      '\uFEFFName, EMAIL ',
      'Grace Hopper,grace@example.com',
      'Bad Email,not-an-email',
      'Grace Again,GRACE@example.com',
      'Old Friend,Existing@Example.com',
      ',noname@example.com',
      '"Lovelace, Ada",ada@example.com',
      '',
    ].join('\r\n');
    const response = await app.request('POST', '/contacts/bulk', { token: session.token, body: upload('contacts.CSV', csv) });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.message, 'Contacts uploaded successfully!');
    assert.equal(response.body.added, 3);
    assert.deepEqual(response.body.counts, { rows: 6, new: 3, existing: 2, suppressed: 0, invalid: 1 });
    assert.equal(response.body.summary, '3 added, 2 already in your contacts, 1 invalid.');
    assert.deepEqual(response.body.mapping, { email: 'EMAIL', name: ['Name'], status: [] });
    assert.deepEqual(response.body.rejected, [
      { row: 2, email: 'not-an-email', reason: 'Invalid email address.' },
      { row: 3, email: 'GRACE@example.com', reason: 'Duplicate email in file.' },
      { row: 4, email: 'Existing@Example.com', reason: 'Contact already exists.' },
    ]);
    // A row without a name gets one made from its address.
    const names = (await contactsOf(session)).map((contact) => contact.name).sort();
    assert.deepEqual(names, ['Existing', 'Grace Hopper', 'Lovelace, Ada', 'Noname']);
  });

  test('adds the contacts of a JSON array and refuses long names', async () => {
    const session = await app.register();
    const json = JSON.stringify([
      { name: 'Grace', email: 'grace@example.com' },
      { Name: 'Linus', Email: 'linus@example.com' },
      { name: 'x'.repeat(101), email: 'long@example.com' },
    ]);
    const response = await app.request('POST', '/contacts/bulk/', { token: session.token, body: upload('contacts.json', json) });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.added, 2);
    assert.deepEqual(response.body.rejected, [{ row: 3, email: 'long@example.com', reason: 'Name is longer than 100 characters.' }]);
    assert.deepEqual((await contactsOf(session)).map((contact) => contact.email).sort(), ['grace@example.com', 'linus@example.com']);
  });

  test('refuses a file larger than the limit with 413 and writes nothing', async () => {
    const session = await app.register();
    const big = `name,email\n${'Ada,ada@example.com\n'.repeat(Math.ceil(CONTACT_FILE_MAX_BYTES / 19) + 10)}`;
    const response = await app.request('POST', '/contacts/bulk', { token: session.token, body: upload('big.csv', big) });
    assert.equal(response.status, 413);
    assert.equal(response.body.detail, 'File too large.');
    assert.deepEqual(await contactsOf(session), []);
  });

  test('refuses other file types and a missing file', async () => {
    const session = await app.register();
    const wrong = await app.request('POST', '/contacts/bulk', { token: session.token, body: upload('contacts.txt', 'name,email\nA,a@example.com') });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.detail, 'Only .csv or .json files are accepted.');
    const missing = await app.request('POST', '/contacts/bulk', { token: session.token, body: new FormData() });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.detail, MESSAGES.fileRequired);
    const json = await app.request('POST', '/contacts/bulk', { token: session.token, json: { name: 'A', email: 'a@example.com' } });
    assert.equal(json.status, 400);
    assert.equal(json.body.detail, MESSAGES.fileRequired);
    const otherField = await app.request('POST', '/contacts/bulk', { token: session.token, body: upload('c.csv', 'name,email\nA,a@example.com', 'upload') });
    assert.equal(otherField.status, 400);
    assert.deepEqual(await contactsOf(session), []);
  });

  test('refuses malformed CSV and JSON files whole, writing nothing', async () => {
    const session = await app.register();
    const cases: [string, string, RegExp][] = [
      ['bad.csv', 'name,email\n"Ada,ada@example.com\nGrace,grace@example.com', /^Invalid CSV file: /],
      ['noheader.csv', 'Ada,ada@example.com\nGrace,grace@example.com', /first row must name the columns/],
      ['nomail.csv', 'name,phone\nAda,555-0100', /No e-mail column found\. The columns are: name, phone\./],
      ['bad.json', '[{"name": "Ada", "email": "ada@example.com"}', /^Invalid JSON file: /],
      ['object.json', '{"name": "Ada", "email": "ada@example.com"}', /array of objects/],
      ['mixed.json', '[{"name": "Ada", "email": "ada@example.com"}, 42]', /Row 2/],
      ['empty.csv', 'name,email\n', /no contacts/],
    ];
    for (const [name, content, detail] of cases) {
      const response = await app.request('POST', '/contacts/bulk', { token: session.token, body: upload(name, content) });
      assert.equal(response.status, 400, name);
      assert.match(response.body.detail, detail, name);
    }
    const notUtf8 = await app.request('POST', '/contacts/bulk', { token: session.token, body: upload('latin1.csv', new Uint8Array([0x6e, 0x61, 0xff, 0xfe])) });
    assert.equal(notUtf8.status, 400);
    assert.deepEqual(await contactsOf(session), []);
  });

  test(`refuses a file of more than ${CONTACT_FILE_MAX_ROWS} rows`, async () => {
    const session = await app.register();
    const rows = Array.from({ length: CONTACT_FILE_MAX_ROWS + 1 }, (_, i) => `N${i},n${i}@x.io`);
    const response = await app.request('POST', '/contacts/bulk', { token: session.token, body: upload('many.csv', `name,email\n${rows.join('\n')}`) });
    assert.equal(response.status, 400);
    assert.match(response.body.detail, /more than 5000/);
    assert.deepEqual(await contactsOf(session), []);
  });

  test('appends a file of long rows in several appends, each far below the event store limit for one append', async () => {
    // EventStoreDB refuses one append over MaxAppendSize (1,048,576 bytes by default): a file close to the
    // 1 MiB upload limit must never become one append of that size.
    const session = await app.register();
    const rows = Array.from({ length: 1000 }, (_, i) => `Row ${i},${'x'.repeat(900)}${i}@example.com`);
    const file = `name,email\n${rows.join('\n')}`;
    assert.ok(file.length > 900_000 && file.length < CONTACT_FILE_MAX_BYTES);
    const store = app.ctx.eventStore;
    const appended: number[] = [];
    const append = store.append.bind(store);
    store.append = (stream, events, options) => {
      if (stream === contactsStream(session.user.id)) appended.push(Buffer.byteLength(JSON.stringify(events.map((e) => [e.data, e.metadata]))));
      return append(stream, events, options);
    };
    try {
      const response = await app.request('POST', '/contacts/bulk', { token: session.token, body: upload('long.csv', file) });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.added, 1000);
    } finally {
      delete (store as { append?: unknown }).append;
    }
    assert.ok(appended.length >= 4, `${appended.length} appends`);
    for (const bytes of appended) assert.ok(bytes <= 256 * 1024, `an append of ${bytes} bytes`);
    assert.equal((await app.ctx.eventStore.readStream(contactsStream(session.user.id))).length, 1000);
  });

  test('refuses with 413 a file holding a row too large for one append, writing nothing', async () => {
    const session = await app.register();
    const file = `name,email\nAda,ada@example.com\nHuge,${'x'.repeat(300_000)}@example.com\n`;
    const response = await app.request('POST', '/contacts/bulk', { token: session.token, body: upload('huge.csv', file) });
    assert.equal(response.status, 413);
    assert.equal(response.body.detail, 'Row 2 is too large.');
    assert.deepEqual(await app.ctx.eventStore.readStream(contactsStream(session.user.id)), []);
  });

  test('needs a valid token', async () => {
    await expectUnauthorized('POST', '/contacts/bulk', { body: () => upload('c.csv', 'name,email\nA,a@example.com') });
  });
});

describe('POST /contacts/batch-delete', () => {
  async function premiumWithContacts(count: number): Promise<{ session: Session; ids: string[] }> {
    const session = await app.register();
    await app.grantPremium(session.user.id);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const response = await app.request('POST', '/contacts/', { token: session.token, json: { name: `C${i}`, email: `c${i}@example.com` } });
      assert.equal(response.status, 201, response.text);
      ids.push(response.body.id);
    }
    return { session, ids };
  }
  const streamLength = async (userId: string): Promise<number> => (await app.ctx.eventStore.readStream(contactsStream(userId))).length;

  test('deletes several contacts in one request and says how many', async () => {
    const { session, ids } = await premiumWithContacts(3);
    await expectUnauthorized('POST', '/contacts/batch-delete', { json: { contact_ids: ids } });
    const response = await app.request('POST', '/contacts/batch-delete/', { token: session.token, json: { contact_ids: [ids[0], ids[2], ids[0]] } });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { message: '2 contacts deleted.', deleted: [ids[0], ids[2]] });
    assert.deepEqual((await contactsOf(session)).map((contact) => contact.id), [ids[1]]);
  });

  test("one unknown or another creator's contact refuses the whole batch: nothing is deleted", async () => {
    const { session, ids } = await premiumWithContacts(2);
    const other = await premiumWithContacts(1);
    const before = await streamLength(session.user.id);
    const response = await app.request('POST', '/contacts/batch-delete', { token: session.token, json: { contact_ids: [...ids, other.ids[0]] } });
    assert.equal(response.status, 404, response.text);
    assert.equal(response.body.detail, `Nothing was deleted: this contact was not found: ${other.ids[0]}.`);
    assert.equal(await streamLength(session.user.id), before);
    assert.equal((await contactsOf(session)).length, 2);
    assert.equal((await contactsOf(other.session)).length, 1);
  });

  test('is Premium only (403) and validates the body', async () => {
    const free = await app.register();
    const added = await app.request('POST', '/contacts/', { token: free.token, json: { name: 'A', email: 'a@example.com' } });
    const refused = await app.request('POST', '/contacts/batch-delete', { token: free.token, json: { contact_ids: [added.body.id] } });
    assert.equal(refused.status, 403);
    assert.match(refused.body.detail, /Premium feature/);
    assert.equal((await contactsOf(free)).length, 1);
    const { session } = await premiumWithContacts(0);
    for (const json of [{}, { contact_ids: [] }, { contact_ids: [1] }, { contact_ids: ['a'], extra: true }]) {
      const response = await app.request('POST', '/contacts/batch-delete', { token: session.token, json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.equal(typeof response.body.detail, 'string');
    }
  });
});
