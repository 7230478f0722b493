import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { createMemoryReadStore } from '@crossfeed/platform/read-store/memory-read-store.ts';
import { seedUsers } from '../testing/seed-users.ts';
import { USERS, usersProjection } from '../users/users.projection.ts';
import { ProjectionRunner } from './projection-runner.ts';

let dir: string;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-live-'));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

async function until(what: string, check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

let counter = 0;
async function setup() {
  const eventStore = await createSqliteEventStore({ file: path.join(dir, `events-${++counter}.db`) });
  const readStore = await createMemoryReadStore();
  return { eventStore, readStore };
}

describe('projection runner: onLiveEvent', () => {
  test('is called for live events only, in order, once the read models include them', async () => {
    const { eventStore, readStore } = await setup();
    await seedUsers(eventStore, 3, 'before'); // history: caught up at start, never reported
    const seen: { id: string; type: string; readable: boolean }[] = [];
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [usersProjection],
      onLiveEvent: async (event: RecordedEvent) => {
        const userId = (event.data as { userId: string }).userId;
        const user = await readStore.collection(USERS).findOne({ _id: userId });
        seen.push({ id: userId, type: event.type, readable: user !== undefined && user !== null });
      },
    });
    await runner.start();
    await seedUsers(eventStore, 3, 'live');
    await until('three live callbacks', () => seen.length >= 3);
    await runner.rebuild('users'); // a rebuild re-applies history: still no callback
    await sleep(50);
    assert.deepEqual(
      seen,
      ['live-0', 'live-1', 'live-2'].map((id) => ({ id, type: 'UserRegistered', readable: true })),
    );
    await runner.stop();
    await eventStore.close();
  });

  test('a failing callback is logged and never stops the projections', async () => {
    const { eventStore, readStore } = await setup();
    const logged: string[] = [];
    const logger = createLogger({ level: 'silent' });
    logger.error = ((_fields: unknown, message: string) => void logged.push(message)) as typeof logger.error;
    let calls = 0;
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [usersProjection],
      logger,
      onLiveEvent: (event) => {
        calls++;
        if ((event.data as { userId: string }).userId === 'boom-0') throw new Error('push failed');
        return Promise.reject(new Error('async push failed'));
      },
    });
    await runner.start();
    const position = await seedUsers(eventStore, 3, 'boom');
    assert.ok(position);
    assert.equal(await runner.waitFor(position, 2000), true);
    await until('three callbacks', () => calls >= 3);
    await until('errors logged', () => logged.length >= 3);
    assert.equal(await readStore.collection(USERS).count({}), 3);
    assert.ok(logged.every((message) => message.includes('live event callback failed')));
    await runner.stop();
    await eventStore.close();
  });
});
