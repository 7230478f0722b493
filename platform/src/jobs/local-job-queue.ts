/**
 * The embedded JobQueue adapter (DESIGN §3 Jobs): a durable in-process queue on `node:sqlite` that runs the
 * same processors as BullMQ, with the same observable behaviour (see `job-queue.contract.ts`):
 *
 * - `add` with a `jobId` is `INSERT OR IGNORE`: a second add of the same id, in any state, changes nothing.
 *   Finished jobs are kept for `retentionMs` (7 days, like the BullMQ adapter) so the dedupe window matches.
 * - retries with exponential backoff `backoffMs * 2^(n-1)`; `UnrecoverableJobError` fails at once.
 * - a job found `active` when the file is opened was interrupted by a crash: it goes back to waiting and is
 *   tried again without counting an attempt; a job interrupted more than once (`MAX_STALLED`) fails, like
 *   BullMQ's `maxStalledCount: 1`.
 * - job schedulers mirror BullMQ's: the scheduler row holds the time of its next tick; that tick's job
 *   (id `${schedulerId}:${tickTime}`) is enqueued (delayed) ahead of time, and when it is taken the following
 *   tick is enqueued. `every` starts now and continues every N ms; `pattern` is a UTC cron expression.
 * - job ids follow BullMQ's rules (not an integer, no `:`), so embedded mode rejects what production would.
 *
 * One process per file: opening the file treats every `active` job as interrupted.
 *
 * Durability: adding jobs commits with an fsync (`synchronous = FULL`), so a job the dispatcher handed over
 * before moving its checkpoint survives even a power cut. A job's own changes (taken, progress, done, retried)
 * commit without one (`NORMAL`: WAL is written, not synced): a process crash loses none of them, and what a
 * power cut may undo is a job being taken or finished, which then runs again (processors are idempotent).
 * Those changes run on the event loop; an fsync each would hold it for milliseconds per job.
 */
import { DatabaseSync } from 'node:sqlite';
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import cronParser from 'cron-parser';
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

export interface LocalJobQueueOptions {
  /** SQLite file, or ':memory:'. */
  file: string;
  /** How long completed/failed jobs are kept, which is also how long a jobId dedupes (default 7 days). */
  retentionMs?: number;
  /** pino-compatible; defaults to console. */
  logger?: ErrorLogger;
}

export interface ErrorLogger {
  error(fields: Record<string, unknown>, message: string): void;
}

export const consoleErrorLogger: ErrorLogger = { error: (fields, message) => console.error(message, fields) };

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 1000;
const DEFAULT_RETENTION_MS = 7 * 24 * 3600 * 1000;
/** A job interrupted more than this many times fails (BullMQ's default `maxStalledCount`). */
export const MAX_STALLED = 1;
export const STALLED_REASON = 'job stalled more than allowable limit';
const PRUNE_INTERVAL_MS = 3600 * 1000;
/** setTimeout's maximum delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type StoredState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

interface JobRow {
  seq: number;
  queue: string;
  id: string;
  name: string;
  data: string;
  state: StoredState;
  attempts: number;
  attempts_made: number;
  backoff_ms: number;
  progress: string;
  return_value: string | null;
  failed_reason: string | null;
  run_at: number;
  scheduler_id: string | null;
  stalled_count: number;
}

interface SchedulerRow {
  queue: string;
  id: string;
  every: number | null;
  pattern: string | null;
  name: string;
  data: string;
  next_millis: number;
}

type QueueEvent =
  | { type: 'progress'; queue: string; jobId: string; progress: number | Record<string, unknown> }
  | { type: 'completed'; queue: string; jobId: string; returnValue: unknown }
  | { type: 'failed'; queue: string; jobId: string; reason: string; willRetry: boolean };

/** BullMQ's rules for custom ids, applied here too so embedded mode fails like production would. */
export function assertValidJobId(id: string): void {
  if (id === '') throw new Error('Custom Id cannot be empty');
  if (`${Number.parseInt(id, 10)}` === id) throw new Error('Custom Id cannot be integers');
  if (id.includes(':')) throw new Error('Custom Id cannot contain :');
}

function assertValidSchedule(schedule: Schedule): void {
  const hasEvery = schedule.every !== undefined;
  const hasPattern = schedule.pattern !== undefined;
  if (hasEvery === hasPattern) throw new Error('A schedule needs exactly one of `every` or `pattern`');
  if (hasEvery && !(Number.isInteger(schedule.every) && (schedule.every ?? 0) > 0)) {
    throw new Error('`every` must be a positive integer number of ms');
  }
  if (schedule.pattern !== undefined) cronParser.parseExpression(schedule.pattern, { tz: 'UTC' });
}

function cronNext(pattern: string, after: number): number {
  return cronParser.parseExpression(pattern, { currentDate: new Date(after), tz: 'UTC' }).next().getTime();
}

/** The tick after `prev` (BullMQ's rules): `every` starts now and keeps its phase, skipping missed ticks. */
function nextTick(schedule: { every: number | null; pattern: string | null }, prev: number | null, now: number): number {
  if (schedule.every !== null) {
    const every = schedule.every;
    if (prev === null) return now;
    const next = prev + every;
    if (next >= now) return next;
    const phase = ((prev % every) + every) % every;
    const aligned = Math.floor(now / every) * every + phase;
    return aligned <= now ? aligned + every : aligned;
  }
  if (schedule.pattern === null) throw new Error('scheduler without every or pattern');
  return cronNext(schedule.pattern, Math.max(now, prev ?? 0));
}

const parseJson = (text: string | null): unknown => (text === null ? undefined : JSON.parse(text));

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const isUnrecoverable = (error: unknown): boolean =>
  error instanceof UnrecoverableJobError || (error instanceof Error && error.name === 'UnrecoverableJobError');

export function createLocalJobQueue(options: LocalJobQueueOptions): JobQueue {
  const logger = options.logger ?? consoleErrorLogger;
  const retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
  const db = new DatabaseSync(options.file);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS jobs (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      queue TEXT NOT NULL,
      id TEXT NOT NULL,
      name TEXT NOT NULL,
      data TEXT NOT NULL,
      state TEXT NOT NULL,
      attempts INTEGER NOT NULL,
      attempts_made INTEGER NOT NULL DEFAULT 0,
      backoff_ms INTEGER NOT NULL,
      progress TEXT NOT NULL DEFAULT '0',
      return_value TEXT,
      failed_reason TEXT,
      run_at INTEGER NOT NULL,
      scheduler_id TEXT,
      stalled_count INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      finished_at INTEGER,
      UNIQUE (queue, id)
    );
    CREATE INDEX IF NOT EXISTS jobs_due ON jobs (queue, state, run_at);
    -- The next job to take, in order, without sorting every waiting job of the queue (a backlog of
    -- thousands made each take a sort of all of them).
    CREATE INDEX IF NOT EXISTS jobs_pending ON jobs (queue, run_at, seq) WHERE state IN ('waiting', 'delayed');
    CREATE INDEX IF NOT EXISTS jobs_finished ON jobs (state, finished_at);
    CREATE TABLE IF NOT EXISTS positions (
      name TEXT PRIMARY KEY,
      position TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS schedulers (
      queue TEXT NOT NULL,
      id TEXT NOT NULL,
      every INTEGER,
      pattern TEXT,
      name TEXT NOT NULL,
      data TEXT NOT NULL,
      next_millis INTEGER NOT NULL,
      PRIMARY KEY (queue, id)
    );
  `);

  const stmt = {
    insert: db.prepare(`
      INSERT OR IGNORE INTO jobs (queue, id, name, data, state, attempts, backoff_ms, run_at, scheduler_id, created_at)
      VALUES (:queue, :id, :name, :data, :state, :attempts, :backoff_ms, :run_at, :scheduler_id, :created_at)`),
    due: db.prepare(`
      SELECT * FROM jobs WHERE queue = ? AND state IN ('waiting', 'delayed') AND run_at <= ?
      ORDER BY run_at, seq LIMIT 1`),
    nextDue: db.prepare(`SELECT MIN(run_at) AS next FROM jobs WHERE queue = ? AND state IN ('waiting', 'delayed')`),
    activate: db.prepare(`UPDATE jobs SET state = 'active' WHERE seq = ? AND state IN ('waiting', 'delayed')`),
    complete: db.prepare(`
      UPDATE jobs SET state = 'completed', attempts_made = attempts_made + 1, return_value = ?, finished_at = ?
      WHERE seq = ? AND state = 'active'`),
    retry: db.prepare(`
      UPDATE jobs SET state = 'delayed', attempts_made = attempts_made + 1, failed_reason = ?, run_at = ?
      WHERE seq = ? AND state = 'active'`),
    fail: db.prepare(`
      UPDATE jobs SET state = 'failed', attempts_made = attempts_made + 1, failed_reason = ?, finished_at = ?
      WHERE seq = ? AND state = 'active'`),
    progress: db.prepare(`UPDATE jobs SET progress = ? WHERE seq = ? AND state = 'active'`),
    readPosition: db.prepare(`SELECT position FROM positions WHERE name = ?`),
    writePosition: db.prepare(`INSERT INTO positions (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position`),
    get: db.prepare(`SELECT * FROM jobs WHERE queue = ? AND id = ?`),
    interrupted: db.prepare(`SELECT * FROM jobs WHERE state = 'active'`),
    requeue: db.prepare(`UPDATE jobs SET state = 'waiting', run_at = ?, stalled_count = stalled_count + 1 WHERE seq = ?`),
    failStalled: db.prepare(`
      UPDATE jobs SET state = 'failed', failed_reason = ?, finished_at = ?, stalled_count = stalled_count + 1
      WHERE seq = ?`),
    prune: db.prepare(`DELETE FROM jobs WHERE state IN ('completed', 'failed') AND finished_at < ?`),
    getScheduler: db.prepare(`SELECT * FROM schedulers WHERE queue = ? AND id = ?`),
    putScheduler: db.prepare(`
      INSERT INTO schedulers (queue, id, every, pattern, name, data, next_millis)
      VALUES (:queue, :id, :every, :pattern, :name, :data, :next_millis)
      ON CONFLICT (queue, id) DO UPDATE SET every = excluded.every, pattern = excluded.pattern,
        name = excluded.name, data = excluded.data, next_millis = excluded.next_millis`),
    setSchedulerNext: db.prepare(`UPDATE schedulers SET next_millis = ? WHERE queue = ? AND id = ?`),
    deleteScheduler: db.prepare(`DELETE FROM schedulers WHERE queue = ? AND id = ?`),
    deletePendingJob: db.prepare(`DELETE FROM jobs WHERE queue = ? AND id = ? AND state IN ('waiting', 'delayed')`),
    deletePendingOfScheduler: db.prepare(
      `DELETE FROM jobs WHERE queue = ? AND scheduler_id = ? AND state IN ('waiting', 'delayed')`,
    ),
  };

  const transaction = <T>(fn: () => T): T => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };

  /** A transaction committed with an fsync: what a caller is told is added must survive a power cut. */
  const durableTransaction = <T>(fn: () => T): T => {
    db.exec('PRAGMA synchronous = FULL');
    try {
      return transaction(fn);
    } finally {
      db.exec('PRAGMA synchronous = NORMAL');
    }
  };

  // Jobs left active by a crash go back to waiting (or fail when interrupted too often).
  transaction(() => {
    const now = Date.now();
    for (const row of stmt.interrupted.all() as unknown as JobRow[]) {
      if (row.stalled_count >= MAX_STALLED) stmt.failStalled.run(STALLED_REASON, now, row.seq);
      else stmt.requeue.run(now, row.seq);
    }
  });
  const prune = (): void => {
    stmt.prune.run(Date.now() - retentionMs);
  };
  prune();
  const pruneTimer = setInterval(() => {
    try {
      prune();
    } catch (error) {
      logger.error({ err: error }, 'local job queue: pruning finished jobs failed');
    }
  }, PRUNE_INTERVAL_MS);
  pruneTimer.unref();

  const events = new EventEmitter();
  events.setMaxListeners(0);
  const publish = (event: QueueEvent): void => {
    events.emit('job', event);
  };

  interface LocalWorker {
    queue: string;
    wake(): void;
    close(): Promise<void>;
  }
  const workers = new Set<LocalWorker>();
  /** No new calls once `close` starts; the database stays open until the jobs in flight are recorded. */
  let closed = false;
  let dbClosed = false;
  let closing: Promise<void> | undefined;

  const assertOpen = (): void => {
    if (closed) throw new Error('job queue is closed');
  };
  const wakeQueue = (queue: string): void => {
    for (const worker of workers) if (worker.queue === queue) worker.wake();
  };

  const insertJob = (
    queue: string,
    job: { id: string; name: string; data: unknown; runAt: number; attempts: number; backoffMs: number },
    schedulerId: string | null,
    now: number,
  ): void => {
    stmt.insert.run({
      queue,
      id: job.id,
      name: job.name,
      data: JSON.stringify(job.data ?? null),
      state: job.runAt > now ? 'delayed' : 'waiting',
      attempts: job.attempts,
      backoff_ms: job.backoffMs,
      run_at: job.runAt,
      scheduler_id: schedulerId,
      created_at: now,
    });
  };

  const prepareAdd = <Data>(name: string, data: Data, jobOptions: JobOptions = {}, now: number) => {
    if (jobOptions.jobId !== undefined) assertValidJobId(jobOptions.jobId);
    const attempts = jobOptions.attempts ?? DEFAULT_ATTEMPTS;
    if (!Number.isInteger(attempts) || attempts < 1) throw new Error('`attempts` must be an integer >= 1');
    return {
      id: jobOptions.jobId ?? randomUUID(),
      name,
      data,
      runAt: now + Math.max(0, jobOptions.delay ?? 0),
      attempts,
      backoffMs: Math.max(0, jobOptions.backoffMs ?? DEFAULT_BACKOFF_MS),
    };
  };

  /** Enqueues the tick after the one whose job was just taken, if the scheduler still wants it. */
  const scheduleFollowingTick = (row: JobRow, now: number): void => {
    if (row.scheduler_id === null) return;
    const scheduler = stmt.getScheduler.get(row.queue, row.scheduler_id) as unknown as SchedulerRow | undefined;
    if (!scheduler || row.id !== `${scheduler.id}:${scheduler.next_millis}`) return;
    const next = nextTick(scheduler, scheduler.next_millis, now);
    insertJob(
      row.queue,
      {
        id: `${scheduler.id}:${next}`,
        name: scheduler.name,
        data: JSON.parse(scheduler.data),
        runAt: next,
        attempts: DEFAULT_ATTEMPTS,
        backoffMs: DEFAULT_BACKOFF_MS,
      },
      scheduler.id,
      now,
    );
    stmt.setSchedulerNext.run(next, scheduler.queue, scheduler.id);
  };

  const claim = (queue: string): JobRow | undefined =>
    transaction(() => {
      const now = Date.now();
      const row = stmt.due.get(queue, now) as unknown as JobRow | undefined;
      if (!row) return undefined;
      stmt.activate.run(row.seq);
      scheduleFollowingTick(row, now);
      return { ...row, state: 'active' as const };
    });

  const runJob = async (row: JobRow, processor: Processor<unknown, unknown>): Promise<void> => {
    const job: Job = {
      id: row.id,
      queue: row.queue,
      name: row.name,
      data: JSON.parse(row.data),
      attemptsMade: row.attempts_made,
      progress: JSON.parse(row.progress) as number | Record<string, unknown>,
      updateProgress: async (progress) => {
        if (dbClosed) throw new Error('job queue is closed');
        stmt.progress.run(JSON.stringify(progress), row.seq);
        publish({ type: 'progress', queue: row.queue, jobId: row.id, progress });
      },
    };
    let result: unknown;
    try {
      result = await processor(job);
    } catch (error) {
      const reason = errorMessage(error);
      const made = row.attempts_made + 1;
      const willRetry = made < row.attempts && !isUnrecoverable(error);
      const now = Date.now();
      if (willRetry) stmt.retry.run(reason, now + row.backoff_ms * 2 ** (made - 1), row.seq);
      else stmt.fail.run(reason, now, row.seq);
      publish({ type: 'failed', queue: row.queue, jobId: row.id, reason, willRetry });
      return;
    }
    stmt.complete.run(result === undefined ? null : JSON.stringify(result), Date.now(), row.seq);
    publish({ type: 'completed', queue: row.queue, jobId: row.id, returnValue: result });
  };

  const startWorker = (queue: string, processor: Processor<unknown, unknown>, concurrency: number): LocalWorker => {
    const inFlight = new Set<Promise<void>>();
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let wakeScheduled = false;

    const pump = (): void => {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = undefined;
      try {
        while (inFlight.size < concurrency) {
          const row = claim(queue);
          if (!row) break;
          const running: Promise<void> = runJob(row, processor)
            .catch((error: unknown) => logger.error({ err: error, queue, jobId: row.id }, 'local job queue: recording a job failed'))
            .finally(() => {
              inFlight.delete(running);
              pump();
            });
          inFlight.add(running);
        }
        if (inFlight.size < concurrency) {
          const { next } = stmt.nextDue.get(queue) as { next: number | null };
          if (next !== null) {
            timer = setTimeout(pump, Math.min(Math.max(0, next - Date.now()), MAX_TIMER_MS));
            timer.unref();
          }
        }
      } catch (error) {
        logger.error({ err: error, queue }, 'local job queue: worker failed to take a job');
        timer = setTimeout(pump, 1000);
        timer.unref();
      }
    };

    const worker: LocalWorker = {
      queue,
      wake: () => {
        if (stopped || wakeScheduled) return;
        wakeScheduled = true;
        setImmediate(() => {
          wakeScheduled = false;
          pump();
        });
      },
      close: async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        workers.delete(worker);
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      },
    };
    workers.add(worker);
    worker.wake();
    return worker;
  };

  const toInfo = <Data>(row: JobRow): JobInfo<Data> => {
    const state: JobState = row.state === 'delayed' && row.run_at <= Date.now() ? 'waiting' : row.state;
    const info: JobInfo<Data> = {
      id: row.id,
      name: row.name,
      data: JSON.parse(row.data) as Data,
      state,
      progress: JSON.parse(row.progress) as number | Record<string, unknown>,
      attemptsMade: row.attempts_made,
    };
    const returnValue = parseJson(row.return_value);
    if (returnValue !== undefined) info.returnValue = returnValue;
    if (row.failed_reason !== null) info.failedReason = row.failed_reason;
    return info;
  };

  return {
    async add(queue, name, data, jobOptions) {
      assertOpen();
      const now = Date.now();
      const job = prepareAdd(name, data, jobOptions, now);
      durableTransaction(() => insertJob(queue, job, null, now));
      wakeQueue(queue);
      return job.id;
    },

    async addBulk(queue, jobs) {
      assertOpen();
      const now = Date.now();
      const prepared = jobs.map((job) => prepareAdd(job.name, job.data, job.options, now));
      durableTransaction(() => {
        for (const job of prepared) insertJob(queue, job, null, now);
      });
      wakeQueue(queue);
      return prepared.map((job) => job.id);
    },

    process<Data, Result>(queue: string, processor: Processor<Data, Result>, workerOptions: WorkerOptions = {}): WorkerHandle {
      assertOpen();
      const concurrency = Math.max(1, Math.floor(workerOptions.concurrency ?? 1));
      const worker = startWorker(queue, processor as Processor<unknown, unknown>, concurrency);
      return { close: () => worker.close() };
    },

    async upsertScheduler(queue, schedulerId, schedule, template) {
      assertOpen();
      assertValidSchedule(schedule);
      const every = schedule.every ?? null;
      const pattern = schedule.pattern ?? null;
      transaction(() => {
        const now = Date.now();
        const existing = stmt.getScheduler.get(queue, schedulerId) as unknown as SchedulerRow | undefined;
        let removedPending = false;
        if (existing) {
          removedPending = stmt.deletePendingJob.run(queue, `${schedulerId}:${existing.next_millis}`).changes > 0;
        }
        const sameSchedule = existing !== undefined && existing.every === every && existing.pattern === pattern;
        // Replacing the pending tick keeps its time, so upserting again never adds a second chain of ticks.
        const next =
          existing && removedPending && sameSchedule
            ? existing.next_millis
            : nextTick({ every, pattern }, sameSchedule && existing ? existing.next_millis : null, now);
        insertJob(
          queue,
          {
            id: `${schedulerId}:${next}`,
            name: template.name,
            data: template.data,
            runAt: next,
            attempts: DEFAULT_ATTEMPTS,
            backoffMs: DEFAULT_BACKOFF_MS,
          },
          schedulerId,
          now,
        );
        stmt.putScheduler.run({
          queue,
          id: schedulerId,
          every,
          pattern,
          name: template.name,
          data: JSON.stringify(template.data ?? null),
          next_millis: next,
        });
      });
      wakeQueue(queue);
    },

    async removeScheduler(queue, schedulerId) {
      assertOpen();
      transaction(() => {
        stmt.deleteScheduler.run(queue, schedulerId);
        stmt.deletePendingOfScheduler.run(queue, schedulerId);
      });
    },

    async getJob<Data = unknown>(queue: string, jobId: string): Promise<JobInfo<Data> | null> {
      assertOpen();
      const row = stmt.get.get(queue, jobId) as unknown as JobRow | undefined;
      return row ? toInfo<Data>(row) : null;
    },

    async removeWaiting(queue: string, jobId: string): Promise<boolean> {
      assertOpen();
      return stmt.deletePendingJob.run(queue, jobId).changes > 0;
    },

    async readPosition(name: string): Promise<string | undefined> {
      assertOpen();
      return (stmt.readPosition.get(name) as { position: string } | undefined)?.position;
    },

    async writePosition(name: string, position: string): Promise<void> {
      assertOpen();
      stmt.writePosition.run(name, position);
    },

    async listen(queue: string, listener: JobEventsListener) {
      assertOpen();
      const handler = (event: QueueEvent): void => {
        if (event.queue !== queue) return;
        try {
          if (event.type === 'progress') listener.onProgress?.(queue, event.jobId, event.progress);
          else if (event.type === 'completed') listener.onCompleted?.(queue, event.jobId, event.returnValue);
          else listener.onFailed?.(queue, event.jobId, event.reason, event.willRetry);
        } catch (error) {
          logger.error({ err: error, queue }, 'local job queue: a listener threw');
        }
      };
      events.on('job', handler);
      return async () => {
        events.off('job', handler);
      };
    },

    close() {
      closing ??= (async () => {
        closed = true;
        clearInterval(pruneTimer);
        await Promise.all([...workers].map((worker) => worker.close()));
        events.removeAllListeners();
        dbClosed = true;
        db.close();
      })();
      return closing;
    },
  };
}
