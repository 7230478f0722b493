/**
 * The dispatcher against a real SQLite log and the local queue (always), and against BullMQ on a PRIVATE
 * redis-server (when REDIS_URL is set, as on CI): a Redis outage while events keep coming, and a worker
 * killed mid-job, each end with every job run and every effect once.
 */
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createBullmqJobQueue } from '@crossfeed/platform/jobs/bullmq-job-queue.ts';
import { waitFor } from '@crossfeed/platform/jobs/job-queue.contract.ts';
import type { JobQueue } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { createLocalJobQueue } from '@crossfeed/platform/jobs/local-job-queue.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { projections } from '@crossfeed/projections/registry.ts';
import { ProjectionRunner } from '@crossfeed/projections/runner/projection-runner.ts';
import { USERS } from '@crossfeed/projections/users/users.projection.ts';
import { startPrivateRedis } from '../testing/private-redis.ts';
import { Dispatcher } from './dispatcher.ts';
import { jobRoute, type JobRoute, type JobSpec } from './job-routes.ts';

const QUEUE = `dispatch-test-${randomUUID().slice(0, 8)}`;
/** `Tick` starts one job; `Pair` starts two on the same queue; anything else starts none. */
type TestEvent = { type: 'Tick'; data: { n: number } } | { type: 'Pair'; data: { n: number } };
const tick = (event: RecordedEvent<string, { n: number }>): JobSpec[] => [{ queue: QUEUE, name: 'tick', data: { n: event.data.n }, jobId: `tick-${event.id}` }];
const routes: JobRoute[] = [
  jobRoute<TestEvent>({ Tick: tick, Pair: tick }),
  jobRoute<TestEvent>({ Pair: (event) => [{ queue: QUEUE, name: 'pair', data: { n: event.data.n }, jobId: `pair-${event.id}` }] }),
];
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** These tests' jobs read no read model: the read models are always there. */
const noReadModels = { waitFor: async () => true };

interface Fixture {
  dir: string;
  eventStore: EventStore;
  readStore: ReadStore;
}

let fx: Fixture;
beforeEach(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-dispatch-'));
  fx = { dir, eventStore: await createSqliteEventStore({ file: path.join(dir, 'events.db'), synchronous: 'NORMAL' }), readStore: await createSqliteReadStore({ file: ':memory:' }) };
});
afterEach(async () => {
  await fx.eventStore.close();
  fs.rmSync(fx.dir, { recursive: true, force: true });
});

let appended = 0;
async function append(type: string, count = 1): Promise<void> {
  for (let i = 0; i < count; i++) await fx.eventStore.append(`tick-${randomUUID()}`, [{ type, data: { n: appended++ } }]);
}

/** Every job id the log asks for, from the log itself. */
async function expectedJobIds(): Promise<string[]> {
  const events: RecordedEvent[] = await fx.eventStore.readAll({ limit: 1_000_000 });
  return events.flatMap((event) => routes.flatMap((route) => (route.eventTypes.has(event.type) ? route.jobs(event).map((job) => job.jobId) : [])));
}

interface Recorder {
  /** How often each job's processor was called. */
  runs: Map<string, number>;
  /** The side effect: one row per job id, written only if absent (an idempotent processor). */
  rows: Map<string, number>;
  close(): Promise<void>;
}

function recorder(queue: JobQueue): Recorder {
  const runs = new Map<string, number>();
  const rows = new Map<string, number>();
  const worker = queue.process(QUEUE, async (job) => {
    runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    if (!rows.has(job.id)) rows.set(job.id, 1);
  }, { concurrency: 4 });
  return { runs, rows, close: () => worker.close() };
}

/**
 * Every job the log asks for wrote its row. With `strictRuns`, every processor also ran exactly once (no
 * fault); across a Redis outage a job in flight may run again (at-least-once), its effect still once.
 */
async function assertEachRanOnce(rec: Recorder, timeoutMs = 10_000, strictRuns = true): Promise<void> {
  const expected = await expectedJobIds();
  await waitFor(`${expected.length} jobs to run`, () => expected.every((id) => rec.rows.has(id)), timeoutMs);
  await sleep(200); // a doubled job would show up right behind the last one
  assert.deepEqual([...rec.rows.keys()].sort(), [...expected].sort());
  assert.deepEqual([...rec.runs.keys()].sort(), [...expected].sort());
  if (strictRuns) for (const [id, count] of rec.runs) assert.equal(count, 1, `job ${id} ran ${count} times`);
}

describe('dispatcher on the local queue', () => {
  test('catches up in batches, follows live appends, and resumes from its checkpoint after a restart', async () => {
    const queue = await createLocalJobQueue({ file: ':memory:' });
    const rec = recorder(queue);
    const { runs, close } = rec;
    await append('Tick', 25);
    await append('Other', 3);
    await append('Pair', 5);
    const first = new Dispatcher({ eventStore: fx.eventStore, readStore: fx.readStore, readModels: noReadModels, jobQueue: queue, routes, logger: silent, batchSize: 7 });
    await first.start();
    assert.equal(first.position(), (await fx.eventStore.head()).position, 'caught up to the head before start() resolves');
    await append('Tick', 5);
    await assertEachRanOnce(rec);
    assert.equal(runs.size, 25 + 5 * 2 + 5);
    await first.stop();

    // Appended while no dispatcher runs: the next one starts from the checkpoint, re-enqueuing nothing.
    await append('Pair', 3);
    assert.equal(await queue.readPosition('dispatcher'), first.position());
    const added: string[] = [];
    const counting: JobQueue = { ...queue, addBulk: async (name, jobs) => {
      added.push(...jobs.map((job) => job.options?.jobId ?? '?'));
      return queue.addBulk(name, jobs);
    } };
    const second = new Dispatcher({ eventStore: fx.eventStore, readStore: fx.readStore, readModels: noReadModels, jobQueue: counting, routes, logger: silent });
    await second.start();
    await assertEachRanOnce(rec);
    assert.equal(added.length, 6, 'only the jobs of events after the checkpoint were enqueued');
    await second.stop();
    await close();
    await queue.close();
  });

  test('a burst of live events is enqueued in far fewer batches (checkpoint writes) than events', async () => {
    const queue = await createLocalJobQueue({ file: ':memory:' });
    const rec = recorder(queue);
    let batches = 0;
    const counting: JobQueue = { ...queue, writePosition: async (name, position) => {
      batches++;
      await queue.writePosition(name, position);
    } };
    const dispatcher = new Dispatcher({ eventStore: fx.eventStore, readStore: fx.readStore, readModels: noReadModels, jobQueue: counting, routes, logger: silent });
    await dispatcher.start();
    batches = 0;
    // One upload's worth of events, in a few appends (as a bulk upload is).
    for (let chunk = 0; chunk < 4; chunk++) {
      await fx.eventStore.append(`tick-${randomUUID()}`, Array.from({ length: 250 }, () => ({ type: 'Tick', data: { n: appended++ } })));
    }
    await assertEachRanOnce(rec);
    await waitFor('the checkpoint at the head', async () => dispatcher.position() === (await fx.eventStore.head()).position);
    assert.ok(batches <= 50, `${batches} checkpoint writes for 1,000 live events`);
    assert.equal(await queue.readPosition('dispatcher'), dispatcher.position());
    await dispatcher.stop();
    await rec.close();
    await queue.close();
  });

  test('a read-model file replaced and rebuilt, the old jobs aged out of the job store: nothing is enqueued again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-dispatch-jobs-'));
    const jobsFile = path.join(dir, 'jobs.db');
    try {
      let queue = await createLocalJobQueue({ file: jobsFile });
      let rec = recorder(queue);
      await append('Tick', 6);
      const first = new Dispatcher({ eventStore: fx.eventStore, readStore: fx.readStore, readModels: noReadModels, jobQueue: queue, routes, logger: silent });
      await first.start();
      await assertEachRanOnce(rec);
      await first.stop();
      await rec.close();
      await queue.close();

      // The job store keeps no finished job any more (aged out), and the read models start from an empty file.
      queue = await createLocalJobQueue({ file: jobsFile });
      const emptied = new DatabaseSync(jobsFile);
      emptied.exec('DELETE FROM jobs');
      emptied.close();
      rec = recorder(queue);
      const added: string[] = [];
      const counting: JobQueue = { ...queue, addBulk: async (name, jobs) => {
        added.push(...jobs.map((job) => job.options?.jobId ?? '?'));
        return queue.addBulk(name, jobs);
      } };
      const rebuilt = await createSqliteReadStore({ file: ':memory:' });
      const second = new Dispatcher({ eventStore: fx.eventStore, readStore: rebuilt, readModels: noReadModels, jobQueue: counting, routes, logger: silent });
      await second.start();
      await append('Tick', 1);
      await waitFor('the new event dispatched', async () => second.position() === (await fx.eventStore.head()).position);
      assert.equal(added.length, 1, 'only the new event\'s job: none of the log\'s old ones');
      await second.stop();
      await rec.close();
      await queue.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a position kept by an earlier version in the read store is where it resumes', async () => {
    const queue = await createLocalJobQueue({ file: ':memory:' });
    const rec = recorder(queue);
    await append('Tick', 3);
    const head = (await fx.eventStore.head()).position;
    assert.ok(head);
    await fx.readStore.collection('_checkpoints').upsert({ _id: 'dispatcher' }, { $set: { position: head, version: 1 } });
    const dispatcher = new Dispatcher({ eventStore: fx.eventStore, readStore: fx.readStore, readModels: noReadModels, jobQueue: queue, routes, logger: silent });
    await dispatcher.start();
    await append('Tick', 2);
    await waitFor('two new jobs', () => rec.runs.size === 2);
    await sleep(200);
    assert.equal(rec.runs.size, 2, 'the three events before the kept position were not dispatched again');
    assert.equal(await queue.readPosition('dispatcher'), dispatcher.position());
    await dispatcher.stop();
    await rec.close();
    await queue.close();
  });

  test('an enqueue that fails is retried with backoff: no event skipped, no job doubled, checkpoint held back', async () => {
    const queue = await createLocalJobQueue({ file: ':memory:' });
    const rec = recorder(queue);
    const { close } = rec;
    let down = true;
    const flaky: JobQueue = { ...queue, addBulk: async (name, jobs) => {
      if (down) throw new Error('Redis is down');
      return queue.addBulk(name, jobs);
    } };
    await append('Tick', 4);
    const dispatcher = new Dispatcher({ eventStore: fx.eventStore, readStore: fx.readStore, readModels: noReadModels, jobQueue: flaky, routes, logger: silent });
    const started = dispatcher.start(); // catch-up keeps retrying while the queue is down
    await sleep(300);
    assert.equal(dispatcher.position(), undefined);
    assert.equal(await queue.readPosition('dispatcher'), undefined);
    down = false;
    await started;
    await assertEachRanOnce(rec);

    // Live: the queue goes down again while events keep coming.
    down = true;
    const before = dispatcher.position();
    await append('Pair', 3);
    await sleep(300);
    assert.equal(dispatcher.position(), before, 'the checkpoint did not move past events whose jobs are not enqueued');
    down = false;
    await assertEachRanOnce(rec);
    assert.equal(dispatcher.position(), (await fx.eventStore.head()).position);
    await dispatcher.stop();
    await close();
    await queue.close();
  });
});

/** The read store with every batch of writes delayed: projections that lag well behind the log. */
function slowed(readStore: ReadStore, delayMs: number): ReadStore {
  return new Proxy(readStore, {
    get(target, property) {
      if (property === 'applyBatch') {
        return async (...args: Parameters<ReadStore['applyBatch']>) => {
          await sleep(delayMs);
          return target.applyBatch(...args);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('dispatcher after the read models', () => {
  /** `UserRegistered` starts a job whose processor reads the user from the users read model. */
  const userRoutes = [
    jobRoute({ UserRegistered: (event) => [{ queue: QUEUE, name: 'greet', data: { userId: event.data.userId }, jobId: `greet-${event.id}`, options: { attempts: 1 } }] }),
  ];
  let registered = 0;
  async function register(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const userId = `u${++registered}`;
      ids.push(userId);
      await fx.eventStore.append(`user-${userId}`, [
        {
          type: 'UserRegistered',
          data: { userId, username: `user${registered}`, email: `user${registered}@example.com`, passwordHash: 'h', isAdmin: false, registeredAt: '2026-11-21T10:00:00.000Z' },
        },
      ]);
    }
    return ids;
  }

  /** Per user: whether its job's processor found it in the read model on its first try; and runs per job. */
  function readingRecorder(queue: JobQueue) {
    const found = new Map<string, boolean>();
    const runs = new Map<string, number>();
    const worker = queue.process<{ userId: string }, void>(QUEUE, async (job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      const user = await fx.readStore.collection(USERS).findOne({ _id: job.data.userId });
      found.set(job.data.userId, user !== null && job.attemptsMade === 0);
    }, { concurrency: 4 });
    return { found, runs, close: () => worker.close() };
  }

  test('a job\'s processor finds its event in the read models on its first try, with the projections lagging', async () => {
    const queue = await createLocalJobQueue({ file: ':memory:' });
    const rec = readingRecorder(queue);
    const before = await register(3);
    const runner = new ProjectionRunner({ eventStore: fx.eventStore, readStore: slowed(fx.readStore, 150), projections });
    // Not awaited: the dispatcher's catch-up starts while the projections are still catching up.
    const runnerStarted = runner.start();
    const dispatcher = new Dispatcher({ eventStore: fx.eventStore, readStore: fx.readStore, readModels: runner, jobQueue: queue, routes: userRoutes, logger: silent });
    await dispatcher.start();
    await runnerStarted;
    const live = await register(5);
    const all = [...before, ...live];
    await waitFor('every user\'s job', () => all.every((id) => rec.found.has(id)), 10_000);
    assert.deepEqual(all.filter((id) => rec.found.get(id) !== true), [], 'every processor found its user on its first try');
    await waitFor('the checkpoint at the head', async () => dispatcher.position() === (await fx.eventStore.head()).position);
    await dispatcher.stop();
    await runner.stop();
    await rec.close();
    await queue.close();
  });

  test('over a restart, jobs held back for the read models are enqueued once, after them', async () => {
    const queue = await createLocalJobQueue({ file: ':memory:' });
    const rec = readingRecorder(queue);
    const added: string[] = [];
    const counting: JobQueue = { ...queue, addBulk: async (name, jobs) => {
      added.push(...jobs.map((job) => job.options?.jobId ?? '?'));
      return queue.addBulk(name, jobs);
    } };
    let runner = new ProjectionRunner({ eventStore: fx.eventStore, readStore: slowed(fx.readStore, 200), projections });
    await runner.start();
    const first = new Dispatcher({ eventStore: fx.eventStore, readStore: fx.readStore, readModels: runner, jobQueue: counting, routes: userRoutes, logger: silent });
    await first.start();
    const early = await register(4);
    // Stopped while the projections still work through those events: their jobs are not all enqueued yet.
    await sleep(50);
    await first.stop();
    await runner.stop();
    assert.ok(added.length < early.length, `${added.length} of ${early.length} jobs enqueued before the projections reached them`);
    const late = await register(2);

    runner = new ProjectionRunner({ eventStore: fx.eventStore, readStore: slowed(fx.readStore, 200), projections });
    const runnerStarted = runner.start();
    const second = new Dispatcher({ eventStore: fx.eventStore, readStore: fx.readStore, readModels: runner, jobQueue: counting, routes: userRoutes, logger: silent });
    await second.start();
    await runnerStarted;
    const all = [...early, ...late];
    await waitFor('every user\'s job', () => all.every((id) => rec.found.has(id)), 10_000);
    await waitFor('the checkpoint at the head', async () => second.position() === (await fx.eventStore.head()).position);
    await sleep(200); // a doubled job would show up right behind the last one
    assert.deepEqual(all.filter((id) => rec.found.get(id) !== true), [], 'every processor found its user on its first try');
    assert.equal(added.length, all.length, `enqueued ${added.join(', ')}`);
    assert.equal(new Set(added).size, added.length, 'no job enqueued twice');
    for (const [id, count] of rec.runs) assert.equal(count, 1, `job ${id} ran ${count} times`);
    await second.stop();
    await runner.stop();
    await rec.close();
    await queue.close();
  });

  test('read models that never get there hold the jobs back; the dispatcher still stops at once', async () => {
    const queue = await createLocalJobQueue({ file: ':memory:' });
    const rec = recorder(queue);
    await append('Tick', 2);
    const stuck = { waitFor: (_position: string, timeoutMs = 2000) => sleep(timeoutMs, false) };
    const dispatcher = new Dispatcher({ eventStore: fx.eventStore, readStore: fx.readStore, readModels: stuck, jobQueue: queue, routes, logger: silent });
    const started = dispatcher.start();
    await sleep(300);
    assert.equal(rec.runs.size, 0, 'no job before the read models have its event');
    const stopAt = Date.now();
    await dispatcher.stop();
    await started;
    assert.ok(Date.now() - stopAt < 500, `stop took ${Date.now() - stopAt} ms`);
    assert.equal(await queue.readPosition('dispatcher'), undefined, 'the checkpoint did not move past the held-back events');
    await rec.close();
    await queue.close();
  });
});

const REDIS_URL = process.env.REDIS_URL;
describe('dispatcher on BullMQ with a private redis-server: faults', { skip: REDIS_URL ? false : 'skipped: set REDIS_URL to run the BullMQ fault tests' }, () => {
  test('Redis stopped for 10 s while events keep coming: every job runs, each once', { timeout: 90_000 }, async () => {
    const redis = await startPrivateRedis();
    const queue = createBullmqJobQueue({ url: redis.url, prefix: `t${randomUUID().slice(0, 8)}`, logger: silent, workerSettings: { lockDuration: 2000, stalledInterval: 1000 } });
    const rec = recorder(queue);
    const { runs, close } = rec;
    const dispatcher = new Dispatcher({ eventStore: fx.eventStore, readStore: fx.readStore, readModels: noReadModels, jobQueue: queue, routes, logger: silent });
    try {
      await append('Tick', 20);
      await dispatcher.start();
      // Commands keep coming for ~14 s; Redis is down for 10 s of them.
      const producing = (async () => {
        const until = Date.now() + 14_000;
        while (Date.now() < until) {
          await append(appended % 3 === 0 ? 'Pair' : 'Tick');
          await sleep(50);
        }
      })();
      await sleep(1500);
      await redis.stop();
      await sleep(10_000);
      await redis.start();
      await producing;
      await assertEachRanOnce(rec, 30_000, false);
      const rerun = [...runs.values()].filter((count) => count > 1).length;
      // Only jobs in flight when Redis went away may run again (worker concurrency 4), never a re-enqueued one.
      assert.ok(rerun <= 4, `${rerun} jobs ran more than once`);
      assert.ok(runs.size > 200, `only ${runs.size} jobs: the test did not exercise enough traffic`);
    } finally {
      await dispatcher.stop();
      await close();
      await queue.close();
      await redis.close();
    }
  });

  test('a worker killed mid-job: the job is taken over by another worker and its effect happens once', { timeout: 60_000 }, async () => {
    const redis = await startPrivateRedis();
    const prefix = `t${randomUUID().slice(0, 8)}`;
    const settings = { lockDuration: 1000, stalledInterval: 500 };
    const queue = createBullmqJobQueue({ url: redis.url, prefix, logger: silent, workerSettings: settings });
    try {
      const jobId = await queue.add(QUEUE, 'effect', { row: 'r1' }, { jobId: 'kill-me-1' });
      // The child takes the job, reports it started, and dies by SIGKILL before finishing it.
      const child = fork(path.join(import.meta.dirname, '../testing/kill-mid-job.child.ts'), [redis.url, prefix, QUEUE], {
        execArgv: ['--disable-warning=ExperimentalWarning'],
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      const exit = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      const started = new Promise<unknown>((resolve) => child.once('message', resolve));
      assert.deepEqual(await started, { started: jobId });
      assert.equal(await exit, 'SIGKILL');
      assert.equal((await queue.getJob(QUEUE, jobId))?.state, 'active', 'the killed worker still holds the job');

      const effects: string[] = [];
      const worker = queue.process<{ row: string }, void>(QUEUE, async (job) => {
        if (!effects.includes(job.data.row)) effects.push(job.data.row); // idempotent, as processors are
        await sleep(10);
      });
      const info = await waitFor('the stalled job to complete on the other worker', async () => {
        const job = await queue.getJob(QUEUE, jobId);
        return job?.state === 'completed' ? job : null;
      }, 20_000);
      assert.deepEqual(effects, ['r1']);
      assert.equal(info.attemptsMade, 1, 'a stall does not count as a failed attempt');
      await worker.close();
    } finally {
      await queue.close();
      await redis.close();
    }
  });
});
