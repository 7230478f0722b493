/**
 * The projection runner as seen from the thread that serves requests, when the runner itself runs in the
 * projection thread (projection-thread.ts; see open-read-models.ts): the same `start`, `stop`, `waitFor`,
 * `recovering`, `position` and `rebuild` as `ProjectionRunner`, answered from the thread's messages.
 *
 * - `waitFor(position)` resolves once the thread has reported that every projection applied it: the
 *   thread reports after each batch's commit, so a read made then sees the batch.
 * - The event log's commits reach the thread through the store's commit signal (shared memory), so it
 *   reads new events at once, without a message through this thread.
 * - `onLiveEvent` is called here, in log order, with each live event once applied (realtime pushes read
 *   the read models on this thread).
 */
import type { MessagePort } from 'node:worker_threads';
import type { Position, RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { Logger } from '@crossfeed/platform/logger.ts';
import { deserializeError } from '@crossfeed/platform/read-store/sqlite/writer-protocol.ts';
import { ReactionQueue } from './reaction-queue.ts';
import { PositionWaiters } from './position-waiters.ts';
import type { ReadModelWaiter } from './read-model-waiter.ts';
import type { ReplayProgress } from './projection-runner.ts';
import type { RunnerCall, RunnerMessage, RunnerRequest } from './projection-thread-protocol.ts';

export interface ThreadedProjectionRunnerOptions {
  /** The runner port of the projection thread. */
  port: MessagePort;
  /** The projection thread committed a batch: this thread's reads must see it from now on. */
  onCommitted: () => void;
  logger?: Logger;
  onLiveEvent?: (event: RecordedEvent) => void | Promise<void>;
  onCatchUpProgress?: (progress: ReplayProgress, finished: boolean) => void;
}

interface Call {
  resolve: () => void;
  reject: (error: unknown) => void;
  onProgress?: (progress: ReplayProgress) => void;
}

export class ThreadedProjectionRunner implements ReadModelWaiter {
  readonly #port: MessagePort;
  readonly #options: ThreadedProjectionRunnerOptions;
  readonly #calls = new Map<number, Call>();
  readonly #waiters = new PositionWaiters((position) => this.#reached(position));
  #nextId = 0;
  #position: Position | undefined;
  #recovering = false;
  #stopped = false;
  #closed: Error | undefined;
  /** The live callbacks, run one at a time in log order (none without `onLiveEvent`). */
  readonly #reactions: ReactionQueue | undefined;

  constructor(options: ThreadedProjectionRunnerOptions) {
    this.#options = options;
    this.#port = options.port;
    this.#reactions = options.onLiveEvent && new ReactionQueue(options.onLiveEvent, options.logger);
    this.#port.on('message', (message: RunnerMessage) => this.#onMessage(message));
    this.#port.on('close', () => this.#fail(new Error('The projection thread stopped')));
    // Held only while a request is in flight (see #request).
    this.#port.unref();
  }

  async start(): Promise<void> {
    const options = { liveEvents: this.#options.onLiveEvent !== undefined, catchUpProgress: this.#options.onCatchUpProgress !== undefined };
    await this.#request({ method: 'start', options });
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    try {
      if (!this.#closed) await this.#request({ method: 'stop' });
    } finally {
      await this.#reactions?.idle();
      this.#waiters.releaseAll();
    }
  }

  /** True while the read models are being rebuilt after the read store lost its contents: not ready. */
  get recovering(): boolean {
    return this.#recovering;
  }

  /** The position every projection has applied, as last reported. */
  position(): Position | undefined {
    return this.#position;
  }

  waitFor(position: Position, timeoutMs = 2000): Promise<boolean> {
    if (this.#stopped && !this.#reached(position)) return Promise.resolve(false);
    return this.#waiters.wait(position, timeoutMs);
  }

  rebuild(name: string, onProgress?: (progress: ReplayProgress) => void): Promise<void> {
    return this.#request({ method: 'rebuild', name, progress: onProgress !== undefined }, onProgress);
  }

  #reached(position: Position): boolean {
    return this.#position !== undefined && this.#position >= position;
  }

  #request(call: RunnerCall, onProgress?: (progress: ReplayProgress) => void): Promise<void> {
    if (this.#closed) return Promise.reject(this.#closed);
    const id = ++this.#nextId;
    return new Promise<void>((resolve, reject) => {
      if (this.#calls.size === 0) this.#port.ref();
      this.#calls.set(id, { resolve, reject, ...(onProgress && { onProgress }) });
      this.#port.postMessage({ ...call, id } satisfies RunnerRequest);
    });
  }

  #settle(id: number, settle: (call: Call) => void): void {
    const call = this.#calls.get(id);
    if (!call) return;
    this.#calls.delete(id);
    if (this.#calls.size === 0) this.#port.unref();
    settle(call);
  }

  #onMessage(message: RunnerMessage): void {
    if (!('kind' in message)) {
      if (message.ok) this.#settle(message.id, (call) => call.resolve());
      else this.#settle(message.id, (call) => call.reject(deserializeError(message.error)));
      return;
    }
    switch (message.kind) {
      case 'state':
        this.#position = message.position;
        this.#recovering = message.recovering;
        this.#options.onCommitted();
        this.#waiters.settle();
        return;
      case 'live':
        if (this.#reactions) for (const event of message.events) this.#reactions.push(event);
        return;
      case 'rebuild-progress':
        this.#calls.get(message.id)?.onProgress?.(message.progress);
        return;
      case 'catch-up-progress':
        this.#options.onCatchUpProgress?.(message.progress, message.finished);
        return;
    }
  }

  #fail(error: Error): void {
    if (this.#closed) return;
    this.#closed = error;
    for (const call of this.#calls.values()) call.reject(error);
    this.#calls.clear();
    this.#waiters.releaseAll();
  }
}
