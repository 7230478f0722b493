import { describe, expect, it } from 'vitest';
import type { ReplayProgressPush } from '@crossfeed/domain/api/realtime-events.ts';
import type { AppSocket } from '@/lib/socket';
import { replayFeed, type ReplayFeedEvent } from './replay-feed';
import { registerReplayHandlers } from './register-replay-handlers';

type Listener = (payload?: unknown) => void;

describe('registerReplayHandlers', () => {
  it('forwards replay:progress and reconnects to the replay feed', () => {
    const listeners = new Map<string, Listener>();
    let reconnect: (() => void) | undefined;
    const socket = { on: (event: string, listener: Listener) => listeners.set(event, listener) } as unknown as AppSocket;
    registerReplayHandlers(socket, (listener) => {
      reconnect = listener;
    });

    const received: ReplayFeedEvent[] = [];
    const unsubscribe = replayFeed.subscribe((event) => received.push(event));
    const progress: ReplayProgressPush = { id: 'j1', projection: 'analytics', state: 'active', done: 1, total: 2 };
    listeners.get('replay:progress')?.(progress);
    reconnect?.();
    unsubscribe();
    listeners.get('replay:progress')?.(progress);

    expect(received).toEqual([{ type: 'progress', progress }, { type: 'resync' }]);
  });
});
