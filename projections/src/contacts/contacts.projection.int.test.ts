import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contactsStream } from '@crossfeed/domain/shared/streams.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createMemoryReadStore } from '@crossfeed/platform/read-store/memory-read-store.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { Projection } from '../projection.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';
import { CONTACTS, contactsProjection } from './contacts.projection.ts';

async function projected(projection: Projection, events: { stream: string; type: string; data: unknown }[]): Promise<ReadStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-contacts-'));
  const eventStore = await createSqliteEventStore({ file: path.join(dir, 'events.db') });
  for (const { stream, type, data } of events) await eventStore.append(stream, [{ type, data }], { expectedRevision: 'any' });
  const readStore = await createMemoryReadStore();
  const runner = new ProjectionRunner({ eventStore, readStore, projections: [projection] });
  await runner.start();
  await runner.stop();
  await eventStore.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return readStore;
}

const now = '2026-11-21T10:00:00.000Z';
const added = (contactId: string, userId: string, email: string) => ({
  stream: contactsStream(userId),
  type: 'ContactAdded',
  data: { contactId, userId, name: `Name ${contactId}`, email, source: 'single', addedAt: now },
});

describe('contacts projection', () => {
  test('keeps one document per contact with the email key and no score yet', async () => {
    const store = await projected(contactsProjection, [added('c1', 'u1', 'Ada@Example.com'), added('c2', 'u2', 'b@example.com')]);
    const doc = await store.collection(CONTACTS).findOne({ _id: 'c1' }, { projection: { _pos: 0 } });
    assert.deepEqual(doc, {
      _id: 'c1',
      user_id: 'u1',
      name: 'Name c1',
      email: 'Ada@Example.com',
      email_key: 'ada@example.com',
      audience_score: null,
      created_at: now,
    });
    assert.equal(await store.collection(CONTACTS).count({ user_id: 'u2' }), 1);
  });

  test('removes the document of a removed contact only', async () => {
    const store = await projected(contactsProjection, [
      added('c1', 'u1', 'a@example.com'),
      added('c2', 'u1', 'b@example.com'),
      { stream: contactsStream('u1'), type: 'ContactRemoved', data: { contactId: 'c1', userId: 'u1', removedAt: now } },
    ]);
    const ids = (await store.collection(CONTACTS).find({ user_id: 'u1' })).map((doc) => doc._id);
    assert.deepEqual(ids, ['c2']);
  });
});
