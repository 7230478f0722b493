import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { openFakeSockets, type FakeSocket } from '@/testing/fake-socket';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { startRealtime, type RegisterHandlers } from './socket';

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({ io: vi.fn() }));

const token = () => makeJwt(Math.floor(Date.now() / 1000) + 3600, 'user-1');

describe('socket: the refetches features register', () => {
  let stop: () => void = () => {};
  const refetchA = vi.fn();
  const refetchB = vi.fn();
  const register: RegisterHandlers = (_socket, onReconnect) => {
    onReconnect(refetchA);
    onReconnect(refetchB);
  };

  beforeEach(() => {
    sockets.length = 0;
    refetchA.mockClear();
    refetchB.mockClear();
    openFakeSockets(vi.mocked(io), sockets);
    useAppStore.getState().login(token(), makeUser());
    stop = startRealtime({ handlers: [register], session: useAppStore });
  });

  afterEach(() => stop());

  it('runs every registered refetch once when the server says resync', () => {
    sockets[0]?.push('resync', { reason: 'redis-reconnected' });

    expect(refetchA).toHaveBeenCalledTimes(1);
    expect(refetchB).toHaveBeenCalledTimes(1);
  });

  it('runs every registered refetch once after a reconnect, and none before', () => {
    expect(refetchA).not.toHaveBeenCalled();

    sockets[0]?.reconnect();

    expect(refetchA).toHaveBeenCalledTimes(1);
    expect(refetchB).toHaveBeenCalledTimes(1);
  });

  it('a closed socket runs no refetch on a late resync', () => {
    useAppStore.getState().logout();

    sockets[0]?.push('resync', { reason: 'redis-reconnected' });

    expect(refetchA).not.toHaveBeenCalled();
  });
});
