import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contactsStream } from '@crossfeed/domain/shared/streams.ts';
import { CONTACTS, contactsProjection } from './contacts.projection.ts';
import { projectEvents } from '../testing/project-events.ts';


const now = '2026-11-21T10:00:00.000Z';
const added = (contactId: string, userId: string, email: string) => ({
  stream: contactsStream(userId),
  type: 'ContactAdded',
  data: { contactId, userId, name: `Name ${contactId}`, email, source: 'single', addedAt: now },
});

describe('contacts projection', () => {
  test('keeps one document per contact with the email key and no score yet', async () => {
    const store = await projectEvents(contactsProjection, [added('c1', 'u1', 'Ada@Example.com'), added('c2', 'u2', 'b@example.com')]);
    const doc = await store.collection(CONTACTS).findOne({ _id: 'c1' }, { projection: { _pos: 0 } });
    assert.deepEqual(doc, {
      _id: 'c1',
      user_id: 'u1',
      name: 'Name c1',
      email: 'Ada@Example.com',
      email_key: 'ada@example.com',
      mailbox_key: 'ada@example.com',
      list_status: null,
      audience_score: null,
      created_at: now,
    });
    assert.equal(await store.collection(CONTACTS).count({ user_id: 'u2' }), 1);
  });

  test("keeps what the creator's imported list said of the person", async () => {
    const store = await projectEvents(contactsProjection, [{ ...added('c1', 'u1', 'gone@example.com'), data: { ...added('c1', 'u1', 'gone@example.com').data, source: 'bulk', listStatus: 'unsubscribed' } }]);
    assert.equal((await store.collection(CONTACTS).findOne({ _id: 'c1' }))?.list_status, 'unsubscribed');
  });

  test('removes the document of a removed contact only', async () => {
    const store = await projectEvents(contactsProjection, [
      added('c1', 'u1', 'a@example.com'),
      added('c2', 'u1', 'b@example.com'),
      { stream: contactsStream('u1'), type: 'ContactRemoved', data: { contactId: 'c1', userId: 'u1', removedAt: now } },
    ]);
    const ids = (await store.collection(CONTACTS).find({ user_id: 'u1' })).map((doc) => doc._id);
    assert.deepEqual(ids, ['c2']);
  });
});
