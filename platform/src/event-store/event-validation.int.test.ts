import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { EventOf } from '@crossfeed/domain/events.ts';
import { InvalidEvent, assertValidEvents } from './event-validation.ts';
import { createSqliteEventStore } from './sqlite-event-store.ts';

const removed: EventOf<'ContactRemoved'> = { type: 'ContactRemoved', data: { contactId: 'c1', userId: 'u1', removedAt: '2025-01-01T00:00:00.000Z' } };

describe('event validation at append', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'crossfeed-event-validation-'));
  });
  after(() => rm(root, { recursive: true, force: true }));

  test('refuses a domain event whose data is not what its type says, naming the type and the field', () => {
    const missing = { type: 'ContactRemoved', data: { contactId: 'c1', removedAt: '2025-01-01T00:00:00.000Z' } };
    for (const validation of ['strict', 'known'] as const) {
      assert.throws(
        () => assertValidEvents('contacts-u1', [removed, missing], validation),
        (error) => error instanceof InvalidEvent && error.type === 'ContactRemoved' && error.stream === 'contacts-u1' && /userId/.test(error.message),
      );
    }
    assert.throws(() => assertValidEvents('user-u1', [{ type: 'ContentShared', data: { ...removed.data, contactIds: 'c1' } }], 'known'), InvalidEvent);
  });

  test('accepts events as their types describe them, older optional fields left out', () => {
    assert.doesNotThrow(() => assertValidEvents('contacts-u1', [removed], 'strict'));
    const legacyClick = {
      type: 'LinkClicked',
      data: { contentId: 'x', ownerId: 'o', shortCode: 'abc', contactId: null, human: true, botReason: null, clickedAt: '2025-01-01T00:00:00.000Z' },
    };
    assert.doesNotThrow(() => assertValidEvents('content-x', [legacyClick], 'strict'));
  });

  test('a type the domain does not know is refused when strict, stored by the default, and anything goes when off', () => {
    const madeUp = { type: 'Tick', data: { n: 1 } };
    assert.throws(() => assertValidEvents('tick-1', [madeUp], 'strict'), (error) => error instanceof InvalidEvent && /not an event type/.test(error.message));
    assert.doesNotThrow(() => assertValidEvents('tick-1', [madeUp], 'known'));
    assert.doesNotThrow(() => assertValidEvents('contacts-u1', [{ type: 'ContactRemoved', data: {} }], 'off'));
  });

  test('the SQLite store refuses the whole append and writes nothing of it', async () => {
    const store = createSqliteEventStore({ file: join(root, 'events.db'), validation: 'strict' });
    try {
      await assert.rejects(store.append('contacts-u1', [removed, { type: 'ContactRemoved', data: { contactId: 'c2' } }]), InvalidEvent);
      assert.deepEqual(await store.readStream('contacts-u1'), []);
      assert.equal((await store.append('contacts-u1', [removed])).nextRevision, 0n);
    } finally {
      await store.close();
    }
  });
});
