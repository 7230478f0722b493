/**
 * The production JobQueue adapter (DESIGN §3 Jobs): BullMQ on Redis.
 *
 * - One `Queue` per queue name (cached) on a producer connection with ioredis' default
 *   `maxRetriesPerRequest`, so `add` fails (rather than hangs) during a Redis outage and the dispatcher
 *   retries from its checkpoint. Workers and QueueEvents block, so they share a second connection with
 *   `maxRetriesPerRequest: null` (BullMQ requires it) and duplicate it for their blocking commands.
 * - Idempotency by `jobId` holds only while the job's hash exists in Redis, so completed and failed jobs are
 *   kept for 7 days (`KEEP_FINISHED`) instead of being removed at once: the dispatcher derives job ids from
 *   event ids, and a restart that re-reads recent events must find those ids still taken.
 * - A processor throwing `UnrecoverableJobError` is rethrown as BullMQ's `UnrecoverableError` (no retries).
 * - `listen` uses `QueueEvents` from the last event present when it is called (no race with the caller's
 *   next `add`). BullMQ only publishes `failed` for a final failure; a failed try that will be retried shows
 *   up as `delayed` (or `waiting`) with the job's `attemptsMade` > 0, which is reported as
 *   `onFailed(..., willRetry = true)` with the job's latest `failedReason`.
 */
import { Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import type { JobsOptions, JobState as BullJobState, KeepJobs, WorkerOptions as BullWorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { UnrecoverableJobError } from './job-queue.port.ts';
import type {
  Job,
  JobEventsListener,
  JobInfo,
  JobOptions,
  JobQueue,
  JobState,
  Processor,
  Schedule,
  WorkerHandle,
  WorkerOptions,
} from './job-queue.port.ts';
import { consoleErrorLogger } from './local-job-queue.ts';
import type { ErrorLogger } from './local-job-queue.ts';

export interface BullmqJobQueueOptions {
  url: string;
  /** Redis key prefix of every queue (BullMQ's `prefix`, default 'bull'). */
  prefix?: string;
  /** pino-compatible; defaults to console. */
  logger?: ErrorLogger;
  /**
   * Stalled-job recovery of every worker (BullMQ defaults: lock 30 s, checked every 30 s, 1 stall allowed).
   * Shorter values let tests see a killed worker's job retried quickly.
   */
  workerSettings?: Pick<BullWorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'>;
}

/** Finished jobs are kept this long so that adding the same jobId again stays a no-op (see above). */
export const KEEP_FINISHED: KeepJobs = { age: 7 * 24 * 3600, count: 100_000 };

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 1000;

const toBullOptions = (options: JobOptions = {}): JobsOptions => {
  const bull: JobsOptions = {
    attempts: options.attempts ?? DEFAULT_ATTEMPTS,
    backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
    removeOnComplete: KEEP_FINISHED,
    removeOnFail: KEEP_FINISHED,
  };
  if (options.jobId !== undefined) bull.jobId = options.jobId;
  if (options.delay !== undefined && options.delay > 0) bull.delay = options.delay;
  return bull;
};

const toJobState = (state: BullJobState | 'unknown'): JobState => {
  switch (state) {
    case 'waiting':
    case 'prioritized':
    case 'waiting-children':
      return 'waiting';
    case 'delayed':
    case 'active':
    case 'completed':
    case 'failed':
      return state;
    default:
      return 'unknown';
  }
};

const isUnrecoverable = (error: unknown): error is Error =>
  error instanceof UnrecoverableJobError || (error instanceof Error && error.name === 'UnrecoverableJobError');

export function createBullmqJobQueue(options: BullmqJobQueueOptions): JobQueue {
  const prefix = options.prefix ?? 'bull';
  const logger = options.logger ?? consoleErrorLogger;
  const producer = new Redis(options.url);
  const consumer = new Redis(options.url, { maxRetriesPerRequest: null });
  producer.on('error', (error: unknown) => logger.error({ err: error }, 'bullmq job queue: producer connection error'));
  consumer.on('error', (error: unknown) => logger.error({ err: error }, 'bullmq job queue: consumer connection error'));

  const queues = new Map<string, Queue>();
  const workers = new Set<Worker>();
  const listeners = new Set<QueueEvents>();
  let closing: Promise<void> | undefined;

  const assertOpen = (): void => {
    if (closing) throw new Error('job queue is closed');
  };

  const getQueue = (name: string): Queue => {
    assertOpen();
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: producer, prefix });
      queue.on('error', (error: unknown) => logger.error({ err: error, queue: name }, 'bullmq job queue: queue error'));
      queues.set(name, queue);
    }
    return queue;
  };

  return {
    async add(queue, name, data, jobOptions) {
      const job = await getQueue(queue).add(name, data, toBullOptions(jobOptions));
      if (job.id === undefined) throw new Error('BullMQ returned a job without id');
      return job.id;
    },

    async addBulk(queue, jobs) {
      const added = await getQueue(queue).addBulk(
        jobs.map((job) => ({ name: job.name, data: job.data, opts: toBullOptions(job.options) })),
      );
      return added.map((job) => {
        if (job.id === undefined) throw new Error('BullMQ returned a job without id');
        return job.id;
      });
    },

    process<Data, Result>(queue: string, processor: Processor<Data, Result>, workerOptions: WorkerOptions = {}): WorkerHandle {
      assertOpen();
      const worker = new Worker<Data, Result>(
        queue,
        async (bullJob) => {
          const job: Job<Data> = {
            id: bullJob.id ?? '',
            queue,
            name: bullJob.name,
            data: bullJob.data,
            attemptsMade: bullJob.attemptsMade,
            progress: (bullJob.progress ?? 0) as number | Record<string, unknown>,
            updateProgress: (progress) => bullJob.updateProgress(progress),
          };
          try {
            return await processor(job);
          } catch (error) {
            if (isUnrecoverable(error)) throw new UnrecoverableError(error.message);
            throw error;
          }
        },
        { ...options.workerSettings, connection: consumer, prefix, concurrency: Math.max(1, Math.floor(workerOptions.concurrency ?? 1)) },
      );
      worker.on('error', (error: unknown) => logger.error({ err: error, queue }, 'bullmq job queue: worker error'));
      workers.add(worker);
      return {
        close: async () => {
          workers.delete(worker);
          await worker.close();
        },
      };
    },

    async upsertScheduler<Data>(queue: string, schedulerId: string, schedule: Schedule, template: { name: string; data: Data }) {
      if ((schedule.every === undefined) === (schedule.pattern === undefined)) {
        throw new Error('A schedule needs exactly one of `every` or `pattern`');
      }
      const repeat = schedule.pattern !== undefined ? { pattern: schedule.pattern, tz: 'UTC' } : { every: schedule.every };
      await getQueue(queue).upsertJobScheduler(schedulerId, repeat, {
        name: template.name,
        data: template.data,
        opts: {
          attempts: DEFAULT_ATTEMPTS,
          backoff: { type: 'exponential', delay: DEFAULT_BACKOFF_MS },
          removeOnComplete: KEEP_FINISHED,
          removeOnFail: KEEP_FINISHED,
        },
      });
    },

    async removeScheduler(queue, schedulerId) {
      await getQueue(queue).removeJobScheduler(schedulerId);
    },

    async readPosition(name: string): Promise<string | undefined> {
      return (await producer.get(`${prefix}:positions:${name}`)) ?? undefined;
    },

    async writePosition(name: string, position: string): Promise<void> {
      await producer.set(`${prefix}:positions:${name}`, position);
    },

    async removeWaiting(queue: string, jobId: string): Promise<boolean> {
      const job = await getQueue(queue).getJob(jobId);
      if (!job) return false;
      const state = await job.getState();
      if (state !== 'waiting' && state !== 'delayed' && state !== 'prioritized' && state !== 'waiting-children') return false;
      try {
        await job.remove();
        return true;
      } catch {
        // Taken by a worker in the meantime (locked): it runs.
        return false;
      }
    },

    async getJob<Data = unknown>(queue: string, jobId: string): Promise<JobInfo<Data> | null> {
      // The hash and the state are read separately; reading the state before and after the hash (and again
      // if it moved) gives a consistent snapshot, e.g. never `failed` with the previous try's attemptsMade.
      const bullQueue = getQueue(queue);
      let before = await bullQueue.getJobState(jobId);
      let job = await bullQueue.getJob(jobId);
      let after = await bullQueue.getJobState(jobId);
      for (let tries = 0; before !== after && tries < 5; tries += 1) {
        before = after;
        job = await bullQueue.getJob(jobId);
        after = await bullQueue.getJobState(jobId);
      }
      if (!job) return null;
      const state = toJobState(after);
      const info: JobInfo<Data> = {
        id: job.id ?? jobId,
        name: job.name,
        data: job.data,
        state,
        progress: (job.progress ?? 0) as number | Record<string, unknown>,
        attemptsMade: job.attemptsMade,
      };
      if (job.returnvalue !== undefined && job.returnvalue !== null) info.returnValue = job.returnvalue;
      if (job.failedReason) info.failedReason = job.failedReason;
      return info;
    },

    async listen(queue: string, listener: JobEventsListener) {
      const bullQueue = getQueue(queue);
      // Start right after the newest event, so nothing the caller does after `listen` resolves is missed.
      const newest = await producer.xrevrange(bullQueue.keys.events ?? `${prefix}:${queue}:events`, '+', '-', 'COUNT', 1);
      const events = new QueueEvents(queue, { connection: consumer, prefix, lastEventId: newest[0]?.[0] ?? '0-0' });
      events.on('error', (error: unknown) => logger.error({ err: error, queue }, 'bullmq job queue: queue events error'));

      // Events are handled one after the other, so a retry (looked up in Redis) is reported before what follows.
      let chain = Promise.resolve();
      let subscribed = true;
      const serially = (handle: () => void | Promise<void>): void => {
        if (!subscribed) return;
        chain = chain
          .then(handle)
          .catch((error: unknown) => logger.error({ err: error, queue }, 'bullmq job queue: a listener threw'));
      };
      const reportRetry = (jobId: string): void => {
        if (!listener.onFailed) return;
        serially(async () => {
          const job = await bullQueue.getJob(jobId);
          if (job && job.attemptsMade > 0 && job.failedReason) listener.onFailed?.(queue, jobId, job.failedReason, true);
        });
      };
      events.on('progress', ({ jobId, data }) => {
        serially(() => listener.onProgress?.(queue, jobId, data as number | Record<string, unknown>));
      });
      events.on('completed', ({ jobId, returnvalue }) => {
        serially(() => listener.onCompleted?.(queue, jobId, returnvalue));
      });
      events.on('failed', ({ jobId, failedReason }) => {
        serially(() => listener.onFailed?.(queue, jobId, failedReason, false));
      });
      events.on('delayed', ({ jobId }) => reportRetry(jobId));
      events.on('waiting', ({ jobId, prev }) => {
        if (prev === 'active') reportRetry(jobId);
      });
      listeners.add(events);
      await events.waitUntilReady();

      return async () => {
        subscribed = false;
        listeners.delete(events);
        await events.close();
        await chain;
      };
    },

    close() {
      closing ??= (async () => {
        await Promise.allSettled([...workers].map((worker) => worker.close()));
        workers.clear();
        await Promise.allSettled([...listeners].map((events) => events.close()));
        listeners.clear();
        await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
        queues.clear();
        await Promise.allSettled([producer.quit(), consumer.quit()]);
      })();
      return closing;
    },
  };
}
