import { describe, expect, it, vi } from 'vitest';
import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import type { AppSocket } from '@/lib/socket';
import { FakeSocket } from '@/testing/fake-socket';
import { flagFeed, type FlagFeedEvent } from './flag-feed';
import { registerFlagHandlers } from './register-flag-handlers';

describe('registerFlagHandlers', () => {
  it('forwards flag:created, flag:updated and reconnects to the flag feed', () => {
    const socket = new FakeSocket();
    let reconnect: (() => void) | undefined;
    registerFlagHandlers(socket as unknown as AppSocket, (listener) => {
      reconnect = listener;
    });

    const received: FlagFeedEvent[] = [];
    const unsubscribe = flagFeed.subscribe((event) => received.push(event));
    const flag = { id: 'f1' } as FlagDto;
    socket.push('flag:created', flag);
    socket.push('flag:updated', { content_id: 'c1', status: 'approved' });
    reconnect?.();
    unsubscribe();
    socket.push('flag:created', flag);

    expect(received).toEqual([
      { type: 'created', flag },
      { type: 'updated', update: { content_id: 'c1', status: 'approved' } },
      { type: 'resync' },
    ]);
  });

  it('delivers nothing to a listener that unsubscribed', () => {
    const listener = vi.fn();
    flagFeed.subscribe(listener)();
    flagFeed.publish({ type: 'resync' });
    expect(listener).not.toHaveBeenCalled();
  });
});
