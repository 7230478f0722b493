import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalJobQueue } from '@crossfeed/platform/jobs/local-job-queue.ts';
import type { JobQueue } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { SCHEDULES } from '@crossfeed/projections/schedules/schedules.projection.ts';
import { requeueWaitingSchedules, SCHEDULED_ACTION_QUEUE, scheduledActionJob, type ScheduledActionJob } from './scheduled-action.processor.ts';

/**
 * A scheduled action survives a restart of the embedded queue: its delayed job lives in the queue's SQLite
 * file in DATA_DIR, and a new queue over the same file finds it and runs it when due.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-schedules-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const job = (scheduleId: string, runAt: string): ScheduledActionJob => ({ scheduleId, userId: 'u1', kind: 'share', contentId: 'c1', contactIds: ['k1'], runAt });
const enqueue = (queue: JobQueue, data: ScheduledActionJob) => {
  const spec = scheduledActionJob(data);
  return queue.add(spec.queue, spec.name, spec.data, { ...spec.options, jobId: spec.jobId });
};

describe('scheduled actions across a restart (embedded queue)', () => {
  test('a delayed job is still there, delayed and unchanged, after the queue is reopened', async () => {
    const file = path.join(dir, 'delayed.db');
    const later = job('s-later', new Date(Date.now() + 3600_000).toISOString());
    const first = createLocalJobQueue({ file });
    assert.equal(await enqueue(first, later), 'schedule-s-later');
    await first.close();

    const second = createLocalJobQueue({ file });
    try {
      const found = await second.getJob<ScheduledActionJob>(SCHEDULED_ACTION_QUEUE, 'schedule-s-later');
      assert.equal(found?.state, 'delayed');
      assert.deepEqual(found?.data, later);
      // Enqueued again (the start-up sweep, a redelivered event): still the one job.
      await enqueue(second, { ...later, contactIds: ['other'] });
      assert.deepEqual((await second.getJob<ScheduledActionJob>(SCHEDULED_ACTION_QUEUE, 'schedule-s-later'))?.data, later);
    } finally {
      await second.close();
    }
  });

  test('a job that fell due while the process was down runs on the new queue', async () => {
    const file = path.join(dir, 'due.db');
    const due = job('s-due', new Date(Date.now() - 1000).toISOString());
    const first = createLocalJobQueue({ file });
    await enqueue(first, due);
    await first.close();

    const second = createLocalJobQueue({ file });
    try {
      const ran: unknown[] = [];
      const completed = new Promise<string>((resolve) => {
        void second.listen(SCHEDULED_ACTION_QUEUE, { onCompleted: (_queue, jobId) => resolve(jobId) });
      });
      const worker = second.process(SCHEDULED_ACTION_QUEUE, async (run) => {
        ran.push(run.data);
        return 'ran';
      });
      assert.equal(await completed, 'schedule-s-due');
      await worker.close();
      assert.deepEqual(ran, [due]);
    } finally {
      await second.close();
    }
  });

  test('the start-up sweep enqueues the schedules that have not run, once', async () => {
    const readStore = await createSqliteReadStore({ file: ':memory:' });
    const queue = createLocalJobQueue({ file: ':memory:' });
    try {
      const schedules = readStore.collection(SCHEDULES);
      const doc = (status: string) => ({
        $set: { user_id: 'u1', kind: 'share', content_id: 'c1', content_title: 'T', contact_ids: ['k1'], run_at: new Date(Date.now() + 60_000).toISOString(), status },
      });
      await schedules.upsert({ _id: 'waiting' }, doc('scheduled'));
      await schedules.upsert({ _id: 'claimed' }, doc('running'));
      await schedules.upsert({ _id: 'cancelled' }, doc('cancelled'));
      await schedules.upsert({ _id: 'ran' }, doc('done'));

      assert.equal(await requeueWaitingSchedules({ jobQueue: queue, readStore }), 2);
      assert.equal(await requeueWaitingSchedules({ jobQueue: queue, readStore }), 2);
      assert.equal((await queue.getJob(SCHEDULED_ACTION_QUEUE, 'schedule-waiting'))?.state, 'delayed');
      assert.equal((await queue.getJob(SCHEDULED_ACTION_QUEUE, 'schedule-claimed'))?.state, 'delayed');
      assert.equal(await queue.getJob(SCHEDULED_ACTION_QUEUE, 'schedule-cancelled'), null);
      assert.equal(await queue.getJob(SCHEDULED_ACTION_QUEUE, 'schedule-ran'), null);
    } finally {
      await queue.close();
      await readStore.close();
    }
  });
});
