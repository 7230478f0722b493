import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { CHECKPOINTS } from '../projection.ts';
import { projections } from '../registry.ts';
import { APPLIED, countingProjection } from '../testing/counting.projection.ts';
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
  const readStore = await createSqliteReadStore({ file: ':memory:' });
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

describe('projection runner: live batching', () => {
  /** Counts the read store's batches and can make the next ones fail or lag. */
  function instrument(readStore: ReadStore) {
    const applyBatch = readStore.applyBatch.bind(readStore);
    const state = { batches: 0, failures: 0, failNext: 0, delayMs: 0 };
    readStore.applyBatch = async (ops) => {
      if (state.failNext > 0) {
        state.failNext--;
        state.failures++;
        throw new Error('the read store is unavailable');
      }
      await applyBatch(ops);
      state.batches++;
      if (state.delayMs > 0) await sleep(state.delayMs);
    };
    return state;
  }

  const registered = (i: number, prefix: string) => ({
    type: 'UserRegistered',
    data: { userId: `${prefix}-${i}`, username: `${prefix}${i}`, email: `${prefix}${i}@example.com`, passwordHash: 'h', isAdmin: false, registeredAt: '2026-11-21T10:00:00.000Z' },
  });
  const register = (eventStore: EventStore, i: number, prefix: string) => eventStore.append(`user-${prefix}-${i}`, [registered(i, prefix)]);

  test('a burst of live events is applied in far fewer read-store batches than events, across every projection', async () => {
    const { eventStore, readStore } = await setup();
    const counted = [...projections, countingProjection];
    const seen: string[] = [];
    const runner = new ProjectionRunner({ eventStore, readStore, projections: counted, onLiveEvent: (event) => void seen.push(event.id) });
    await runner.start();
    const state = instrument(readStore);
    state.delayMs = 5; // a flush takes a while: events pile up behind it
    const appended: string[] = [];
    // A burst: 300 events committed at once (one append), then 100 more one by one.
    const burst = Array.from({ length: 300 }, (_, i) => registered(i, 'burst'));
    let last = (await eventStore.append('user-burst', burst)).position;
    for (let i = 300; i < 400; i++) last = (await eventStore.append(`user-burst-${i}`, [registered(i, 'burst')])).position;
    for (const event of await eventStore.readAll({ limit: 1000 })) appended.push(event.id);
    assert.equal(await runner.waitFor(last, 10_000), true);
    await until('every live callback', () => seen.length >= 400);
    assert.ok(state.batches < 400 / 4, `${state.batches} batches for 400 events`);
    assert.equal(await readStore.collection(USERS).count({}), 400);
    assert.equal((await readStore.collection(APPLIED).findOne({ _id: 'all' }))?.count, 400);
    // Every projection's checkpoint moved with the same batches.
    const checkpoints = await readStore.collection(CHECKPOINTS).find({});
    assert.equal(checkpoints.length, counted.length);
    assert.ok(checkpoints.every((checkpoint) => checkpoint.position === last));
    assert.deepEqual(seen, appended, 'callbacks in log order, once each');
    await runner.stop();
    await eventStore.close();
  });

  test('a failing apply is retried with the same events: none lost, none applied twice', async () => {
    const { eventStore, readStore } = await setup();
    const logged: string[] = [];
    const logger = createLogger({ level: 'silent' });
    logger.error = ((_fields: unknown, message: string) => void logged.push(message)) as typeof logger.error;
    const seen: string[] = [];
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [usersProjection, countingProjection],
      logger,
      onLiveEvent: (event) => void seen.push((event.data as { userId: string }).userId),
    });
    await runner.start();
    const state = instrument(readStore);
    state.failNext = 3;
    let last = '';
    for (let i = 0; i < 40; i++) last = (await register(eventStore, i, 'retry')).position;
    assert.equal(await runner.waitFor(last, 10_000), true);
    assert.equal(state.failures, 3);
    assert.ok(logged.some((message) => message.includes('projection apply failed; retrying')));
    assert.equal(await readStore.collection(USERS).count({}), 40);
    assert.equal((await readStore.collection(APPLIED).findOne({ _id: 'all' }))?.count, 40);
    await until('every live callback', () => seen.length >= 40);
    assert.deepEqual(seen, Array.from({ length: 40 }, (_, i) => `retry-${i}`));
    await runner.stop();
    await eventStore.close();
  });

  test('stop() applies what was delivered before it returns', async () => {
    const { eventStore, readStore } = await setup();
    const runner = new ProjectionRunner({ eventStore, readStore, projections: [usersProjection] });
    await runner.start();
    const state = instrument(readStore);
    state.delayMs = 20;
    let last = '';
    for (let i = 0; i < 30; i++) last = (await register(eventStore, i, 'drain')).position;
    await until('the first live batch', () => state.batches >= 1);
    await runner.stop();
    const checkpoint = await readStore.collection(CHECKPOINTS).findOne({ _id: usersProjection.name });
    const users = await readStore.collection(USERS).count({});
    // Whatever the subscription delivered is applied; the checkpoint says exactly how far that went.
    assert.equal(users, (await eventStore.readAll({ limit: 100 })).filter((event) => event.position <= String(checkpoint?.position)).length);
    assert.ok(users >= 1 && users <= 30);
    assert.ok(String(checkpoint?.position) <= last);
    await eventStore.close();
  });
});
