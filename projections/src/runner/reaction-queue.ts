/**
 * Runs the reactions to live events (the realtime pushes) one at a time, in log order, and gives the event
 * loop back every few milliseconds: a burst of thousands of events (a catch-up after another process
 * appended a backlog) otherwise ran as one chain of microtasks, holding every request for hundreds of
 * milliseconds. A failing reaction is logged; the next ones run.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { Logger } from '@crossfeed/platform/logger.ts';

/** How long reactions run before the event loop gets a turn. */
const SLICE_MS = 4;

export class ReactionQueue {
  readonly #react: (event: RecordedEvent) => void | Promise<void>;
  readonly #logger: Pick<Logger, 'error'> | undefined;
  #queue: RecordedEvent[] = [];
  #next = 0;
  #running: Promise<void> | undefined;

  constructor(react: (event: RecordedEvent) => void | Promise<void>, logger?: Pick<Logger, 'error'>) {
    this.#react = react;
    this.#logger = logger;
  }

  push(event: RecordedEvent): void {
    this.#queue.push(event);
    this.#running ??= this.#run().finally(() => {
      this.#running = undefined;
    });
  }

  /** Resolves once every reaction pushed so far has run. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #run(): Promise<void> {
    let sliceStart = performance.now();
    while (this.#next < this.#queue.length) {
      const event = this.#queue[this.#next++]!;
      try {
        await this.#react(event);
      } catch (error) {
        this.#logger?.error({ err: error, eventId: event.id, type: event.type }, 'live event callback failed; projections go on');
      }
      if (performance.now() - sliceStart >= SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
    this.#queue = [];
    this.#next = 0;
  }
}
