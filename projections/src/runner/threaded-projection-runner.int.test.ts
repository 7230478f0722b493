/**
 * The embedded read models as `npm start` opens them (open-read-models.ts): the runner and every write to
 * the read-model file in the projection thread, reads and the runner's interface on this thread.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '@crossfeed/platform/config/config.ts';
import type { Position, RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteEventStore, type SqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { Lifecycle } from '@crossfeed/platform/lifecycle.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { ReadStoreResetError } from '@crossfeed/platform/read-store/read-store.port.ts';
import { ThreadedSqliteReadStore } from '@crossfeed/platform/read-store/threaded-sqlite-read-store.ts';
import { STABLE_MS } from '@crossfeed/platform/read-store/sqlite/kept-answers.ts';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { seedUsers } from '../testing/seed-users.ts';
import { USERS, type UserDoc } from '../users/users.projection.ts';
import { openReadModels, type ReadModels, type RunnerOptions } from './open-read-models.ts';
import type { ReplayProgress } from './projection-runner.ts';
import { ThreadedProjectionRunner } from './threaded-projection-runner.ts';

let root: string;
before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-threaded-runner-'));
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

interface Opened {
  dir: string;
  eventStore: SqliteEventStore;
  readModels: ReadModels;
  lifecycle: Lifecycle;
}

const opens: Lifecycle[] = [];
after(async () => {
  // A failed test leaves its threads running: stop them so the file ends.
  for (const lifecycle of opens) await lifecycle.shutdown().catch(() => undefined);
});

let dirs = 0;
async function open(dir = path.join(root, `d${++dirs}`), soleWriter = false): Promise<Opened> {
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const logger = createLogger({ level: 'silent' });
  const lifecycle = new Lifecycle(logger);
  opens.push(lifecycle);
  const eventStore = createSqliteEventStore({ file: path.join(dir, 'events.db'), appendInThread: true });
  lifecycle.add('event store', () => eventStore.close());
  const readModels = await openReadModels({ config, logger, lifecycle }, eventStore, { soleWriter });
  return { dir, eventStore, readModels, lifecycle };
}

async function started(opened: Opened, options: RunnerOptions = {}): Promise<ThreadedProjectionRunner> {
  const runner = opened.readModels.createRunner(options);
  assert.ok(runner instanceof ThreadedProjectionRunner, 'embedded: the runner runs in the projection thread');
  opened.lifecycle.add('projections', () => runner.stop());
  await runner.start();
  return runner;
}

const USERS_SEEDED = 2000;

async function until<T>(what: string, read: () => Promise<T | undefined> | T | undefined, everyMs = 10): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

describe('projections in their own thread', () => {
  test('a command waits for its position, and what it wrote is readable here right after', async () => {
    const opened = await open();
    const runner = await started(opened);
    assert.ok(opened.readModels.readStore instanceof ThreadedSqliteReadStore);
    for (let i = 0; i < 20; i++) {
      const position = (await seedUsers(opened.eventStore, 1, `u${i}`)) as Position;
      assert.equal(await runner.waitFor(position, 5000), true);
      assert.equal((await opened.readModels.readStore.collection<UserDoc>(USERS).findOne({ _id: `u${i}-0` }))?.username, `u${i}0`);
      assert.ok((runner.position() ?? '') >= position);
    }
    await opened.lifecycle.shutdown();
  });

  test('the sole writer\'s documents kept by id: a change the thread commits is read at once, a changed copy never served', async () => {
    const opened = await open(undefined, true);
    const runner = await started(opened);
    const users = opened.readModels.readStore.collection<UserDoc>(USERS);
    await runner.waitFor((await seedUsers(opened.eventStore, 1, 'kept')) as Position, 5000);
    const first = await users.findOne({ _id: 'kept-0' });
    assert.equal(first?.token_version, 0);
    first!.username = 'mutated';
    assert.equal((await users.findOne({ _id: 'kept-0' }))?.username, 'kept0', 'each read is a copy');
    assert.equal(await users.findOne({ _id: 'nobody-0' }), null);
    for (let i = 1; i <= 5; i++) {
      // A password change revokes earlier tokens: the next request must see the new token version.
      const { position } = await handleCommand(opened.eventStore, userDecider, userStream('kept-0'), {
        type: 'ChangePassword',
        data: { userId: 'kept-0', passwordHash: `argon2id$new${i}`, now: new Date().toISOString() },
      });
      assert.equal(await runner.waitFor(position!, 5000), true);
      assert.equal((await users.findOne({ _id: 'kept-0' }))?.token_version, i);
    }
    await runner.waitFor((await seedUsers(opened.eventStore, 1, 'nobody')) as Position, 5000);
    assert.equal((await users.findOne({ _id: 'nobody-0' }))?.username, 'nobody0', 'an absent document kept as absent is read again once its collection changed');
    await opened.lifecycle.shutdown();
  });

  test('the sole writer\'s kept answers: once kept, a query still sees each change the thread commits', async () => {
    const opened = await open(undefined, true);
    const runner = await started(opened);
    const users = opened.readModels.readStore.collection<UserDoc>(USERS);
    await runner.waitFor((await seedUsers(opened.eventStore, 3, 'asked')) as Position, 5000);
    const queries = async () => ({
      byEmail: (await users.findOne({ email: 'asked1@example.com' }))?.token_version,
      versions: (await users.find({ username: { $in: ['asked0', 'asked1', 'asked2'] } }, { sort: { username: 1 } })).map((user) => user.token_version ?? 0),
      changed: await users.count({ token_version: { $gt: 0 } }),
    });
    for (let i = 1; i <= 3; i++) {
      // The collection stands still long enough for the answers to be kept, and they are read twice.
      await sleep(STABLE_MS + 10);
      const before = await queries();
      assert.deepEqual(await queries(), before);
      const mutable = await users.find({ username: 'asked1' });
      mutable[0]!.token_version = 99;
      assert.equal((await users.find({ username: 'asked1' }))[0]?.token_version, i - 1, 'each answer is a copy');
      const { position } = await handleCommand(opened.eventStore, userDecider, userStream('asked-1'), {
        type: 'ChangePassword',
        data: { userId: 'asked-1', passwordHash: `argon2id$new${i}`, now: new Date().toISOString() },
      });
      assert.equal(await runner.waitFor(position!, 5000), true);
      assert.deepEqual(await queries(), { byEmail: i, versions: [0, i, 0], changed: 1 });
    }
    await sleep(STABLE_MS + 10);
    await queries();
    await queries();
    await opened.lifecycle.shutdown();
    // Kept or not, nothing is read from a closed store.
    await assert.rejects(users.find({ username: { $in: ['asked0', 'asked1', 'asked2'] } }, { sort: { username: 1 } }), /closed/);
    await assert.rejects(users.findOne({ _id: 'asked-1' }), /closed/);
  });

  test('live events reach onLiveEvent here in log order, each once every read model includes it', async () => {
    const opened = await open();
    const seen: { id: string; readable: boolean }[] = [];
    const users = opened.readModels.readStore.collection<UserDoc>(USERS);
    await started(opened, {
      onLiveEvent: async (event: RecordedEvent) => {
        const userId = (event.data as { userId: string }).userId;
        seen.push({ id: userId, readable: (await users.findOne({ _id: userId })) !== null });
      },
    });
    await Promise.all(Array.from({ length: 30 }, (_, i) => seedUsers(opened.eventStore, 1, `live${i}`)));
    await until('30 live events', () => (seen.length >= 30 ? seen : undefined));
    const registered = (await opened.eventStore.readAll({ limit: 1000 })).map((event) => (event.data as { userId: string }).userId);
    assert.deepEqual(
      seen.map((entry) => entry.id),
      registered,
      'in log order',
    );
    assert.ok(seen.every((entry) => entry.readable));
    await opened.lifecycle.shutdown();
  });

  test('writes made here go through the thread and are read back at once; a rebuild reports its progress', async () => {
    const opened = await open();
    const runner = await started(opened);
    await seedUsers(opened.eventStore, 50, 'r');
    const checkpoints = opened.readModels.readStore.collection('_checkpoints');
    await checkpoints.upsert({ _id: 'dispatcher' }, { $set: { position: '00000000000000000007' } });
    assert.equal((await checkpoints.findOne({ _id: 'dispatcher' }))?.position, '00000000000000000007');
    const progress: ReplayProgress[] = [];
    await runner.rebuild('users', (report) => progress.push(report));
    assert.ok(progress.length > 0);
    assert.equal(progress.at(-1)?.done, 50);
    assert.equal(await opened.readModels.readStore.collection(USERS).count({}), 50);
    await opened.lifecycle.shutdown();
  });

  test('corruption a read finds here: the thread recreates the file, is not ready while it rebuilds, then serves again', async () => {
    const first = await open();
    await started(first);
    const position = (await seedUsers(first.eventStore, USERS_SEEDED, 'c')) as Position;
    await until('the users', async () => ((await first.readModels.readStore.collection(USERS).count({})) === USERS_SEEDED ? true : undefined));
    assert.ok(position);
    await first.lifecycle.shutdown();

    // Garbage over the users table's root page, which nothing reads at a clean open.
    const file = path.join(first.dir, 'read-models.db');
    const db = new DatabaseSync(file, { readOnly: true });
    const { tid } = db.prepare('SELECT tid FROM _rs_collections WHERE name = ?').get(USERS) as { tid: number };
    const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(`c${tid}`) as { rootpage: number };
    const { page_size: pageSize } = db.prepare('PRAGMA page_size').get() as { page_size: number };
    db.close();
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (rootpage - 1) * pageSize);
    fs.closeSync(fd);

    const again = await open(first.dir);
    // The rebuild of 2,000 users can start and end between two polls: not ready is checked as it reports
    // its progress (the thread reports the state that says so before it starts).
    let notReadyWhileRebuilding = false;
    const runner = await started(again, {
      onCatchUpProgress: (_progress, finished) => {
        if (!finished) notReadyWhileRebuilding ||= runner.recovering;
      },
    });
    const users = again.readModels.readStore.collection<UserDoc>(USERS);
    await assert.rejects(users.findOne({ _id: 'c-1' }), ReadStoreResetError);
    const movedAside = fs.readdirSync(first.dir).filter((name) => name.startsWith('read-models.db.corrupt-') && !/-(wal|shm)$/.test(name));
    assert.equal(movedAside.length, 1, 'moved aside');
    await until('a rebuild that was not ready, then its end', () => (notReadyWhileRebuilding && !runner.recovering ? true : undefined));
    assert.equal(await users.count({}), USERS_SEEDED);
    const next = (await seedUsers(again.eventStore, 1, 'after')) as Position;
    assert.equal(await runner.waitFor(next, 5000), true);
    assert.equal((await users.findOne({ _id: 'after-0' }))?.username, 'after0');
    await again.lifecycle.shutdown();
  });
});
