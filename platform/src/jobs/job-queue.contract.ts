/**
 * The JobQueue contract (DESIGN §3): one suite that every adapter passes, run by `job-queue.int.test.ts`
 * against the embedded SQLite queue and against BullMQ. Backoffs are short (50 ms) to keep it quick.
 */
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { UnrecoverableJobError } from './job-queue.port.ts';
import type { JobInfo, JobQueue, JobState } from './job-queue.port.ts';

export interface QueueFixture {
  queue: JobQueue;
  cleanup(): Promise<void>;
}

/** Polls `check` until it returns a truthy value, failing with `what` after the deadline. */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 5000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) assert.fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(15);
  }
}

/** A promise the test resolves by hand, to hold a processor in flight. */
function gate(): { promise: Promise<void>; open(): void } {
  let open = (): void => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const queueName = (): string => `q-${randomUUID().slice(0, 8)}`;

async function waitForState<Data>(queue: JobQueue, name: string, jobId: string, state: JobState): Promise<JobInfo<Data>> {
  return waitFor(`job ${jobId} to be ${state}`, async () => {
    const info = await queue.getJob<Data>(name, jobId);
    return info?.state === state ? info : null;
  });
}

export function jobQueueContract(name: string, makeQueue: () => Promise<QueueFixture>): void {
  describe(`JobQueue contract: ${name}`, () => {
    let fixture: QueueFixture;
    let q: JobQueue;
    beforeEach(async () => {
      fixture = await makeQueue();
      q = fixture.queue;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    test('a processed job sees its name and data and completes with its return value', async () => {
      const name = queueName();
      const seen: unknown[] = [];
      q.process<{ n: number }, { doubled: number }>(name, async (job) => {
        seen.push({ id: job.id, queue: job.queue, name: job.name, data: job.data, attemptsMade: job.attemptsMade });
        return { doubled: job.data.n * 2 };
      });
      const id = await q.add(name, 'double', { n: 21 });
      const info = await waitForState<{ n: number }>(q, name, id, 'completed');
      assert.deepEqual(seen, [{ id, queue: name, name: 'double', data: { n: 21 }, attemptsMade: 0 }]);
      assert.deepEqual(info.returnValue, { doubled: 42 });
      assert.deepEqual(info.data, { n: 21 });
      assert.equal(info.name, 'double');
      assert.equal(info.attemptsMade, 1);
    });

    test('getJob returns null for an id that was never added', async () => {
      assert.equal(await q.getJob(queueName(), 'never-added'), null);
    });

    test('adding the same jobId twice, in any state, processes it once', async () => {
      const name = queueName();
      const runs: { id: string; data: unknown }[] = [];
      // Added before any worker: the duplicates arrive while the first is waiting.
      assert.equal(await q.add(name, 'work', { v: 'first' }, { jobId: 'evt-1' }), 'evt-1');
      assert.equal(await q.add(name, 'work', { v: 'second' }, { jobId: 'evt-1' }), 'evt-1');
      assert.deepEqual(
        await q.addBulk(name, [
          { name: 'work', data: { v: 'third' }, options: { jobId: 'evt-1' } },
          { name: 'work', data: { v: 'other' }, options: { jobId: 'evt-2' } },
        ]),
        ['evt-1', 'evt-2'],
      );
      q.process(name, async (job) => {
        runs.push({ id: job.id, data: job.data });
      });
      await waitForState(q, name, 'evt-2', 'completed');
      // Once completed: adding it again is still a no-op. The queue is FIFO with one worker, so the
      // sentinel completing means a re-enqueued evt-1 would have run by then.
      assert.equal(await q.add(name, 'work', { v: 'again' }, { jobId: 'evt-1' }), 'evt-1');
      await q.add(name, 'work', { v: 'sentinel' }, { jobId: 'evt-3' });
      await waitForState(q, name, 'evt-3', 'completed');
      assert.deepEqual(runs, [
        { id: 'evt-1', data: { v: 'first' } },
        { id: 'evt-2', data: { v: 'other' } },
        { id: 'evt-3', data: { v: 'sentinel' } },
      ]);
      assert.deepEqual((await q.getJob(name, 'evt-1'))?.data, { v: 'first' });
    });

    test('job ids that BullMQ cannot store are rejected', async () => {
      const name = queueName();
      await assert.rejects(q.add(name, 'work', {}, { jobId: 'a:b' }), /cannot contain :/);
      await assert.rejects(q.add(name, 'work', {}, { jobId: '42' }), /cannot be integers/);
    });

    test('a job failing twice then succeeding ends completed after 3 tries, with backoff between them', async () => {
      const name = queueName();
      const tries: { attemptsMade: number; at: number }[] = [];
      const failures: [string, string, boolean][] = [];
      const completions: string[] = [];
      const unlisten = await q.listen(name, {
        onFailed: (_queue, jobId, reason, willRetry) => failures.push([jobId, reason, willRetry]),
        onCompleted: (_queue, jobId) => completions.push(jobId),
      });
      q.process(name, async (job) => {
        tries.push({ attemptsMade: job.attemptsMade, at: Date.now() });
        if (job.attemptsMade < 2) throw new Error(`boom ${job.attemptsMade}`);
        return 'ok';
      });
      const id = await q.add(name, 'flaky', {}, { attempts: 3, backoffMs: 50 });
      const info = await waitForState(q, name, id, 'completed');
      assert.deepEqual(
        tries.map((t) => t.attemptsMade),
        [0, 1, 2],
      );
      assert.equal(info.attemptsMade, 3);
      assert.equal(info.returnValue, 'ok');
      const [first, second, third] = tries.map((t) => t.at);
      assert.ok(first !== undefined && second !== undefined && third !== undefined);
      assert.ok(second - first >= 49, `first backoff was ${second - first} ms, expected >= 50`);
      assert.ok(third - second >= 99, `second backoff was ${third - second} ms, expected >= 100`);
      await waitFor('the completion event', () => completions.includes(id));
      assert.equal(failures.length, 2);
      for (const [jobId, reason, willRetry] of failures) {
        assert.equal(jobId, id);
        assert.match(reason, /^boom [01]$/);
        assert.equal(willRetry, true);
      }
      await unlisten();
    });

    test('a job that keeps failing ends failed after its attempts, with the last reason', async () => {
      const name = queueName();
      let tries = 0;
      const failures: [string, boolean][] = [];
      const unlisten = await q.listen(name, {
        onFailed: (_queue, _jobId, reason, willRetry) => failures.push([reason, willRetry]),
      });
      q.process(name, async () => {
        tries += 1;
        throw new Error(`failure ${tries}`);
      });
      const id = await q.add(name, 'doomed', {}, { attempts: 2, backoffMs: 50 });
      const info = await waitForState(q, name, id, 'failed');
      assert.equal(tries, 2);
      assert.equal(info.attemptsMade, 2);
      assert.equal(info.failedReason, 'failure 2');
      await waitFor('the final failure event', () => failures.some(([, willRetry]) => !willRetry));
      assert.deepEqual(failures.at(-1), ['failure 2', false]);
      await unlisten();
    });

    test('UnrecoverableJobError fails the job after one try', async () => {
      const name = queueName();
      let tries = 0;
      const failures: [string, string, boolean][] = [];
      const unlisten = await q.listen(name, {
        onFailed: (_queue, jobId, reason, willRetry) => failures.push([jobId, reason, willRetry]),
      });
      q.process(name, async () => {
        tries += 1;
        throw new UnrecoverableJobError('malformed input');
      });
      const id = await q.add(name, 'bad', {}, { attempts: 5, backoffMs: 50 });
      const info = await waitForState(q, name, id, 'failed');
      assert.equal(tries, 1);
      assert.equal(info.attemptsMade, 1);
      assert.equal(info.failedReason, 'malformed input');
      await waitFor('the failure event', () => failures.length > 0);
      assert.deepEqual(failures, [[id, 'malformed input', false]]);
      await unlisten();
    });

    test('progress updates are visible through getJob and through listen', async () => {
      const name = queueName();
      const progressEvents: [string, unknown][] = [];
      const unlisten = await q.listen(name, {
        onProgress: (_queue, jobId, progress) => progressEvents.push([jobId, progress]),
      });
      const release = gate();
      q.process(name, async (job) => {
        await job.updateProgress(40);
        await job.updateProgress({ stage: 'matching', percent: 80 });
        await release.promise;
      });
      const id = await q.add(name, 'long', {});
      const during = await waitFor('progress to reach the object', async () => {
        const info = await q.getJob(name, id);
        return typeof info?.progress === 'object' ? info : null;
      });
      assert.equal(during.state, 'active');
      assert.deepEqual(during.progress, { stage: 'matching', percent: 80 });
      release.open();
      await waitForState(q, name, id, 'completed');
      await waitFor('both progress events', () => progressEvents.length >= 2);
      assert.deepEqual(progressEvents, [
        [id, 40],
        [id, { stage: 'matching', percent: 80 }],
      ]);
      await unlisten();
    });

    test('keeps a named position, the last one written, apart from every other name', async () => {
      const name = `follower-${queueName()}`;
      assert.equal(await q.readPosition(name), undefined);
      await q.writePosition(name, '00000000000000000007');
      await q.writePosition(name, '00000000000000000012');
      await q.writePosition(`${name}-other`, '00000000000000000001');
      assert.equal(await q.readPosition(name), '00000000000000000012');
      assert.equal(await q.readPosition(`${name}-other`), '00000000000000000001');
    });

    test('a retried job starts from the progress its last try reported', async () => {
      const name = queueName();
      const seen: unknown[] = [];
      q.process(name, async (job) => {
        seen.push(job.progress);
        if (job.attemptsMade === 0) {
          await job.updateProgress({ handled: 3 });
          throw new Error('temporary');
        }
      });
      const id = await q.add(name, 'resumable', {}, { attempts: 2, backoffMs: 20 });
      await waitForState(q, name, id, 'completed');
      assert.deepEqual(seen, [0, { handled: 3 }]);
    });

    test('a delayed job is not run before its delay', async () => {
      const name = queueName();
      let startedAt = 0;
      q.process(name, async () => {
        startedAt = Date.now();
      });
      const addedAt = Date.now();
      const id = await q.add(name, 'later', {}, { delay: 500 });
      assert.equal((await q.getJob(name, id))?.state, 'delayed');
      await waitForState(q, name, id, 'completed');
      assert.ok(startedAt - addedAt >= 499, `ran ${startedAt - addedAt} ms after add, expected >= 500`);
    });

    test('removeWaiting removes a delayed job (its id is free again) and leaves a finished one', async () => {
      const name = queueName();
      await q.add(name, 'later', { v: 1 }, { jobId: 'later-1', delay: 60_000 });
      assert.equal(await q.removeWaiting(name, 'later-1'), true);
      assert.equal(await q.getJob(name, 'later-1'), null);
      assert.equal(await q.removeWaiting(name, 'later-1'), false);
      assert.equal(await q.removeWaiting(name, 'never-added'), false);
      q.process(name, async () => 'done');
      await q.add(name, 'now', {}, { jobId: 'now-1' });
      await waitForState(q, name, 'now-1', 'completed');
      assert.equal(await q.removeWaiting(name, 'now-1'), false);
      assert.equal((await q.getJob(name, 'now-1'))?.state, 'completed');
    });

    test('a worker with concurrency 2 runs two jobs at the same time', async () => {
      const name = queueName();
      let running = 0;
      let maxRunning = 0;
      const release = gate();
      q.process(
        name,
        async () => {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          await release.promise;
          running -= 1;
        },
        { concurrency: 2 },
      );
      const [a, b] = await q.addBulk(name, [
        { name: 'slow', data: {} },
        { name: 'slow', data: {} },
      ]);
      await waitFor('two jobs in flight', () => running === 2);
      release.open();
      await waitForState(q, name, a ?? '', 'completed');
      await waitForState(q, name, b ?? '', 'completed');
      assert.equal(maxRunning, 2);
    });

    test('a scheduler with every fires repeatedly, upserting it again does not double it, removing it stops it', async () => {
      const name = queueName();
      const fired: { at: number; data: unknown }[] = [];
      q.process(name, async (job) => {
        fired.push({ at: Date.now(), data: job.data });
      });
      await q.upsertScheduler(name, 'heartbeat', { every: 200 }, { name: 'beat', data: { v: 1 } });
      await waitFor('two ticks', () => fired.length >= 2);
      assert.deepEqual(fired[0]?.data, { v: 1 });

      await q.upsertScheduler(name, 'heartbeat', { every: 200 }, { name: 'beat', data: { v: 1 } });
      const before = fired.length;
      const windowStart = Date.now();
      await sleep(1200); // measuring a rate needs a fixed window
      const ticks = fired.length - before;
      const elapsed = Date.now() - windowStart;
      assert.ok(ticks >= 3, `only ${ticks} ticks in ${elapsed} ms`);
      assert.ok(ticks <= Math.ceil(elapsed / 200) + 1, `${ticks} ticks in ${elapsed} ms: the scheduler was doubled`);

      await q.removeScheduler(name, 'heartbeat');
      await sleep(300); // a tick already taken may still finish
      const afterRemoval = fired.length;
      await sleep(800); // and no new tick may start
      assert.equal(fired.length, afterRemoval, 'the scheduler kept firing after removal');
    });

    test('a scheduler with a cron pattern fires on the pattern (UTC), and upserting updates its template', async () => {
      const name = queueName();
      const fired: { id: string; data: unknown }[] = [];
      q.process(name, async (job) => {
        fired.push({ id: job.id, data: job.data });
      });
      await q.upsertScheduler(name, 'every-second', { pattern: '* * * * * *' }, { name: 'cron', data: { v: 1 } });
      await q.upsertScheduler(name, 'every-second', { pattern: '* * * * * *' }, { name: 'cron', data: { v: 2 } });
      await waitFor('two cron ticks', () => fired.length >= 2, 6000);
      await q.removeScheduler(name, 'every-second');
      for (const tick of fired) {
        assert.deepEqual(tick.data, { v: 2 });
        // Both adapters name a tick's job after its time: `...:<epoch ms>`, on a whole second here.
        const millis = Number(tick.id.split(':').at(-1));
        assert.equal(millis % 1000, 0, `tick ${tick.id} is not on a second boundary`);
      }
    });

    test('close waits for an in-flight job to finish', async () => {
      const name = queueName();
      let started = false;
      let finished = false;
      q.process(name, async () => {
        started = true;
        await sleep(300);
        finished = true;
      });
      await q.add(name, 'slow', {});
      await waitFor('the job to start', () => started);
      await q.close();
      assert.equal(finished, true, 'close resolved before the in-flight job finished');
    });
  });
}
