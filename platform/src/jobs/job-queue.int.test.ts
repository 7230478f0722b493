import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { createBullmqJobQueue } from './bullmq-job-queue.ts';
import { jobQueueContract, waitFor } from './job-queue.contract.ts';
import type { QueueFixture } from './job-queue.contract.ts';
import { createLocalJobQueue, STALLED_REASON } from './local-job-queue.ts';

const quiet = { error: () => {} };

async function tempFile(): Promise<{ file: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crossfeed-jobs-'));
  return { file: path.join(dir, 'jobs.db'), remove: () => rm(dir, { recursive: true, force: true }) };
}

jobQueueContract('local (SQLite file)', async (): Promise<QueueFixture> => {
  const temp = await tempFile();
  const queue = createLocalJobQueue({ file: temp.file });
  return {
    queue,
    cleanup: async () => {
      await queue.close();
      await temp.remove();
    },
  };
});

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  jobQueueContract('BullMQ (Redis)', async (): Promise<QueueFixture> => {
    const prefix = `cf-test-${randomUUID()}`;
    const queue = createBullmqJobQueue({ url: redisUrl, prefix });
    return {
      queue,
      cleanup: async () => {
        await queue.close();
        const redis = new Redis(redisUrl);
        try {
          let cursor = '0';
          do {
            const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
            cursor = next;
            if (keys.length > 0) await redis.del(...keys);
          } while (cursor !== '0');
        } finally {
          await redis.quit();
        }
      },
    };
  });
} else {
  console.log('skipped: set REDIS_URL to run the BullMQ contract suite');
}

describe('local job queue durability', () => {
  test('a job left active by a crash is retried once when the queue is reopened on the same file', async () => {
    const temp = await tempFile();
    try {
      // A child process takes the job and dies in the middle of it.
      const moduleUrl = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'local-job-queue.ts')).href;
      const child = spawn(
        process.execPath,
        [
          '--disable-warning=ExperimentalWarning',
          '--input-type=module',
          '-e',
          `
          const { createLocalJobQueue } = await import(${JSON.stringify(moduleUrl)});
          const queue = createLocalJobQueue({ file: ${JSON.stringify(temp.file)} });
          await queue.add('crashy', 'work', { n: 7 }, { jobId: 'job-1', attempts: 1 });
          queue.process('crashy', async () => process.kill(process.pid, 'SIGKILL'));
          setInterval(() => {}, 1000);
          `,
        ],
        { stdio: ['ignore', 'inherit', 'inherit'] },
      );
      const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
      assert.equal(signal, 'SIGKILL');

      const queue = createLocalJobQueue({ file: temp.file, logger: quiet });
      try {
        assert.equal((await queue.getJob('crashy', 'job-1'))?.state, 'waiting');
        const runs: unknown[] = [];
        queue.process('crashy', async (job) => {
          runs.push(job.data);
          return 'done';
        });
        const info = await waitFor('the job to complete', async () => {
          const job = await queue.getJob('crashy', 'job-1');
          return job?.state === 'completed' ? job : null;
        });
        // The interrupted try is not counted: even with attempts: 1 the job gets its one real try.
        assert.deepEqual(runs, [{ n: 7 }]);
        assert.equal(info.returnValue, 'done');
        assert.equal(info.attemptsMade, 1);
      } finally {
        await queue.close();
      }
    } finally {
      await temp.remove();
    }
  });

  test('a job interrupted a second time fails instead of looping', async () => {
    const temp = await tempFile();
    try {
      const first = createLocalJobQueue({ file: temp.file });
      await first.add('stuck', 'work', {}, { jobId: 'job-1' });
      await first.close();
      const simulateCrashMidJob = (): void => {
        const db = new DatabaseSync(temp.file);
        db.prepare(`UPDATE jobs SET state = 'active' WHERE id = 'job-1'`).run();
        db.close();
      };

      simulateCrashMidJob();
      const second = createLocalJobQueue({ file: temp.file });
      assert.equal((await second.getJob('stuck', 'job-1'))?.state, 'waiting');
      await second.close();

      simulateCrashMidJob();
      const third = createLocalJobQueue({ file: temp.file });
      const info = await third.getJob('stuck', 'job-1');
      await third.close();
      assert.equal(info?.state, 'failed');
      assert.equal(info?.failedReason, STALLED_REASON);
    } finally {
      await temp.remove();
    }
  });

  test('finished jobs are kept (and dedupe) for the retention window, then pruned like BullMQ removes them', async () => {
    const temp = await tempFile();
    try {
      const first = createLocalJobQueue({ file: temp.file });
      first.process('kept', async () => 'ok');
      await first.add('kept', 'work', {}, { jobId: 'old' });
      await first.add('kept', 'work', {}, { jobId: 'recent' });
      await waitFor('both jobs to complete', async () => {
        const [old, recent] = await Promise.all([first.getJob('kept', 'old'), first.getJob('kept', 'recent')]);
        return old?.state === 'completed' && recent?.state === 'completed';
      });
      await first.close();
      const db = new DatabaseSync(temp.file);
      db.prepare(`UPDATE jobs SET finished_at = ? WHERE id = 'old'`).run(Date.now() - 8 * 24 * 3600 * 1000);
      db.close();

      const second = createLocalJobQueue({ file: temp.file });
      try {
        assert.equal(await second.getJob('kept', 'old'), null);
        assert.equal((await second.getJob('kept', 'recent'))?.state, 'completed');
      } finally {
        await second.close();
      }
    } finally {
      await temp.remove();
    }
  });

  test('waiting jobs and schedulers survive a restart', async () => {
    const temp = await tempFile();
    try {
      const first = createLocalJobQueue({ file: temp.file });
      await first.add('later', 'work', { n: 1 }, { jobId: 'job-1' });
      await first.upsertScheduler('later', 'tick', { every: 100 }, { name: 'tick', data: {} });
      await first.close();

      const second = createLocalJobQueue({ file: temp.file });
      try {
        const seen: string[] = [];
        second.process('later', async (job) => {
          seen.push(job.name);
        });
        await waitFor('the job and two ticks', () => seen.includes('work') && seen.filter((n) => n === 'tick').length >= 2);
      } finally {
        await second.close();
      }
    } finally {
      await temp.remove();
    }
  });

  test("works on ':memory:'", async () => {
    const queue = createLocalJobQueue({ file: ':memory:' });
    try {
      queue.process('mem', async (job) => job.data);
      const id = await queue.add('mem', 'echo', 'hello');
      const info = await waitFor('completion', async () => {
        const job = await queue.getJob('mem', id);
        return job?.state === 'completed' ? job : null;
      });
      assert.equal(info.returnValue, 'hello');
    } finally {
      await queue.close();
    }
  });
});
