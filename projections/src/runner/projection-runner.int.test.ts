import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { DuplicateKeyError, type ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CHECKPOINTS, type Projection } from '../projection.ts';
import { projections } from '../registry.ts';
import { readModelHash } from '../testing/read-model-hash.ts';
import { seedUsers } from '../testing/seed-users.ts';
import { APPLIED, countingProjection } from '../testing/counting.projection.ts';
import { USERS, usersProjection } from '../users/users.projection.ts';
import { ProjectionRunner, type ReplayProgress } from './projection-runner.ts';

let dir: string;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-runner-'));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

let counter = 0;
async function stores(): Promise<{ eventStore: EventStore; readStore: ReadStore; file: string }> {
  const file = path.join(dir, `events-${++counter}.db`);
  return { eventStore: await createSqliteEventStore({ file }), readStore: await createSqliteReadStore({ file: ':memory:' }), file };
}

const crashTested = [...projections, countingProjection];

async function cleanRebuildHash(eventStore: EventStore): Promise<string> {
  const readStore = await createSqliteReadStore({ file: ':memory:' });
  const runner = new ProjectionRunner({ eventStore, readStore, projections: crashTested });
  await runner.start();
  await runner.stop();
  return readModelHash(readStore, crashTested);
}

describe('projection runner', () => {
  test('a registered user is readable as soon as waitFor resolves (read your writes)', async () => {
    const { eventStore, readStore } = await stores();
    const runner = new ProjectionRunner({ eventStore, readStore, projections });
    await runner.start();
    const result = await handleCommand(eventStore, userDecider, userStream('u1'), {
      type: 'RegisterUser',
      data: { userId: 'u1', username: 'Ada', email: 'ada@example.com', passwordHash: 'h', isAdmin: false, now: '2026-11-21T10:00:00.000Z' },
    });
    assert.ok(result.position);
    assert.equal(await runner.waitFor(result.position, 2000), true);
    const user = await readStore.collection(USERS).findOne({ _id: 'u1' });
    assert.equal(user?.username, 'Ada');
    assert.equal(user?.username_key, 'ada');
    assert.equal(user?.is_premium, false);
    await runner.stop();
    await eventStore.close();
  });

  test('waitFor resolves false when the position is not reached in time', async () => {
    const { eventStore, readStore } = await stores();
    const runner = new ProjectionRunner({ eventStore, readStore, projections });
    await runner.start();
    assert.equal(await runner.waitFor('99999999999999999999', 50), false);
    await runner.stop();
    await eventStore.close();
  });

  test('stores the checkpoint with the effect and resumes from it without applying an event twice', async () => {
    const { eventStore, readStore } = await stores();
    await seedUsers(eventStore, 50);
    const counted = [...projections, countingProjection];
    const first = new ProjectionRunner({ eventStore, readStore, projections: counted, batchSize: 7 });
    await first.start();
    await first.stop();
    const checkpoint = await readStore.collection(CHECKPOINTS).findOne({ _id: 'users' });
    assert.equal(checkpoint?.position, (await eventStore.head()).position);

    // Roll the checkpoint back as if a crash lost it after the writes: re-applying must change nothing.
    await readStore.collection(CHECKPOINTS).updateOne({ _id: 'users' }, { $set: { position: '00000000000000000010' } });
    const hashBefore = await readModelHash(readStore, counted);
    const second = new ProjectionRunner({ eventStore, readStore, projections: counted, batchSize: 7 });
    await second.start();
    await second.stop();
    assert.equal((await readStore.collection(APPLIED).findOne({ _id: 'all' }))?.count, 50);
    assert.equal(await readModelHash(readStore, counted), hashBefore);
    await eventStore.close();
  });

  test('a rebuild from position 0 equals the incrementally built read model, reporting progress', async () => {
    const { eventStore, readStore } = await stores();
    const runner = new ProjectionRunner({ eventStore, readStore, projections, batchSize: 16 });
    await runner.start();
    // Built incrementally: events arrive one by one while the runner follows the log live.
    const last = await seedUsers(eventStore, 120);
    assert.ok(last);
    assert.equal(await runner.waitFor(last, 5000), true);
    const incremental = await readModelHash(readStore, projections);

    const progress: ReplayProgress[] = [];
    await runner.rebuild('users', (update) => progress.push(update));
    assert.equal(await readModelHash(readStore, projections), incremental);
    assert.equal(progress.at(-1)?.done, 120);
    assert.equal(progress.at(-1)?.total, 120);
    assert.ok(progress.length > 2, 'progress is reported per batch');
    assert.ok((await readStore.listCollections()).every((name) => !name.endsWith('__rebuild')));

    // Still live after the swap.
    const next = await seedUsers(eventStore, 1, 'late');
    assert.ok(next);
    assert.equal(await runner.waitFor(next, 2000), true);
    assert.equal(await readStore.collection(USERS).count(), 121);
    await runner.stop();
    await eventStore.close();
  });

  test('a rebuild whose unique keys clash fails before the swap: the live read model stays', async () => {
    const { eventStore, readStore } = await stores();
    await seedUsers(eventStore, 5);
    const v1 = new ProjectionRunner({ eventStore, readStore, projections: [usersProjection] });
    await v1.start();
    await v1.stop();
    const live = await readStore.collection(USERS).find({}, { sort: { _id: 1 } });

    // Version 2 gives every user one e-mail address: the unique index on it cannot be built.
    const clashing: Projection = {
      ...usersProjection,
      version: usersProjection.version + 1,
      project: (event) =>
        usersProjection.project(event).map((op) =>
          op.op === 'upsert' ? { ...op, update: { $set: { ...(op.update.$set as object), email: 'same@example.com' } } } : op,
        ),
    };
    const v2 = new ProjectionRunner({ eventStore, readStore, projections: [clashing] });
    await assert.rejects(v2.start(), DuplicateKeyError);
    await v2.stop();
    assert.deepEqual(await readStore.collection(USERS).find({}, { sort: { _id: 1 } }), live);
    assert.equal((await readStore.collection(CHECKPOINTS).findOne({ _id: 'users' }))?.version, usersProjection.version);
    await eventStore.close();
  });

  test('rebuilds a projection whose version changed, at start', async () => {
    const { eventStore, readStore } = await stores();
    await seedUsers(eventStore, 10);
    const v1 = new ProjectionRunner({ eventStore, readStore, projections });
    await v1.start();
    await v1.stop();

    // Version 2 drops a field and adds one: the old documents must not survive the rebuild.
    const v2: Projection = {
      ...usersProjection,
      version: usersProjection.version + 1,
      project: (event) =>
        usersProjection.project(event).map((op) => {
          if (op.op !== 'upsert' || op.collection !== USERS) return op;
          const { avatar_url: _dropped, ...set } = op.update.$set as Record<string, unknown>;
          return { ...op, update: { $set: { ...set, v2: true } } };
        }),
    };
    const runner = new ProjectionRunner({ eventStore, readStore, projections: [v2] });
    await runner.start();
    await runner.stop();
    const users = await readStore.collection(USERS).find({});
    assert.equal(users.length, 10);
    assert.ok(users.every((user) => user.v2 === true && !('avatar_url' in user) && typeof user.username === 'string'));
    assert.equal((await readStore.collection(CHECKPOINTS).findOne({ _id: 'users' }))?.version, usersProjection.version + 1);
    await eventStore.close();
  });

  test('a rebuild swap stopped part-way is finished at the next start, without rebuilding again', async () => {
    const { eventStore, readStore } = await stores();
    await seedUsers(eventStore, 5);
    // Two collections, the second with no index and no writes (like analytics_premium): its shadow must
    // exist all the same for the swap to rename it.
    let projected = 0;
    const swapTest = (version: number): Projection => ({
      name: 'swap_test',
      version,
      collections: { swap_a: [{ key: { v: 1 } }], swap_b: [] },
      handles: new Set(['UserRegistered']),
      project: (event) => {
        projected += 1;
        return [{ op: 'upsert', collection: 'swap_a', id: String(event.revision) + event.stream, update: { $set: { v: version } } }];
      },
    });
    const v1 = new ProjectionRunner({ eventStore, readStore, projections: [swapTest(1)] });
    await v1.start();
    await v1.stop();
    await readStore.collection('swap_b').insertOne({ _id: 'stale', v: 1 });

    // Version 2: the process stops after the first rename (MongoDB renames one collection at a time).
    let renames = 0;
    const dying: ReadStore = {
      collection: (name) => readStore.collection(name),
      ensureIndexes: (name, indexes) => readStore.ensureIndexes(name, indexes),
      applyBatch: (ops) => readStore.applyBatch(ops),
      listCollections: () => readStore.listCollections(),
      dropCollection: (name) => readStore.dropCollection(name),
      renameCollection: async (from, to) => {
        if (++renames > 1) throw new Error('process stopped');
        await readStore.renameCollection(from, to);
      },
      flush: () => readStore.flush(),
      close: () => readStore.close(),
    };
    const interrupted = new ProjectionRunner({ eventStore, readStore: dying, projections: [swapTest(2)] });
    await assert.rejects(interrupted.start(), /process stopped/);
    await interrupted.stop();
    assert.equal((await readStore.collection(CHECKPOINTS).findOne({ _id: 'swap_test' }))?.version, 1, 'the live checkpoint was not moved yet');

    projected = 0;
    const restarted = new ProjectionRunner({ eventStore, readStore, projections: [swapTest(2)] });
    await restarted.start();
    await restarted.stop();
    assert.equal(projected, 0, 'finished the swap, did not rebuild');
    const docs = await readStore.collection('swap_a').find({});
    assert.equal(docs.length, 5);
    assert.ok(docs.every((doc) => doc.v === 2));
    assert.deepEqual(await readStore.collection('swap_b').find({}), [], 'the stale collection was replaced by the empty shadow');
    assert.equal((await readStore.collection(CHECKPOINTS).findOne({ _id: 'swap_test' }))?.version, 2);
    assert.equal(await readStore.collection(CHECKPOINTS).findOne({ _id: 'swap_test__rebuild' }), null);
    assert.deepEqual((await readStore.listCollections()).filter((name) => name.endsWith('__rebuild')), []);
    await eventStore.close();
  });

  test('after a SIGKILL in the middle of a catch-up over 10,000 events, a restart equals a clean rebuild', async () => {
    const { eventStore, file } = await stores();
    await seedUsers(eventStore, 10_000);
    const readModelsFile = path.join(dir, 'crash-read-models.db');
    const child = path.join(import.meta.dirname, '../testing/crash-child.ts');
    const run = (delayMs: number, killAfterBatches?: number) =>
      new Promise<{ killed: boolean; output: string }>((resolve, reject) => {
        const proc = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', child, file, readModelsFile, '200', String(delayMs)], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let output = '';
        proc.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const batches = output.match(/^batch \d+$/gm)?.length ?? 0;
          if (killAfterBatches !== undefined && batches >= killAfterBatches) proc.kill('SIGKILL');
        });
        proc.on('error', reject);
        proc.on('exit', (_code, signal) => resolve({ killed: signal === 'SIGKILL', output }));
      });

    const crashed = await run(20, 15);
    assert.equal(crashed.killed, true, 'the first run was killed mid catch-up');
    assert.ok(!crashed.output.includes('done'), 'the first run had not finished');

    const resumed = await run(0);
    assert.equal(resumed.killed, false);
    assert.match(resumed.output, /^done \d+$/m);
    // One read-store batch (one transaction) per batch of events, every projection's writes and checkpoint in it.
    const batchesAfterRestart = resumed.output.match(/^batch \d+$/gm)?.length ?? 0;
    const fullRun = Math.ceil(10_000 / 200);
    assert.ok(
      batchesAfterRestart <= fullRun - 15,
      `resumed from the committed checkpoints (${batchesAfterRestart} of ${fullRun} batches), not from 0`,
    );

    const restored = await createSqliteReadStore({ file: readModelsFile });
    assert.equal((await restored.collection(APPLIED).findOne({ _id: 'all' }))?.count, 10_000, 'each event applied once');
    assert.equal(await readModelHash(restored, crashTested), await cleanRebuildHash(eventStore));
    await restored.close();
    await eventStore.close();
  });
});
