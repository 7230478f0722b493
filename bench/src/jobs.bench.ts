/**
 * `npm run bench -- jobs [--jobs N] [--concurrency C]` (needs REDIS_URL)
 * - raw: BullMQ `addBulk` (batches of 1000) and a `Worker` with a no-op processor, jobs/s from the first
 *   add to the last completion;
 * - ours: the same number of events already in the log (SQLite) → our dispatcher (catch-up batches,
 *   checkpoint per batch) → our BullMQ adapter → a no-op processor, jobs/s from dispatcher start to the
 *   last completion. Appending the events is not measured (the raw side has no log either).
 * Queues use a random prefix and are obliterated afterwards; the shared Redis is otherwise untouched.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Queue, Worker } from 'bullmq';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createBullmqJobQueue } from '@crossfeed/platform/jobs/bullmq-job-queue.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { Dispatcher } from '@crossfeed/workers/dispatch/dispatcher.ts';
import type { JobRoute } from '@crossfeed/workers/dispatch/job-routes.ts';
import { fmt, perSecond, printReport } from './report.ts';

const QUEUE = 'bench-jobs';
const BATCH = 1000;

export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({ args, options: { jobs: { type: 'string' }, concurrency: { type: 'string' } } });
  const total = Number(values.jobs ?? 20_000);
  const concurrency = Number(values.concurrency ?? 50);
  const url = process.env.REDIS_URL;
  if (!url) {
    console.error('skipped: set REDIS_URL (e.g. redis://127.0.0.1:6379) to run the jobs benchmark');
    return false;
  }
  const connection = { url };
  const rawPrefix = `bench-raw-${randomUUID().slice(0, 8)}`;
  const ourPrefix = `bench-ours-${randomUUID().slice(0, 8)}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-bench-'));
  try {
    // --- raw BullMQ -------------------------------------------------------------------------------
    const rawQueue = new Queue(QUEUE, { connection, prefix: rawPrefix });
    let rawDone = 0;
    let rawFinished: () => void = () => undefined;
    const rawAll = new Promise<void>((resolve) => (rawFinished = resolve));
    const rawStart = performance.now();
    const rawWorker = new Worker(
      QUEUE,
      async () => {
        if (++rawDone === total) rawFinished();
      },
      { connection: { url, maxRetriesPerRequest: null }, prefix: rawPrefix, concurrency },
    );
    for (let i = 0; i < total; i += BATCH) {
      const size = Math.min(BATCH, total - i);
      await rawQueue.addBulk(Array.from({ length: size }, (_, j) => ({ name: 'noop', data: { n: i + j }, opts: { jobId: `raw-${i + j}` } })));
    }
    await rawAll;
    const rawMs = performance.now() - rawStart;
    await rawWorker.close();
    await rawQueue.obliterate({ force: true });
    await rawQueue.close();

    // --- ours: log → dispatcher → BullMQ → processor -----------------------------------------------
    const eventStore = await createSqliteEventStore({ file: path.join(dir, 'events.db'), synchronous: 'NORMAL' });
    for (let i = 0; i < total; i += BATCH) {
      const size = Math.min(BATCH, total - i);
      // One stream per batch keeps seeding quick; the dispatcher sees `total` events either way.
      await eventStore.append(`bench-${i}`, Array.from({ length: size }, (_, j) => ({ type: 'BenchTicked', data: { n: i + j } })));
    }
    const readStore = await createSqliteReadStore({ file: ':memory:' });
    const jobQueue = createBullmqJobQueue({ url, prefix: ourPrefix });
    const routes: JobRoute[] = [
      { eventTypes: new Set(['BenchTicked']), jobs: (event) => [{ queue: QUEUE, name: 'noop', data: event.data, jobId: `tick-${event.id}` }] },
    ];
    let ourDone = 0;
    let ourFinished: () => void = () => undefined;
    const ourAll = new Promise<void>((resolve) => (ourFinished = resolve));
    const worker = jobQueue.process(
      QUEUE,
      async () => {
        if (++ourDone === total) ourFinished();
      },
      { concurrency },
    );
    // The no-op jobs read no read model: nothing to wait for before enqueueing them.
    const readModels = { waitFor: async () => true };
    const dispatcher = new Dispatcher({ eventStore, readStore, readModels, jobQueue, routes, batchSize: BATCH });
    const ourStart = performance.now();
    await dispatcher.start();
    await ourAll;
    const ourMs = performance.now() - ourStart;
    await dispatcher.stop();
    await worker.close();
    await jobQueue.close();
    await eventStore.close();
    const cleanup = new Queue(QUEUE, { connection, prefix: ourPrefix });
    await cleanup.obliterate({ force: true });
    await cleanup.close();

    const rawRate = perSecond(total, rawMs);
    const ourRate = perSecond(total, ourMs);
    const ratio = ourRate / rawRate;
    return printReport(
      `Jobs on ${os.cpus().length} cores, Node ${process.versions.node}, ${fmt(total)} jobs, worker concurrency ${concurrency}, ${url.replace(/\/\/.*@/, '//')}`,
      [
        { measure: 'raw BullMQ addBulk + no-op worker, jobs/s', value: fmt(rawRate) },
        { measure: 'events → our dispatcher → BullMQ → no-op processor, jobs/s', value: fmt(ourRate), baseline: fmt(rawRate), ratio },
      ],
      [{ label: `dispatcher path >= 0.5x raw BullMQ (${ratio.toFixed(2)}x)`, met: ratio >= 0.5 }],
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
