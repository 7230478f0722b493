import { io } from 'socket.io-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openFakeSockets, type FakeSocket } from '@/testing/fake-socket';
import { subscribeToWaitlistCount } from './public-waitlist-socket';

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({ io: vi.fn() }));
const ioMock = vi.mocked(io);
/** socket.io-client is imported when the subscription starts: its connection follows. */
const connected = () => vi.waitFor(() => expect(sockets).toHaveLength(1));

describe('subscribeToWaitlistCount', () => {
  beforeEach(() => {
    sockets.length = 0;
    openFakeSockets(ioMock, sockets);
  });

  it('connects to the /public namespace without a token, on its own connection', async () => {
    const stop = subscribeToWaitlistCount({ onCount: vi.fn() });
    await connected();
    expect(ioMock).toHaveBeenCalledTimes(1);
    const [uri, options] = ioMock.mock.calls[0]!;
    expect(uri).toBe('/public');
    expect(options).toEqual({ forceNew: true });
    expect(options).not.toHaveProperty('auth');
    stop();
  });

  it('passes each waitlist:count push to onCount and ignores malformed ones', async () => {
    const onCount = vi.fn();
    subscribeToWaitlistCount({ onCount });
    await connected();
    const socket = sockets[0]!;
    socket.push('waitlist:count', { count: 42 });
    socket.push('waitlist:count', { count: 'many' });
    socket.push('waitlist:count', null);
    socket.push('waitlist:count', { count: 43 });
    expect(onCount.mock.calls).toEqual([[42], [43]]);
  });

  it('calls onReconnect when the connection comes back', async () => {
    const onReconnect = vi.fn();
    subscribeToWaitlistCount({ onCount: vi.fn(), onReconnect });
    await connected();
    sockets[0]!.reconnect();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('disconnects and drops its listeners when stopped', async () => {
    const onCount = vi.fn();
    const onReconnect = vi.fn();
    const stop = subscribeToWaitlistCount({ onCount, onReconnect });
    await connected();
    const socket = sockets[0]!;
    stop();
    expect(socket.disconnected).toBe(true);
    socket.push('waitlist:count', { count: 9 });
    socket.reconnect();
    expect(onCount).not.toHaveBeenCalled();
    expect(onReconnect).not.toHaveBeenCalled();
  });

  it('never connects when stopped before socket.io-client has loaded', async () => {
    const stop = subscribeToWaitlistCount({ onCount: vi.fn() });
    stop();
    await import('socket.io-client');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ioMock).not.toHaveBeenCalled();
  });
});
