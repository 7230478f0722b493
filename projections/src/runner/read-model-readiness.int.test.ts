import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { checkpointOp } from '../projection.ts';
import { createReadModelReadiness, STARTING_DETAIL } from './read-model-readiness.ts';

test('ready only while every projection checkpoint is within the allowed lag of the log head', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-readiness-'));
  const eventStore = await createSqliteEventStore({ file: path.join(dir, 'events.db') });
  const readStore = await createSqliteReadStore({ file: ':memory:' });
  const readiness = createReadModelReadiness({ eventStore, readStore, projectionNames: ['a', 'b'], maxLagEvents: 2 });
  const append = async (store: EventStore, n: number) => {
    let last = '';
    for (let i = 0; i < n; i++) last = (await store.append(`s-${i}`, [{ type: 'E', data: {} }])).position;
    return last;
  };
  try {
    assert.equal(readiness.ready, false);
    assert.equal(readiness.detail, STARTING_DETAIL);
    // An empty log: nothing to catch up on.
    await readiness.check();
    assert.equal(readiness.ready, true);

    const head = await append(eventStore, 5);
    await readiness.check();
    assert.equal(readiness.ready, false, 'no checkpoint yet, 5 events in the log');
    assert.equal(readiness.detail, 'The read models are catching up: more than 2 events behind the event log.');

    await readStore.applyBatch([checkpointOp('a', head, 1)]);
    await readiness.check();
    assert.equal(readiness.ready, false, 'b has no checkpoint');

    await readStore.applyBatch([checkpointOp('b', head, 1)]);
    await readiness.check();
    assert.equal(readiness.ready, true);
    assert.equal(readiness.detail, '');

    await append(eventStore, 2);
    await readiness.check();
    assert.equal(readiness.ready, true, 'two events behind is within the lag');
    const newHead = await append(eventStore, 1);
    await readiness.check();
    assert.equal(readiness.ready, false, 'three events behind is not');
    await readStore.applyBatch([checkpointOp('a', newHead, 1), checkpointOp('b', newHead, 1)]);
    await readiness.check();
    assert.equal(readiness.ready, true);

    await eventStore.close();
    await readiness.check();
    assert.equal(readiness.ready, false, 'an event store that cannot be read is not ready');
    assert.match(readiness.detail, /cannot be checked/);
  } finally {
    await readStore.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
