import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConflictError, ForbiddenError, NotFoundError, QuotaExceededError, ValidationError } from '../shared/errors.ts';
import { fold } from '../shared/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { CONTACT_FILE_MAX_ROWS } from '../rules/limits.ts';
import type { ContactAdded, ContactRemoved } from './contact.events.ts';
import type { AddContacts } from './contacts.commands.ts';
import { CONTACT_REJECTIONS, contactsDecider, screenContactRows } from './contacts.decider.ts';
import { LONG_STREAM, foldInPlace } from '../testing/linear-fold.ts';

const now = '2026-11-21T10:00:00.000Z';
const ada: ContactAdded = {
  type: 'ContactAdded',
  data: { contactId: 'c1', userId: 'u1', name: 'Ada', email: 'Ada@Example.com', source: 'single', addedAt: now },
};
const adaRemoved: ContactRemoved = { type: 'ContactRemoved', data: { contactId: 'c1', userId: 'u1', removedAt: now } };
const spec = deciderSpec(contactsDecider);

describe('contacts decider: AddContact', () => {
  test('adds a contact with a trimmed name and email', () => {
    spec
      .given([])
      .when({ type: 'AddContact', data: { contactId: 'c1', userId: 'u1', name: '  Ada ', email: ' Ada@Example.com ', now } })
      .then([ada]);
  });

  test('rejects an email the creator already has, ignoring case', () => {
    spec
      .given([ada])
      .when({ type: 'AddContact', data: { contactId: 'c2', userId: 'u1', name: 'Other', email: 'ada@EXAMPLE.com', now } })
      .thenThrows(ConflictError, /^A contact with this email already exists\.$/);
  });

  test('accepts the email again once that contact was removed', () => {
    spec
      .given([ada, adaRemoved])
      .when({ type: 'AddContact', data: { contactId: 'c2', userId: 'u1', name: 'Ada', email: 'ada@example.com', now } })
      .then([{ type: 'ContactAdded', data: { contactId: 'c2', userId: 'u1', name: 'Ada', email: 'ada@example.com', source: 'single', addedAt: now } }]);
  });

  test('requires a name of at most 100 characters and a valid email', () => {
    const add = (name: string, email: string) => spec.given([]).when({ type: 'AddContact', data: { contactId: 'c1', userId: 'u1', name, email, now } });
    add('   ', 'a@b.co').thenThrows(ValidationError, /^Name is required\.$/);
    add('x'.repeat(101), 'a@b.co').thenThrows(ValidationError, /longer than 100/);
    add('x'.repeat(100), 'a@b.co').then([
      { type: 'ContactAdded', data: { contactId: 'c1', userId: 'u1', name: 'x'.repeat(100), email: 'a@b.co', source: 'single', addedAt: now } },
    ]);
    add('Ada', 'not-an-email').thenThrows(ValidationError, /Invalid email/);
    add('Bob\n\nYOUR PASSWORD EXPIRED. Reset it now at http://evil.example/reset', 'bob@example.com').thenThrows(ValidationError, /control characters/);
    add('Eve\u0085', 'eve@example.com').thenThrows(ValidationError, /control characters/);
  });
});

describe('contacts decider: AddContacts (bulk)', () => {
  test('adds only the valid rows whose email is new to the creator and to the file', () => {
    spec
      .given([ada])
      .when({
        type: 'AddContacts',
        data: {
          userId: 'u1',
          now,
          rows: [
            { contactId: 'b1', name: 'Grace', email: 'grace@example.com' },
            { contactId: 'b2', name: 'Bad', email: 'nope' },
            { contactId: 'b3', name: 'Grace again', email: 'GRACE@example.com' },
            { contactId: 'b4', name: 'Ada twin', email: 'ada@example.com' },
            { contactId: 'b5', name: '', email: 'noname@example.com' },
            { contactId: 'b6', name: 'Linus', email: 'linus@example.com' },
          ],
        },
      })
      .then([
        { type: 'ContactAdded', data: { contactId: 'b1', userId: 'u1', name: 'Grace', email: 'grace@example.com', source: 'bulk', addedAt: now } },
        { type: 'ContactAdded', data: { contactId: 'b6', userId: 'u1', name: 'Linus', email: 'linus@example.com', source: 'bulk', addedAt: now } },
      ]);
  });

  test('decides nothing when no row is acceptable', () => {
    spec.given([ada]).when({ type: 'AddContacts', data: { userId: 'u1', now, rows: [{ contactId: 'b1', name: 'A', email: 'ADA@example.com' }] } }).then([]);
  });

  test('a row reaching the mailbox of a contact (a +tag or Gmail-dots copy) adds nothing; after its removal it may', () => {
    const gmail: ContactAdded = { type: 'ContactAdded', data: { contactId: 'g1', userId: 'u1', name: 'Ada', email: 'ada.lovelace@gmail.com', source: 'single', addedAt: now } };
    const copies = [
      { contactId: 'b1', name: 'Ada', email: 'AdaLovelace+news@gmail.com' },
      { contactId: 'b2', name: 'Bea', email: 'bea@example.org' },
      { contactId: 'b3', name: 'Bea again', email: 'Bea+x@example.org' },
    ];
    const addedRows = contactsDecider.decide({ type: 'AddContacts', data: { userId: 'u1', now, rows: copies } }, fold(contactsDecider, [gmail]));
    assert.deepEqual(addedRows.map((event) => event.data.contactId), ['b2']);
    const removed: ContactRemoved = { type: 'ContactRemoved', data: { contactId: 'g1', userId: 'u1', removedAt: now } };
    const again = contactsDecider.decide({ type: 'AddContacts', data: { userId: 'u1', now, rows: copies.slice(0, 1) } }, fold(contactsDecider, [gmail, removed]));
    assert.deepEqual(again.map((event) => event.data.contactId), ['b1']);
  });

  test('a row the imported list marks as gone is kept with its status; an active one carries none', () => {
    const rows = [
      { contactId: 'b1', name: 'Una', email: 'una@example.org', listStatus: 'unsubscribed' as const },
      { contactId: 'b2', name: 'Val', email: 'val@example.org', listStatus: null },
    ];
    spec.given([]).when({ type: 'AddContacts', data: { userId: 'u1', now, rows } }).then([
      { type: 'ContactAdded', data: { contactId: 'b1', userId: 'u1', name: 'Una', email: 'una@example.org', source: 'bulk', addedAt: now, listStatus: 'unsubscribed' } },
      { type: 'ContactAdded', data: { contactId: 'b2', userId: 'u1', name: 'Val', email: 'val@example.org', source: 'bulk', addedAt: now } },
    ]);
  });

  test('refuses more rows than a file may hold', () => {
    const rows = Array.from({ length: CONTACT_FILE_MAX_ROWS + 1 }, (_, i) => ({ contactId: `b${i}`, name: 'N', email: `n${i}@example.com` }));
    spec.given([]).when({ type: 'AddContacts', data: { userId: 'u1', now, rows } }).thenThrows(ValidationError, /at most/);
  });

  test('explains every refused row', () => {
    const screened = screenContactRows(
      [
        { name: 'A', email: 'a@example.com' },
        { name: 'A2', email: 'A@example.com' },
        { name: 'x'.repeat(101), email: 'long@example.com' },
        { name: 'Old', email: 'old@example.com' },
        { name: 'Bad', email: 'bad@' },
      ],
      new Set(['old@example.com']),
    );
    assert.deepEqual(
      screened.map((entry) => entry.reason),
      [null, CONTACT_REJECTIONS.duplicateInFile, CONTACT_REJECTIONS.nameTooLong, CONTACT_REJECTIONS.alreadyExists, CONTACT_REJECTIONS.invalidEmail],
    );
  });
});

describe('contacts decider: RemoveContact', () => {
  test('removes one of the creator\'s contacts', () => {
    spec.given([ada]).when({ type: 'RemoveContact', data: { contactId: 'c1', userId: 'u1', now } }).then([adaRemoved]);
  });

  test('answers not found for an unknown or already removed contact', () => {
    spec.given([]).when({ type: 'RemoveContact', data: { contactId: 'c1', userId: 'u1', now } }).thenThrows(NotFoundError, /Contact not found/);
    spec.given([ada, adaRemoved]).when({ type: 'RemoveContact', data: { contactId: 'c1', userId: 'u1', now } }).thenThrows(NotFoundError);
  });
});

describe('contacts decider: RemoveContacts (batch, Premium)', () => {
  const bob: ContactAdded = { type: 'ContactAdded', data: { contactId: 'c2', userId: 'u1', name: 'Bob', email: 'bob@example.com', source: 'single', addedAt: now } };
  const removeAll = (contactIds: string[], isPremium = true) => ({ type: 'RemoveContacts', data: { contactIds, userId: 'u1', isPremium, now } }) as const;

  test('removes every selected contact in one decision, repeats counted once', () => {
    spec
      .given([ada, bob])
      .when(removeAll(['c1', 'c2', 'c1']))
      .then([adaRemoved, { type: 'ContactRemoved', data: { contactId: 'c2', userId: 'u1', removedAt: now } }]);
  });

  test('one unknown or already removed contact refuses the whole batch, naming it', () => {
    spec.given([ada, bob, adaRemoved]).when(removeAll(['c2', 'c1', 'zz'])).thenThrows(NotFoundError, /^Nothing was deleted: these contacts were not found: c1, zz\.$/);
  });

  test('is Premium only and needs at least one id', () => {
    spec.given([ada]).when(removeAll(['c1'], false)).thenThrows(ForbiddenError, /Premium feature/);
    spec.given([ada]).when(removeAll([])).thenThrows(ValidationError, /at least one/);
  });
});

describe('contacts decider: the cap of the tier', () => {
  const bob: ContactAdded = { type: 'ContactAdded', data: { contactId: 'c2', userId: 'u1', name: 'Bob', email: 'bob@example.com', source: 'single', addedAt: now } };
  const add = (maxContacts?: number) =>
    ({ type: 'AddContact', data: { contactId: 'c3', userId: 'u1', name: 'Cy', email: 'cy@example.com', now, ...(maxContacts === undefined ? {} : { maxContacts }) } }) as const;
  const bulk = (maxContacts: number): AddContacts => ({
    type: 'AddContacts',
    data: { userId: 'u1', now, maxContacts, rows: [{ contactId: 'b1', name: 'Cy', email: 'cy@example.com' }, { contactId: 'b2', name: 'Di', email: 'di@example.com' }] },
  });

  test('refuses a contact past the cap with a 429 that says the limit', () => {
    spec.given([ada, bob]).when(add(2)).thenThrows(QuotaExceededError, /at most 2 contacts/);
    spec.given([ada, bob]).when(add(3)).then([{ type: 'ContactAdded', data: { contactId: 'c3', userId: 'u1', name: 'Cy', email: 'cy@example.com', source: 'single', addedAt: now } }]);
  });

  test('a removed contact makes room', () => {
    spec.given([ada, bob, adaRemoved]).when(add(2)).then([{ type: 'ContactAdded', data: { contactId: 'c3', userId: 'u1', name: 'Cy', email: 'cy@example.com', source: 'single', addedAt: now } }]);
  });

  test('a bulk upload that would pass the cap adds nothing', () => {
    spec.given([ada]).when(bulk(2)).thenThrows(QuotaExceededError, /Contact limit reached/);
    assert.equal(contactsDecider.decide(bulk(3), contactsDecider.initialState()).length, 2);
  });

  test('without a tier the Free cap applies', () => {
    const full = { contacts: new Map(Array.from({ length: 50_000 }, (_, i) => [`x${i}`, `n${i}@example.com`])), emailKeys: new Set<string>(), mailboxes: new Map<string, number>() };
    assert.throws(() => contactsDecider.decide(add(), full), QuotaExceededError);
  });
});

describe('contacts decider: long streams', () => {
  test('folding 100,000 events stays linear: the contact map and email set are updated in place', () => {
    const event = (i: number): ContactAdded | ContactRemoved =>
      i % 10 === 9
        ? { type: 'ContactRemoved', data: { contactId: `c${i - 1}`, userId: 'u1', removedAt: now } }
        : { type: 'ContactAdded', data: { contactId: `c${i}`, userId: 'u1', name: 'N', email: `n${i}@example.com`, source: 'bulk', addedAt: now } };
    const state = foldInPlace(contactsDecider, LONG_STREAM, event, (s) => [s.contacts, s.emailKeys, s.mailboxes]);
    assert.equal(state.contacts.size, LONG_STREAM * 0.8);
    assert.equal(state.emailKeys.size, LONG_STREAM * 0.8);
    assert.equal(state.mailboxes.size, LONG_STREAM * 0.8);
  });
});
