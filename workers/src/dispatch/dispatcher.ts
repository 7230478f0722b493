/**
 * The job dispatcher (DESIGN §3 Jobs): follows the event log from its checkpoint and enqueues the jobs of
 * every route that reacts to each event. The event log is the outbox:
 *
 * - jobs are enqueued (`addBulk`, ids derived from the event id) BEFORE the checkpoint moves past their
 *   event, so a crash re-enqueues at most the last batch, and the queue's job-id dedupe makes that a no-op;
 * - an enqueue that fails (Redis down) throws: catch-up retries the same batch with backoff, and the live
 *   subscription redelivers the same event with backoff (EventStore.subscribeAll). Jobs are delayed, never
 *   skipped nor doubled;
 * - catch-up reads the log in batches (one `addBulk` per queue and one checkpoint write per batch); live
 *   events are buffered as the subscription delivers them and dispatched together, whatever arrived while
 *   the previous batch was enqueued (a 5,000-contact upload is a few batches, not 5,000 checkpoint writes).
 *   A failed batch is retried from the buffer with backoff; the subscription is held back when it is full.
 *
 * - its position lives with the jobs (`JobQueue.writePosition`: jobs.db, or Redis), not in the read models:
 *   a read-model file replaced and rebuilt from the log never enqueues (and e-mails) the log's jobs again.
 * - a job runs after the read models it reads: an event's jobs are enqueued only once the projections have
 *   passed its position (`readModels.waitFor`, woken by the runner's progress; the runner runs in the same
 *   process in both deployments). No processor has to retry while a read model catches up: a document it
 *   does not find was never there or is gone.
 *
 * Run exactly one dispatcher per deployment (the projections service, or the one-process start).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore, Position, RecordedEvent, Subscription } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { JobQueue } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { Logger } from '@crossfeed/platform/logger.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CHECKPOINTS, type Checkpoint } from '@crossfeed/projections/projection.ts';
import type { ReadModelWaiter } from '@crossfeed/projections/runner/read-model-waiter.ts';
import type { JobRoute, JobSpec } from './job-routes.ts';

export const DISPATCHER_CHECKPOINT = 'dispatcher';
const BACKOFF_START_MS = 100;
const BACKOFF_CAP_MS = 5000;
/**
 * How long one wait for the read models lasts before the dispatcher checks whether it is stopping and says
 * it is still waiting. The wait itself is woken by the runner's progress, not polled.
 */
const READ_MODELS_WAIT_MS = 1000;
/** A wait answered false at once (a runner that stopped) is tried again after this pause, not in a spin. */
const READ_MODELS_PAUSE_MS = 100;
/** How often a long wait for the read models (a rebuild after the read store was lost) is logged. */
const READ_MODELS_LOG_MS = 10_000;

/** The dispatcher stopped while a batch waited for the read models: the batch is left for the next start. */
class DispatcherStopped extends Error {
  constructor() {
    super('the dispatcher stopped');
  }
}

export interface DispatcherOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  jobQueue: JobQueue;
  routes: readonly JobRoute[];
  /**
   * The projection runner of this process (or a checkpoint-polling waiter where it runs elsewhere): a batch's
   * jobs are enqueued once every read model has applied its events.
   */
  readModels: ReadModelWaiter;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Events read per catch-up batch (default 1000). */
  batchSize?: number;
  /** The name of its position in the job queue (default 'dispatcher'); tests and benchmarks use their own. */
  checkpointId?: string;
  /** Live events dispatched in one batch at most, and buffered before the subscription waits (default 1000). */
  liveBatchSize?: number;
}

/** The jobs that `events` start, grouped by queue, in log order. A route that throws is logged and skipped. */
export function jobsFor(
  routes: readonly JobRoute[],
  events: readonly RecordedEvent[],
  logger?: Pick<Logger, 'error'>,
): Map<string, JobSpec[]> {
  const byQueue = new Map<string, JobSpec[]>();
  for (const event of events) {
    for (const route of routes) {
      if (!route.eventTypes.has(event.type)) continue;
      let specs: JobSpec[];
      try {
        specs = route.jobs(event);
      } catch (error) {
        // A bug in a route must not stop every other job: it is logged loudly and the event skipped for it.
        logger?.error({ err: error, eventId: event.id, type: event.type }, 'dispatcher: a job route threw; no job for this event');
        continue;
      }
      for (const spec of specs) {
        const list = byQueue.get(spec.queue) ?? [];
        list.push(spec);
        byQueue.set(spec.queue, list);
      }
    }
  }
  return byQueue;
}

export class Dispatcher {
  readonly #options: DispatcherOptions;
  readonly #checkpointId: string;
  #position: Position | undefined;
  #subscription: Subscription | undefined;
  #stopped = false;
  #starting: Promise<void> | undefined;
  readonly #abort = new AbortController();
  /** Resolves false when the dispatcher stops: ends a wait for the read models. */
  readonly #stopping = new Promise<false>((resolve) => this.#abort.signal.addEventListener('abort', () => resolve(false), { once: true }));
  /** Live events delivered and not dispatched yet, in log order. */
  #buffer: RecordedEvent[] = [];
  #lastBuffered: Position | undefined;
  #flushing: Promise<void> | undefined;
  /** Deliveries held back until the buffer has room. */
  #roomWaiters: (() => void)[] = [];

  constructor(options: DispatcherOptions) {
    this.#options = options;
    this.#checkpointId = options.checkpointId ?? DISPATCHER_CHECKPOINT;
  }

  /** The position of the last event whose jobs are enqueued (undefined before the first). */
  position(): Position | undefined {
    return this.#position;
  }

  /** Loads the checkpoint, catches up in batches (retrying through outages), then follows the log live. */
  start(): Promise<void> {
    this.#starting ??= this.#start();
    return this.#starting;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#abort.abort();
    await this.#starting?.catch(() => undefined);
    await this.#subscription?.close();
    await this.#flushing;
    this.#releaseRoom(true);
  }

  async #start(): Promise<void> {
    const { readStore, eventStore, jobQueue, logger } = this.#options;
    // Kept with the jobs, so that a read-model file replaced (a rebuild) never sends the log's e-mails again;
    // the read store held it before (a store from then is read once, and the position moves over).
    this.#position = (await jobQueue.readPosition(this.#checkpointId)) ?? (await readStore.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: this.#checkpointId }))?.position;
    await this.#catchUp();
    if (this.#stopped) return;
    logger?.info({ position: this.#position }, 'dispatcher caught up');
    this.#lastBuffered = this.#position;
    this.#subscription = eventStore.subscribeAll(
      {
        ...(this.#position !== undefined && { fromPosition: this.#position }),
        onError: (error) => logger?.error({ err: error }, 'dispatcher: subscription failed; resubscribing'),
      },
      (event) => this.#deliver(event),
    );
  }

  /** The subscription's handler: buffers the event; waits only when the buffer is full. */
  #deliver(event: RecordedEvent): Promise<void> {
    // A subscription resuming after a drop may deliver again what is buffered already.
    if (this.#lastBuffered !== undefined && event.position <= this.#lastBuffered) return Promise.resolve();
    this.#lastBuffered = event.position;
    this.#buffer.push(event);
    this.#kick();
    if (this.#buffer.length < this.#liveBatchSize()) return Promise.resolve();
    return new Promise((resolve) => this.#roomWaiters.push(resolve));
  }

  #kick(): void {
    if (this.#flushing) return;
    // Started at once: a lone event is enqueued without waiting; those delivered meanwhile make the next batch.
    this.#flushing = this.#flushLoop().finally(() => {
      this.#flushing = undefined;
      if (!this.#stopped && this.#buffer.length > 0) this.#kick();
    });
  }

  #liveBatchSize(): number {
    return this.#options.liveBatchSize ?? 1000;
  }

  /** Dispatches what the buffer holds, a batch at a time (whatever arrived meanwhile), retrying with backoff. */
  async #flushLoop(): Promise<void> {
    const { logger } = this.#options;
    let backoff = BACKOFF_START_MS;
    while (this.#buffer.length > 0) {
      // One turn of the event loop first: the rest of what the subscription has already received (a page of
      // the log, a gRPC message) is buffered by then and goes out in this batch.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const events = this.#buffer.slice(0, this.#liveBatchSize());
      try {
        await this.#dispatch(events);
        this.#buffer.splice(0, events.length);
        this.#releaseRoom(false);
        backoff = BACKOFF_START_MS;
      } catch (error) {
        if (this.#stopped) {
          // The checkpoint did not move past these events: the next start enqueues them.
          if (error instanceof DispatcherStopped) {
            this.#releaseRoom(true);
            return;
          }
          logger?.error({ err: error, events: this.#buffer.length }, 'dispatcher: enqueue failed while stopping; the next start resumes from the checkpoint');
          this.#releaseRoom(true);
          return;
        }
        logger?.error({ err: error, events: events.length, retryInMs: backoff }, 'dispatcher: enqueue failed; retrying the batch');
        await sleep(backoff, undefined, { signal: this.#abort.signal }).catch(() => undefined);
        backoff = Math.min(backoff * 2, BACKOFF_CAP_MS);
      }
    }
  }

  #releaseRoom(all: boolean): void {
    if (!all && this.#buffer.length >= this.#liveBatchSize()) return;
    const waiters = this.#roomWaiters;
    this.#roomWaiters = [];
    for (const resolve of waiters) resolve();
  }

  async #catchUp(): Promise<void> {
    const { eventStore, logger } = this.#options;
    const limit = this.#options.batchSize ?? 1000;
    let backoff = BACKOFF_START_MS;
    while (!this.#stopped) {
      try {
        const batch = await eventStore.readAll({ ...(this.#position !== undefined && { fromPosition: this.#position }), limit });
        if (batch.length === 0) return;
        await this.#dispatch(batch);
        backoff = BACKOFF_START_MS;
        if (batch.length < limit) return;
      } catch (error) {
        if (error instanceof DispatcherStopped) return;
        logger?.error({ err: error, position: this.#position, retryInMs: backoff }, 'dispatcher: catch-up failed; retrying the batch');
        await sleep(backoff, undefined, { signal: this.#abort.signal }).catch(() => undefined);
        backoff = Math.min(backoff * 2, BACKOFF_CAP_MS);
      }
    }
  }

  /**
   * Enqueues the batch's jobs once the read models include their events, then (only then) moves the
   * checkpoint to its last event.
   */
  async #dispatch(events: readonly RecordedEvent[]): Promise<void> {
    const last = events.at(-1);
    if (!last) return;
    const { jobQueue, routes, logger } = this.#options;
    const byQueue = jobsFor(routes, events, logger);
    const lastWithJobs = events.findLast((event) => routes.some((route) => route.eventTypes.has(event.type)));
    if (byQueue.size > 0 && lastWithJobs) await this.#readModelsPast(lastWithJobs.position);
    await Promise.all(
      [...byQueue].map(([queue, specs]) =>
        jobQueue.addBulk(
          queue,
          specs.map((spec) => ({ name: spec.name, data: spec.data, options: { ...spec.options, jobId: spec.jobId } })),
        ),
      ),
    );
    await jobQueue.writePosition(this.#checkpointId, last.position);
    this.#position = last.position;
  }

  /**
   * Resolves once every read model has applied `position`. Waits as long as that takes (a rebuild of the read
   * models holds the jobs back, it does not drop them); throws `DispatcherStopped` when the dispatcher stops.
   */
  async #readModelsPast(position: Position): Promise<void> {
    const { readModels, logger } = this.#options;
    const since = Date.now();
    let loggedAt = since;
    for (;;) {
      if (this.#stopped) throw new DispatcherStopped();
      const asked = Date.now();
      if (await Promise.race([readModels.waitFor(position, READ_MODELS_WAIT_MS), this.#stopping])) return;
      if (this.#stopped) throw new DispatcherStopped();
      const now = Date.now();
      if (now - loggedAt >= READ_MODELS_LOG_MS) {
        loggedAt = now;
        logger?.warn({ position, waitedMs: now - since }, 'dispatcher: jobs wait for the read models to reach their event');
      }
      if (now - asked < READ_MODELS_WAIT_MS / 2) await sleep(READ_MODELS_PAUSE_MS, undefined, { signal: this.#abort.signal }).catch(() => undefined);
    }
  }
}
