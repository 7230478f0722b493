import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CHECKPOINTS, type Checkpoint } from '../projection.ts';

/**
 * Readiness of an API process whose projections run elsewhere (production): ready while every projection's
 * checkpoint is at most `maxLagEvents` events behind the head of the log. The lag is measured by reading
 * at most `maxLagEvents + 1` events after the lowest checkpoint, which works on every engine (EventStoreDB
 * does not count events) and costs the same however long the log is.
 */
export interface ReadModelReadiness {
  /** The result of the last check: ready, or why not. False before the first check. */
  readonly ready: boolean;
  readonly detail: string;
  /** Checks now. */
  check(): Promise<void>;
  /** Checks every `intervalMs` (and now) until the returned function is called. */
  watch(intervalMs?: number): () => void;
}

export const STARTING_DETAIL = 'The server is starting.';

export function createReadModelReadiness(options: {
  eventStore: EventStore;
  readStore: ReadStore;
  projectionNames: readonly string[];
  maxLagEvents?: number;
  onError?: (error: unknown) => void;
}): ReadModelReadiness {
  const { eventStore, readStore, projectionNames } = options;
  const maxLag = options.maxLagEvents ?? 100;
  let ready = false;
  let detail = STARTING_DETAIL;

  const check = async (): Promise<void> => {
    try {
      const docs = await readStore.collection<Checkpoint>(CHECKPOINTS).find({ _id: { $in: [...projectionNames] } });
      const positions = new Map(docs.map((doc) => [doc._id, doc.position]));
      let lowest: string | undefined;
      let missing = false;
      for (const name of projectionNames) {
        const position = positions.get(name);
        if (position === undefined) missing = true;
        else if (lowest === undefined || position < lowest) lowest = position;
      }
      const behind = await eventStore.readAll({ ...(!missing && lowest !== undefined && { fromPosition: lowest }), limit: maxLag + 1 });
      ready = behind.length <= maxLag;
      detail = ready ? '' : `The read models are catching up: more than ${maxLag} events behind the event log.`;
    } catch (error) {
      ready = false;
      detail = 'The read models cannot be checked: the event store or the read store is unavailable.';
      options.onError?.(error);
    }
  };

  return {
    get ready() {
      return ready;
    },
    get detail() {
      return detail;
    },
    check,
    watch(intervalMs = 1000) {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      const loop = async (): Promise<void> => {
        await check();
        if (!stopped) timer = setTimeout(() => void loop(), intervalMs).unref();
      };
      void loop();
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    },
  };
}
