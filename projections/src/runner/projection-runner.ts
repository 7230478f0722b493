import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { EventStore, Position, RecordedEvent, Subscription } from '@crossfeed/platform/event-store/event-store.port.ts';
import { ReadStoreResetError, type IndexSpec, type ReadStore, type ReadStoreReset, type WriteOp } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { Logger } from '@crossfeed/platform/logger.ts';
import { CHECKPOINTS, checkpointOp, guardOps, type Checkpoint, type Projection } from '../projection.ts';
import { ReactionQueue } from './reaction-queue.ts';
import { PositionWaiters } from './position-waiters.ts';
import type { ReadModelWaiter } from './read-model-waiter.ts';

export interface ReplayProgress {
  projection: string;
  done: number;
  /** Events in the log when the rebuild started, when the engine knows it; the log may grow meanwhile. */
  total: number | undefined;
  eventsPerSecond: number;
  etaSeconds: number | undefined;
}

export interface ProjectionRunnerOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
  logger?: Logger;
  /** Events read and applied per batch during catch-up and rebuilds (default 1000). */
  batchSize?: number;
  /**
   * Live events applied in one read-store batch at most; also the number of delivered events waiting to be
   * applied past which the subscription is held back (default 1000).
   */
  liveBatchSize?: number;
  /**
   * Progress of a catch-up that starts from nothing: a projection without a checkpoint at start (a new or
   * missing read-model file) or every projection after the read store lost its contents while running.
   * The runner also logs it. For a progress bar; `finished` on the last call.
   */
  onCatchUpProgress?: (progress: ReplayProgress, finished: boolean) => void;
  /**
   * Called, in log order, with each LIVE event once every read model includes it (never for the catch-up
   * at start nor for rebuilds): reactions to what happens now, such as realtime pushes. It runs beside
   * the projections, not inside them: a slow callback never delays applying, a failing one is logged.
   */
  onLiveEvent?: (event: RecordedEvent) => void | Promise<void>;
  /**
   * Called whenever the runner's state may have changed: after each applied batch or swap (the position
   * every projection has applied) and when a recovery starts or ends. For a runner in another thread, whose
   * owner answers `waitFor` and `recovering` from these reports.
   */
  onState?: (state: RunnerState) => void;
}

export interface RunnerState {
  /** The position every projection has applied (`position()`). */
  position: Position | undefined;
  recovering: boolean;
}

/** Where one projection writes and how far it got. */
interface Target {
  projection: Projection;
  checkpointId: string;
  physicalName: (collection: string) => string;
  position: Position | undefined;
}

const SHADOW_SUFFIX = '__rebuild';
const shadowName = (collection: string): string => `${collection}${SHADOW_SUFFIX}`;
const liveName = (collection: string): string => collection;

const after = (position: Position, checkpoint: Position | undefined): boolean =>
  checkpoint === undefined || position > checkpoint;

const RETRY_START_MS = 100;
const RETRY_CAP_MS = 5000;
/** How often a long catch-up logs its progress. */
const PROGRESS_LOG_MS = 5000;

/**
 * Applies the global log to every projection in order (DESIGN §3 Projections):
 * - each batch of writes goes to the read store together with the checkpoints of the projections it
 *   advances, in one `applyBatch` (one transaction), and every write is guarded by position, so a crash
 *   and restart never applies an event twice nor skips one;
 * - live events are buffered as the subscription delivers them and applied together: one batch per flush
 *   across every projection, holding whatever arrived while the previous flush ran (the subscription is
 *   held back when the buffer is full). A failed flush is retried with backoff from the buffer: the
 *   checkpoints in the read store, not the subscription's position, decide where a restart resumes;
 * - `waitFor(position)` lets a command handler answer only once its effect is readable;
 * - `rebuild(name)` replays from position 0 into shadow collections while the live ones keep serving,
 *   then swaps them in under the runner's lock;
 * - when the read store loses its contents while running (`onReset`: a corrupt file recreated), every
 *   projection is rebuilt from position 0, with progress, and `recovering` is true meanwhile.
 */
export class ProjectionRunner implements ReadModelWaiter {
  readonly #eventStore: EventStore;
  readonly #readStore: ReadStore;
  readonly #logger: Logger | undefined;
  readonly #batchSize: number;
  readonly #liveBatchSize: number;
  /** The live callbacks, run one at a time in log order (none without `onLiveEvent`). */
  readonly #reactions: ReactionQueue | undefined;
  readonly #onCatchUpProgress: ((progress: ReplayProgress, finished: boolean) => void) | undefined;
  readonly #onState: ((state: RunnerState) => void) | undefined;
  readonly #targets = new Map<string, Target>();
  readonly #waiters = new PositionWaiters((position) => this.#reached(position));
  #subscription: Subscription | undefined;
  /** Serializes live applying with the final step of a rebuild. */
  #lock: Promise<unknown> = Promise.resolve();
  #stopped = false;
  /** Live events delivered and not applied yet, in log order. */
  #buffer: RecordedEvent[] = [];
  #lastBuffered: Position | undefined;
  /** The flush loop, while it runs. */
  #flushing: Promise<void> | undefined;
  /** Deliveries held back until the buffer has room. */
  #roomWaiters: (() => void)[] = [];
  /** Wakes the flush loop's backoff early (on stop). */
  #wake: (() => void) | undefined;
  /** Counts the read store's resets: work begun before one must not write after it. */
  #generation = 0;
  #resetPending = false;
  #unsubscribeReset: (() => void) | undefined;

  constructor(options: ProjectionRunnerOptions) {
    this.#eventStore = options.eventStore;
    this.#readStore = options.readStore;
    this.#logger = options.logger;
    this.#batchSize = options.batchSize ?? 1000;
    this.#liveBatchSize = options.liveBatchSize ?? 1000;
    this.#reactions = options.onLiveEvent && new ReactionQueue(options.onLiveEvent, options.logger);
    this.#onCatchUpProgress = options.onCatchUpProgress;
    this.#onState = options.onState;
    for (const projection of options.projections) {
      this.#targets.set(projection.name, {
        projection,
        checkpointId: projection.name,
        physicalName: liveName,
        position: undefined,
      });
    }
  }

  /** Loads checkpoints, rebuilds projections whose version changed, catches up, then follows the log live. */
  async start(): Promise<void> {
    this.#unsubscribeReset ??= this.#readStore.onReset?.((reset) => this.#onReset(reset));
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#startOnce();
        return;
      } catch (error) {
        // The read store lost its contents while starting: start again from what it holds now (nothing).
        if (!this.#resetPending || this.#stopped || attempt >= 3) throw error;
        this.#resetPending = false;
        this.#logger?.warn({ err: error }, 'read store reset while starting: starting over');
      }
    }
  }

  async #startOnce(): Promise<void> {
    const generation = this.#generation;
    const targets = [...this.#targets.values()];
    const checkpoints = await this.#readStore
      .collection<Checkpoint>(CHECKPOINTS)
      .find({ _id: { $in: targets.map((target) => target.checkpointId) } });
    const byId = new Map(checkpoints.map((checkpoint) => [checkpoint._id, checkpoint]));

    for (const target of targets) {
      const swapped = await this.#finishInterruptedSwap(target);
      await this.#ensureIndexes(target.projection, liveName);
      const checkpoint = swapped ?? byId.get(target.checkpointId);
      target.position = checkpoint?.position;
      if (checkpoint && checkpoint.version !== target.projection.version) {
        this.#logger?.info(
          { projection: target.projection.name, from: checkpoint.version, to: target.projection.version },
          'projection version changed: rebuilding',
        );
        await this.rebuild(target.projection.name);
      }
    }

    const fresh = targets.filter((target) => target.position === undefined).map((target) => target.projection.name);
    const progress = fresh.length > 0 ? await this.#catchUpProgress(`catching up ${fresh.join(', ')} from the start of the log`) : undefined;
    const caughtUpTo = await this.#catchUp(targets, generation, progress?.report);
    progress?.done();
    this.#logger?.info({ position: caughtUpTo }, 'projections caught up');
    if (this.#stopped) return;
    this.#lastBuffered = caughtUpTo;
    this.#subscription = this.#eventStore.subscribeAll(
      {
        fromPosition: caughtUpTo,
        onError: (error) => this.#logger?.error({ err: error }, 'projection subscription failed; retrying'),
      },
      (event) => this.#deliver(event),
    );
    // A reset after the catch-up and before the subscription: recover now, not at the next event.
    if (this.#resetPending) this.#kick();
  }

  /** True while the read models are being rebuilt after the read store lost its contents: not ready. */
  get recovering(): boolean {
    return this.#resetPending;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribeReset?.();
    this.#unsubscribeReset = undefined;
    this.#wake?.();
    // No more deliveries; the ones held back for room get it as the buffer drains.
    await this.#subscription?.close();
    await this.#flushing;
    this.#releaseRoom(true);
    await this.#lock.catch(() => undefined);
    await this.#reactions?.idle();
    this.#waiters.releaseAll();
  }

  /** The position every projection has applied, or undefined before the first event. */
  position(): Position | undefined {
    let lowest: Position | undefined;
    for (const target of this.#targets.values()) {
      if (target.position === undefined) return undefined;
      if (lowest === undefined || target.position < lowest) lowest = target.position;
    }
    return lowest;
  }

  positionOf(name: string): Position | undefined {
    return this.#targets.get(name)?.position;
  }

  waitFor(position: Position, timeoutMs = 2000): Promise<boolean> {
    return this.#waiters.wait(position, timeoutMs);
  }

  /**
   * Rebuilds one projection from position 0 into shadow collections, then swaps them in once caught up.
   * The live read model keeps serving (and keeps being updated) until the swap.
   */
  async rebuild(name: string, onProgress?: (progress: ReplayProgress) => void): Promise<void> {
    const live = this.#targets.get(name);
    if (!live) throw new Error(`Unknown projection: ${name}`);
    const { projection } = live;
    // One string per shadow collection, built once: every write of the rebuild names one.
    const shadowNames = new Map(Object.keys(projection.collections).map((collection) => [collection, shadowName(collection)]));
    const shadow: Target = {
      projection,
      checkpointId: `${name}${SHADOW_SUFFIX}`,
      physicalName: (collection) => shadowNames.get(collection) ?? shadowName(collection),
      position: undefined,
    };

    const generation = this.#generation;
    for (const collection of Object.keys(projection.collections)) await this.#readStore.dropCollection(shadowName(collection));
    await this.#readStore.collection(CHECKPOINTS).deleteOne({ _id: shadow.checkpointId });
    // Every index comes first, unique ones included: the store keeps them up as it loads (a key held twice
    // fails the load, before anything is swapped, and the live model stays), and the projection's own
    // filtered writes may need the lookup ones.
    await this.#ensureIndexes(projection, shadowName);

    // Counting the log costs a scan of it: only done when someone watches the progress.
    const total = onProgress ? await this.#eventStore.countAfter(undefined) : undefined;
    const startedAt = performance.now();
    let done = 0;
    const report = (batchSize: number) => {
      done += batchSize;
      const seconds = (performance.now() - startedAt) / 1000;
      const eventsPerSecond = seconds > 0 ? done / seconds : 0;
      const remaining = total === undefined ? undefined : Math.max(0, total - done);
      onProgress?.({
        projection: name,
        done,
        total,
        eventsPerSecond,
        etaSeconds: remaining === undefined || eventsPerSecond === 0 ? undefined : remaining / eventsPerSecond,
      });
    };

    report(0);
    await this.#catchUp([shadow], generation, report);
    await this.#exclusive(async () => {
      // Live applying is paused: take the shadow to the very end of the log, then swap.
      await this.#catchUp([shadow], generation, report);
      if (this.#generation !== generation) throw new ReadStoreResetError('The read store was reset during the rebuild');
      // Renaming several collections is not one transaction on MongoDB: the shadow checkpoint is marked first,
      // so that a process stopped part-way finishes the same swap at its next start (#finishInterruptedSwap)
      // instead of serving a mix of old and new collections and rebuilding again.
      if (shadow.position !== undefined) {
        const marked = { position: shadow.position, version: projection.version, swapping: true };
        await this.#readStore.applyBatch([{ op: 'upsert', collection: CHECKPOINTS, filter: { _id: shadow.checkpointId }, update: { $set: marked } }]);
      }
      await this.#swap(live, shadow.position);
    });
    this.#logger?.info({ projection: name, events: done }, 'projection rebuilt and swapped in');
    this.#notify();
  }

  /**
   * Renames every shadow collection still there over its live one, then moves the live checkpoint to the
   * shadow's position in the same batch that deletes the shadow checkpoint. Repeating it after a stop
   * part-way renames only what is left: a shadow that is gone was renamed already.
   */
  async #swap(live: Target, position: Position | undefined): Promise<void> {
    const { projection } = live;
    const existing = new Set(await this.#readStore.listCollections());
    for (const collection of Object.keys(projection.collections)) {
      if (existing.has(shadowName(collection))) await this.#readStore.renameCollection(shadowName(collection), liveName(collection));
    }
    const swap: WriteOp[] = [{ op: 'deleteOne', collection: CHECKPOINTS, filter: { _id: `${live.checkpointId}${SHADOW_SUFFIX}` } }];
    if (position !== undefined) swap.push(checkpointOp(live.checkpointId, position, projection.version));
    await this.#readStore.applyBatch(swap);
    live.position = position;
  }

  /**
   * At start: completes a swap that a stopped process had begun (its shadow checkpoint is marked) and
   * returns the live checkpoint it wrote; undefined when there was none to finish.
   */
  async #finishInterruptedSwap(target: Target): Promise<Checkpoint | undefined> {
    const shadow = await this.#readStore
      .collection<Checkpoint>(CHECKPOINTS)
      .findOne({ _id: `${target.checkpointId}${SHADOW_SUFFIX}` });
    if (shadow?.swapping !== true || shadow.version !== target.projection.version) return undefined;
    this.#logger?.warn({ projection: target.projection.name, position: shadow.position }, 'finishing a rebuild swap that was interrupted');
    await this.#swap(target, shadow.position);
    return { _id: target.checkpointId, position: shadow.position, version: target.projection.version };
  }

  async #ensureIndexes(
    projection: Projection,
    physicalName: (collection: string) => string,
    which: (index: IndexSpec) => boolean = () => true,
  ): Promise<void> {
    for (const [collection, indexes] of Object.entries(projection.collections)) {
      await this.#readStore.ensureIndexes(physicalName(collection), indexes.filter(which));
    }
  }

  /** Reads the log in batches from the lowest checkpoint and applies each batch to every target, in one read-store batch. */
  async #catchUp(targets: readonly Target[], generation: number, onBatch?: (events: number) => void): Promise<Position | undefined> {
    let from = lowestPosition(targets);
    for (;;) {
      if (this.#stopped) return from;
      const batch = await this.#eventStore.readAll({ fromPosition: from, limit: this.#batchSize });
      if (batch.length === 0) return from;
      await this.#applyEvents(targets, batch, generation);
      from = batch.at(-1)?.position;
      onBatch?.(batch.length);
      this.#notify();
    }
  }

  /**
   * One read-store batch: for every target the guarded writes of the events after its checkpoint, then its
   * new checkpoint. Returns the lowest position the advanced targets had (the events after it were applied
   * by at least one), or null when no target advanced.
   */
  async #applyEvents(targets: readonly Target[], events: readonly RecordedEvent[], generation: number): Promise<Position | undefined | null> {
    const last = events.at(-1);
    if (!last) return null;
    // Checked right before the batch is built and sent: a store reset since this work began would make
    // these checkpoints lie about what the (new, empty) store holds.
    if (this.#generation !== generation) throw new ReadStoreResetError('The read store was reset: this work is abandoned');
    const ops: WriteOp[] = [];
    const advanced: Target[] = [];
    for (const target of targets) {
      if (!after(last.position, target.position)) continue;
      const { projection } = target;
      for (const event of events) {
        if (!after(event.position, target.position) || !projection.handles.has(event.type)) continue;
        guardOps(projection.project(event), event.position, target.physicalName, ops);
      }
      ops.push(checkpointOp(target.checkpointId, last.position, projection.version));
      advanced.push(target);
    }
    if (advanced.length === 0) return null;
    const from = lowestPosition(advanced);
    await this.#readStore.applyBatch(ops);
    if (this.#generation !== generation) throw new ReadStoreResetError('The read store was reset: this work is abandoned');
    for (const target of advanced) target.position = last.position;
    return from;
  }

  // ---------------------------------------------------------------------------------------------------
  // Live events

  /** The subscription's handler: buffers the event; waits only when the buffer is full. */
  #deliver(event: RecordedEvent): Promise<void> {
    // A subscription resuming after a drop may deliver again what is buffered already.
    if (this.#lastBuffered !== undefined && event.position <= this.#lastBuffered) return Promise.resolve();
    this.#lastBuffered = event.position;
    this.#buffer.push(event);
    this.#kick();
    if (this.#buffer.length < this.#liveBatchSize) return Promise.resolve();
    return new Promise((resolve) => this.#roomWaiters.push(resolve));
  }

  #kick(): void {
    if (this.#flushing) return;
    // Started in the next turn of the event loop, once the subscription has delivered everything it read
    // (often a whole group commit's events): they make up one batch. The events delivered while a flush
    // runs make up the next one.
    this.#flushing = nextTurn().then(() => this.#flushLoop()).finally(() => {
      this.#flushing = undefined;
      if (!this.#stopped && (this.#buffer.length > 0 || this.#resetPending)) this.#kick();
    });
  }

  /** Applies what the buffer holds, one batch at a time, retrying a failed batch with backoff. */
  async #flushLoop(): Promise<void> {
    let backoff = RETRY_START_MS;
    while (this.#buffer.length > 0 || (this.#resetPending && !this.#stopped)) {
      const events = this.#buffer.slice(0, this.#liveBatchSize);
      try {
        await this.#exclusive(async () => {
          while (this.#resetPending && !this.#stopped) await this.#recover();
          if (this.#resetPending) return;
          if (events.length > 0) await this.#applyLive(events);
        });
        this.#buffer.splice(0, events.length);
        this.#releaseRoom(false);
        backoff = RETRY_START_MS;
      } catch (error) {
        if (this.#stopped) {
          // Left for the next start, which resumes from the checkpoints the read store holds.
          this.#logger?.error({ err: error, events: this.#buffer.length }, 'live apply failed while stopping; the next start resumes from the checkpoints');
          this.#releaseRoom(true);
          return;
        }
        this.#logger?.error({ err: error, events: events.length, retryInMs: backoff }, 'projection apply failed; retrying');
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
          void sleep(backoff).then(resolve);
        });
        this.#wake = undefined;
        backoff = Math.min(backoff * 2, RETRY_CAP_MS);
      }
    }
  }

  #releaseRoom(all: boolean): void {
    if (!all && this.#buffer.length >= this.#liveBatchSize) return;
    const waiters = this.#roomWaiters;
    this.#roomWaiters = [];
    for (const resolve of waiters) resolve();
  }

  async #applyLive(events: readonly RecordedEvent[]): Promise<void> {
    const from = await this.#applyEvents([...this.#targets.values()], events, this.#generation);
    this.#notify();
    if (from === null) return;
    if (this.#reactions) for (const event of events) if (after(event.position, from)) this.#reactions.push(event);
  }

  // ---------------------------------------------------------------------------------------------------
  // The read store losing its contents

  #onReset(reset: ReadStoreReset): void {
    this.#generation++;
    this.#resetPending = true;
    for (const target of this.#targets.values()) target.position = undefined;
    this.#logger?.warn({ reason: reset.reason }, 'read store lost its contents: rebuilding every projection from the event log');
    this.#notify();
    if (this.#subscription && !this.#stopped) this.#kick();
  }

  /** Rebuilds every projection from position 0 into the (new, empty) read store. Runs under the lock. */
  async #recover(): Promise<void> {
    const generation = this.#generation;
    const targets = [...this.#targets.values()];
    for (const target of targets) {
      target.position = undefined;
      await this.#ensureIndexes(target.projection, liveName);
    }
    const progress = await this.#catchUpProgress('rebuilding every read model after the read store was reset');
    await this.#catchUp(targets, generation, progress.report);
    progress.done();
    if (this.#stopped || this.#generation !== generation) return;
    this.#resetPending = false;
    this.#notify();
    this.#logger?.info({ position: this.position() }, 'read models rebuilt after the read store was reset');
  }

  /** Progress of a long catch-up: logged now and then, and given to `onCatchUpProgress`. */
  async #catchUpProgress(what: string): Promise<{ report: (events: number) => void; done: () => void }> {
    const total = await this.#eventStore.countAfter(undefined).catch(() => undefined);
    const startedAt = performance.now();
    let loggedAt = startedAt;
    let done = 0;
    const progress = (): ReplayProgress => {
      const seconds = (performance.now() - startedAt) / 1000;
      const eventsPerSecond = seconds > 0 ? done / seconds : 0;
      const remaining = total === undefined ? undefined : Math.max(0, total - done);
      return {
        projection: 'all',
        done,
        total,
        eventsPerSecond,
        etaSeconds: remaining === undefined || eventsPerSecond === 0 ? undefined : remaining / eventsPerSecond,
      };
    };
    this.#logger?.info({ total }, `read models: ${what}`);
    this.#onCatchUpProgress?.(progress(), false);
    return {
      report: (events) => {
        done += events;
        const current = progress();
        this.#onCatchUpProgress?.(current, false);
        const now = performance.now();
        if (now - loggedAt >= PROGRESS_LOG_MS) {
          loggedAt = now;
          this.#logger?.info(
            { done, total, eventsPerSecond: Math.round(current.eventsPerSecond), etaSeconds: current.etaSeconds && Math.round(current.etaSeconds) },
            `read models: ${what}`,
          );
        }
      },
      done: () => {
        const current = progress();
        this.#onCatchUpProgress?.({ ...current, etaSeconds: 0 }, true);
        this.#logger?.info({ events: done, seconds: Math.round((performance.now() - startedAt) / 100) / 10 }, `read models: done ${what}`);
      },
    };
  }

  #reached(position: Position): boolean {
    const current = this.position();
    return current !== undefined && current >= position;
  }

  #notify(): void {
    this.#waiters.settle();
    this.#onState?.({ position: this.position(), recovering: this.#resetPending });
  }

  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#lock.then(work, work);
    this.#lock = run.catch(() => undefined);
    return run;
  }
}

function lowestPosition(targets: readonly Target[]): Position | undefined {
  let lowest: Position | undefined;
  for (const target of targets) {
    if (target.position === undefined) return undefined;
    if (lowest === undefined || target.position < lowest) lowest = target.position;
  }
  return lowest;
}
