import type { FlagDto, FlagUpdatedPush } from '@crossfeed/domain/api/realtime-events.ts';

/** What the admin socket tells an open admin report: a new flag, a change, or "reload, pushes may be lost". */
export type FlagFeedEvent =
  | { type: 'created'; flag: FlagDto }
  | { type: 'updated'; update: FlagUpdatedPush }
  | { type: 'resync' };

type Listener = (event: FlagFeedEvent) => void;

const listeners = new Set<Listener>();

/**
 * The flag pushes, fanned out to whatever admin report is mounted. The list is page state (it is fetched
 * when the page opens), so nothing is kept here while no page listens.
 */
export const flagFeed = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  publish(event: FlagFeedEvent): void {
    for (const listener of [...listeners]) listener(event);
  },
};
