/**
 * The JobQueue port (DESIGN §3 Jobs). BullMQ in production; a durable in-process queue that runs the
 * same processors in embedded mode. Every adapter passes `job-queue.contract.ts`.
 */

export interface JobOptions {
  /** Idempotency key: adding a job whose id already exists (waiting, active, completed or failed) is a no-op. */
  jobId?: string;
  /** Total tries including the first (default 3). */
  attempts?: number;
  /** Delay before the first try, in ms. */
  delay?: number;
  /** Exponential backoff base between tries, in ms (default 1000). */
  backoffMs?: number;
}

export interface Job<Data = unknown> {
  id: string;
  queue: string;
  name: string;
  data: Data;
  /** Tries already made before this one (0 on the first try). */
  attemptsMade: number;
  /**
   * The progress the job last reported (0 before any): kept across a retry and a crashed worker, so a job that
   * works through a list can resume where its last try stopped.
   */
  progress: number | Record<string, unknown>;
  /** Reports progress (0-100 or any JSON object); visible through `getJob` and `onProgress`. */
  updateProgress(progress: number | Record<string, unknown>): Promise<void>;
}

export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed' | 'unknown';

export interface JobInfo<Data = unknown> {
  id: string;
  name: string;
  data: Data;
  state: JobState;
  progress: number | Record<string, unknown>;
  attemptsMade: number;
  returnValue?: unknown;
  failedReason?: string;
}

export type Processor<Data = unknown, Result = unknown> = (job: Job<Data>) => Promise<Result>;

export interface WorkerOptions {
  concurrency?: number;
}

export interface WorkerHandle {
  /** Stops taking jobs and waits for the ones in flight. */
  close(): Promise<void>;
}

export interface Schedule {
  /** Repeat every N ms. */
  every?: number;
  /** Or a cron pattern (UTC). */
  pattern?: string;
}

export interface JobEventsListener {
  onProgress?(queue: string, jobId: string, progress: number | Record<string, unknown>): void;
  onCompleted?(queue: string, jobId: string, returnValue: unknown): void;
  onFailed?(queue: string, jobId: string, reason: string, willRetry: boolean): void;
}

export interface JobQueue {
  add<Data>(queue: string, name: string, data: Data, options?: JobOptions): Promise<string>;
  addBulk<Data>(queue: string, jobs: readonly { name: string; data: Data; options?: JobOptions }[]): Promise<string[]>;
  process<Data, Result>(queue: string, processor: Processor<Data, Result>, options?: WorkerOptions): WorkerHandle;
  /** Creates or updates a repeating job (BullMQ job scheduler); idempotent on `schedulerId`. */
  upsertScheduler<Data>(queue: string, schedulerId: string, schedule: Schedule, template: { name: string; data: Data }): Promise<void>;
  removeScheduler(queue: string, schedulerId: string): Promise<void>;
  getJob<Data = unknown>(queue: string, jobId: string): Promise<JobInfo<Data> | null>;
  /**
   * Removes a job that has not started (waiting or delayed), e.g. a cancelled scheduled action. True when it
   * was removed; false when it is unknown, running or finished (those are left as they are).
   */
  removeWaiting(queue: string, jobId: string): Promise<boolean>;
  /** Subscribes to progress/completion/failure of the queue's jobs, from any process. Returns an unsubscribe. */
  listen(queue: string, listener: JobEventsListener): Promise<() => Promise<void>>;
  /**
   * A follower's place in the event log (the job dispatcher's), kept with the jobs it enqueued: a rebuild of
   * the read models, which replaces their file, must never make the log's jobs (its e-mails) run again.
   */
  readPosition(name: string): Promise<string | undefined>;
  writePosition(name: string, position: string): Promise<void>;
  close(): Promise<void>;
}

/** Thrown by a processor for input that will never succeed: the job fails at once, without retries. */
export class UnrecoverableJobError extends Error {
  override readonly name = 'UnrecoverableJobError';
}
