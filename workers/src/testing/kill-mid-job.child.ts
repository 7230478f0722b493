/**
 * Child process of the "worker killed mid-job" fault test: takes one job of the queue, tells the parent
 * it started, and SIGKILLs itself while the job is active (no cleanup, no lock release).
 * Args: redis url, key prefix, queue name.
 */
import { createBullmqJobQueue } from '@crossfeed/platform/jobs/bullmq-job-queue.ts';

const [url, prefix, queueName] = process.argv.slice(2);
if (!url || !prefix || !queueName) throw new Error('usage: kill-mid-job.child.ts <redis url> <prefix> <queue>');
const queue = createBullmqJobQueue({ url, prefix, workerSettings: { lockDuration: 1000, stalledInterval: 500 } });
queue.process(queueName, async (job) => {
  process.send?.({ started: job.id }, () => process.kill(process.pid, 'SIGKILL'));
  await new Promise(() => undefined); // never finishes
});
