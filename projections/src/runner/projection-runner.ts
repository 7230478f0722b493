import type { EventStore, Position, RecordedEvent, Subscription } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { IndexSpec, ReadStore, WriteOp } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { Logger } from '@crossfeed/platform/logger.ts';
import { CHECKPOINTS, checkpointOp, guardOps, type Checkpoint, type Projection } from '../projection.ts';
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
   * Called, in log order, with each LIVE event once every read model includes it (never for the catch-up
   * at start nor for rebuilds): reactions to what happens now, such as realtime pushes. It runs beside
   * the projections, not inside them: a slow callback never delays applying, a failing one is logged.
   */
  onLiveEvent?: (event: RecordedEvent) => void | Promise<void>;
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

/**
 * Applies the global log to every projection in order (DESIGN §3 Projections):
 * - each batch of writes goes to the read store together with the projection's checkpoint, and every
 *   write is guarded by position, so a crash and restart never applies an event twice nor skips one;
 * - `waitFor(position)` lets a command handler answer only once its effect is readable;
 * - `rebuild(name)` replays from position 0 into shadow collections while the live ones keep serving,
 *   then swaps them in under the runner's lock.
 */
export class ProjectionRunner implements ReadModelWaiter {
  readonly #eventStore: EventStore;
  readonly #readStore: ReadStore;
  readonly #logger: Logger | undefined;
  readonly #batchSize: number;
  readonly #onLiveEvent: ((event: RecordedEvent) => void | Promise<void>) | undefined;
  /** The live callbacks, chained so they run one at a time in log order. */
  #reactions: Promise<void> = Promise.resolve();
  readonly #targets = new Map<string, Target>();
  readonly #waiters = new Set<{ position: Position; resolve: (reached: boolean) => void }>();
  #subscription: Subscription | undefined;
  /** Serializes live applying with the final step of a rebuild. */
  #lock: Promise<unknown> = Promise.resolve();
  #stopped = false;

  constructor(options: ProjectionRunnerOptions) {
    this.#eventStore = options.eventStore;
    this.#readStore = options.readStore;
    this.#logger = options.logger;
    this.#batchSize = options.batchSize ?? 1000;
    this.#onLiveEvent = options.onLiveEvent;
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
    const targets = [...this.#targets.values()];
    const checkpoints = await this.#readStore
      .collection<Checkpoint>(CHECKPOINTS)
      .find({ _id: { $in: targets.map((target) => target.checkpointId) } });
    const byId = new Map(checkpoints.map((checkpoint) => [checkpoint._id, checkpoint]));

    for (const target of targets) {
      await this.#ensureIndexes(target.projection, liveName);
      const checkpoint = byId.get(target.checkpointId);
      target.position = checkpoint?.position;
      if (checkpoint && checkpoint.version !== target.projection.version) {
        this.#logger?.info(
          { projection: target.projection.name, from: checkpoint.version, to: target.projection.version },
          'projection version changed: rebuilding',
        );
        await this.rebuild(target.projection.name);
      }
    }

    const caughtUpTo = await this.#catchUp(targets);
    this.#logger?.info({ position: caughtUpTo }, 'projections caught up');
    if (this.#stopped) return;
    this.#subscription = this.#eventStore.subscribeAll(
      {
        fromPosition: caughtUpTo,
        onError: (error) => this.#logger?.error({ err: error }, 'projection apply failed; retrying'),
      },
      (event) => this.#exclusive(() => this.#applyLive(event)),
    );
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#subscription?.close();
    await this.#lock.catch(() => undefined);
    await this.#reactions;
    for (const waiter of this.#waiters) waiter.resolve(false);
    this.#waiters.clear();
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
    if (this.#reached(position)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: (reached: boolean) => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
      this.#waiters.add(waiter);
    });
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

    for (const collection of Object.keys(projection.collections)) await this.#readStore.dropCollection(shadowName(collection));
    await this.#readStore.collection(CHECKPOINTS).deleteOne({ _id: shadow.checkpointId });
    // Unique indexes come once the shadow is loaded (below), built in one pass over its documents rather
    // than kept at every write, as databases advise for bulk loads. Lookup indexes come now: the
    // projection's own filtered writes may need them while it loads.
    await this.#ensureIndexes(projection, shadowName, (index) => !index.unique);

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
    await this.#catchUp([shadow], report);
    // A unique key held twice fails the rebuild here, before anything is swapped: the live model stays.
    await this.#ensureIndexes(projection, shadowName, (index) => index.unique === true);
    await this.#exclusive(async () => {
      // Live applying is paused: take the shadow to the very end of the log, then swap.
      await this.#catchUp([shadow], report);
      for (const collection of Object.keys(projection.collections)) {
        await this.#readStore.renameCollection(shadowName(collection), liveName(collection));
      }
      const swap: WriteOp[] = [{ op: 'deleteOne', collection: CHECKPOINTS, filter: { _id: shadow.checkpointId } }];
      if (shadow.position !== undefined) swap.push(checkpointOp(live.checkpointId, shadow.position, projection.version));
      await this.#readStore.applyBatch(swap);
      live.position = shadow.position;
    });
    this.#logger?.info({ projection: name, events: done }, 'projection rebuilt and swapped in');
    this.#notify();
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

  /** Reads the log in batches from the lowest checkpoint and applies each batch to every target. */
  async #catchUp(targets: readonly Target[], onBatch?: (events: number) => void): Promise<Position | undefined> {
    let from = lowestPosition(targets);
    for (;;) {
      if (this.#stopped) return from;
      const batch = await this.#eventStore.readAll({ fromPosition: from, limit: this.#batchSize });
      if (batch.length === 0) return from;
      for (const target of targets) await this.#applyBatch(target, batch);
      from = batch.at(-1)?.position;
      onBatch?.(batch.length);
      this.#notify();
    }
  }

  async #applyLive(event: RecordedEvent): Promise<void> {
    let applied = false;
    for (const target of this.#targets.values()) applied = (await this.#applyBatch(target, [event])) || applied;
    this.#notify();
    if (applied) this.#react(event);
  }

  #react(event: RecordedEvent): void {
    const onLiveEvent = this.#onLiveEvent;
    if (!onLiveEvent) return;
    this.#reactions = this.#reactions
      .then(() => onLiveEvent(event))
      .catch((error: unknown) =>
        this.#logger?.error({ err: error, eventId: event.id, type: event.type }, 'live event callback failed; projections go on'),
      );
  }

  /** One read-store batch: the guarded writes of every new event, then the checkpoint. False if none was new. */
  async #applyBatch(target: Target, events: readonly RecordedEvent[]): Promise<boolean> {
    const last = events.at(-1);
    if (!last || !after(last.position, target.position)) return false;
    const { projection } = target;
    const ops: WriteOp[] = [];
    for (const event of events) {
      if (!after(event.position, target.position) || !projection.handles.has(event.type)) continue;
      guardOps(projection.project(event), event.position, target.physicalName, ops);
    }
    ops.push(checkpointOp(target.checkpointId, last.position, projection.version));
    await this.#readStore.applyBatch(ops);
    target.position = last.position;
    return true;
  }

  #reached(position: Position): boolean {
    const current = this.position();
    return current !== undefined && current >= position;
  }

  #notify(): void {
    for (const waiter of this.#waiters) if (this.#reached(waiter.position)) waiter.resolve(true);
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
