import type { ReplayProgressPush } from '@crossfeed/domain/api/realtime-events.ts';

export type ReplayFeedEvent = { type: 'progress'; progress: ReplayProgressPush } | { type: 'resync' };

type Listener = (event: ReplayFeedEvent) => void;

const listeners = new Set<Listener>();

/** `replay:progress` pushes, fanned out to whatever analytics page is mounted (none are kept). */
export const replayFeed = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  publish(event: ReplayFeedEvent): void {
    for (const listener of [...listeners]) listener(event);
  },
};
