import type { Position } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CHECKPOINTS, type Checkpoint } from '../projection.ts';

/**
 * Read-your-writes (DESIGN §3): a command handler waits until the read models have passed the position
 * it appended before answering. Resolves false on timeout (the write happened; the read may lag).
 */
export interface ReadModelWaiter {
  waitFor(position: Position, timeoutMs?: number): Promise<boolean>;
}

/**
 * For an API process whose projections run elsewhere (production): polls the checkpoints that the
 * projections process stores with its effects.
 */
export function createCheckpointPollingWaiter(
  readStore: ReadStore,
  projectionNames: readonly string[],
  pollMs = 15,
): ReadModelWaiter {
  const checkpoints = readStore.collection<Checkpoint>(CHECKPOINTS);
  const reached = async (position: Position): Promise<boolean> => {
    const docs = await checkpoints.find({ _id: { $in: [...projectionNames] } });
    return docs.length === projectionNames.length && docs.every((doc) => doc.position >= position);
  };
  return {
    async waitFor(position, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (await reached(position)) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
  };
}
