import type { Position } from '@crossfeed/platform/event-store/event-store.port.ts';

/**
 * The callers of a runner's `waitFor` (read-your-writes, DESIGN §3), waiting until every read model has
 * applied a position: each resolves true once the runner reports it reached, false on its timeout or when
 * the runner stops. Shared by the runner in this thread and the interface of the one in the projection thread.
 */
export class PositionWaiters {
  readonly #waiters = new Set<{ position: Position; resolve: (reached: boolean) => void }>();
  readonly #reached: (position: Position) => boolean;

  /** `reached`: whether every read model has applied the position now. */
  constructor(reached: (position: Position) => boolean) {
    this.#reached = reached;
  }

  wait(position: Position, timeoutMs: number): Promise<boolean> {
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

  /** The runner moved on: the waiters whose position it has reached are answered. */
  settle(): void {
    for (const waiter of this.#waiters) if (this.#reached(waiter.position)) waiter.resolve(true);
  }

  /** The runner stopped: every waiter is answered false. */
  releaseAll(): void {
    for (const waiter of this.#waiters) waiter.resolve(false);
  }
}
