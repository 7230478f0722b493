import type { io } from 'socket.io-client';
import type { Mock } from 'vitest';

type Listener = (...args: unknown[]) => void;

/**
 * A stand-in for socket.io-client's Socket and its Manager (`socket.io`): records listeners and lets tests
 * fire server pushes and reconnections.
 */
export class FakeSocket {
  readonly listeners = new Map<string, Listener[]>();
  readonly managerListeners = new Map<string, Listener[]>();
  disconnected = false;
  readonly io = {
    on: (event: string, listener: Listener) => {
      this.managerListeners.set(event, [...(this.managerListeners.get(event) ?? []), listener]);
    },
    removeAllListeners: () => this.managerListeners.clear(),
  };
  /** The options `io()` was called with (its last argument). */
  readonly options: unknown;
  constructor(options?: unknown) {
    this.options = options;
  }
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  /** The server pushes `event` with `payload`. */
  push(event: string, payload: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
  /** The Manager reconnects after a drop. */
  reconnect() {
    for (const listener of this.managerListeners.get('reconnect') ?? []) listener(1);
  }
}

/**
 * Makes the mocked `io` (after `vi.mock('socket.io-client', () => ({ io: vi.fn() }))`) open a new FakeSocket
 * on every call; the sockets opened so far, in order, land in `sockets`.
 */
export function openFakeSockets(ioMock: Mock<typeof io>, sockets: FakeSocket[]): void {
  ioMock.mockImplementation(((...args: unknown[]) => {
    const socket = new FakeSocket(args.at(-1));
    sockets.push(socket);
    return socket;
  }) as unknown as typeof io);
}
