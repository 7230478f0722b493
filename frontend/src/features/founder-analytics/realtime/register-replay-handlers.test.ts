import { describe, expect, it } from 'vitest';
import type { ReplayProgressPush } from '@crossfeed/domain/api/realtime-events.ts';
import type { AppSocket } from '@/lib/socket';
import { FakeSocket } from '@/testing/fake-socket';
import { replayFeed, type ReplayFeedEvent } from './replay-feed';
import { registerReplayHandlers } from './register-replay-handlers';

describe('registerReplayHandlers', () => {
  it('forwards replay:progress and reconnects to the replay feed', () => {
    const socket = new FakeSocket();
    let reconnect: (() => void) | undefined;
    registerReplayHandlers(socket as unknown as AppSocket, (listener) => {
      reconnect = listener;
    });

    const received: ReplayFeedEvent[] = [];
    const unsubscribe = replayFeed.subscribe((event) => received.push(event));
    const progress: ReplayProgressPush = { id: 'j1', projection: 'analytics', state: 'active', done: 1, total: 2 };
    socket.push('replay:progress', progress);
    reconnect?.();
    unsubscribe();
    socket.push('replay:progress', progress);

    expect(received).toEqual([{ type: 'progress', progress }, { type: 'resync' }]);
  });
});
