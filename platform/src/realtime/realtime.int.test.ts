import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import type { Socket as ClientSocket } from 'socket.io-client';
import { createRedisEmitterPublisher } from './redis-emitter-realtime.ts';
import { attachRedisAdapter, createSocketIoPublisher } from './socketio-realtime.ts';
import { userRoom } from './realtime.port.ts';
import type { RealtimePublisher, Room } from './realtime.port.ts';

async function waitFor<T>(what: string, check: () => T, timeoutMs = 5000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) assert.fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(15);
  }
}

/** A socket.io server on a free port that puts each socket in the room named by its handshake (tests only). */
async function startServer(): Promise<{ io: Server; url: string; stop(): Promise<void> }> {
  const httpServer = http.createServer();
  const io = new Server(httpServer);
  io.on('connection', (socket) => {
    void socket.join((socket.handshake.auth as { room: string }).room);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    io,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await io.close();
    },
  };
}

interface Client {
  socket: ClientSocket;
  received: { event: string; payload: unknown }[];
}

async function connectClient(url: string, room: Room): Promise<Client> {
  const socket = connect(url, { auth: { room }, transports: ['websocket'], reconnection: false });
  const received: Client['received'] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, received };
}

/**
 * Emits to room A then room B; since one connection receives in order, B having its message and nothing
 * before it proves the first emit did not reach B.
 */
async function assertRoomIsolation(publisher: RealtimePublisher, a: Client, roomA: Room, b: Client, roomB: Room): Promise<void> {
  const aBefore = a.received.length;
  const bBefore = b.received.length;
  publisher.emit(roomA, 'notification', { to: 'a' });
  publisher.emit(roomB, 'notification', { to: 'b' });
  await waitFor('room A message', () => a.received.length > aBefore);
  await waitFor('room B message', () => b.received.length > bBefore);
  assert.deepEqual(a.received.slice(aBefore), [{ event: 'notification', payload: { to: 'a' } }]);
  assert.deepEqual(b.received.slice(bBefore), [{ event: 'notification', payload: { to: 'b' } }]);
}

describe('socket.io publisher (in-process)', () => {
  test("delivers to the room's sockets and not to another room's", async () => {
    const server = await startServer();
    const alice = await connectClient(server.url, userRoom('alice'));
    const bob = await connectClient(server.url, userRoom('bob'));
    try {
      const publisher = createSocketIoPublisher(server.io);
      await assertRoomIsolation(publisher, alice, userRoom('alice'), bob, userRoom('bob'));
      await publisher.close();
    } finally {
      alice.socket.disconnect();
      bob.socket.disconnect();
      await server.stop();
    }
  });
});

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) {
  console.log('skipped: set REDIS_URL to run the socket.io Redis adapter / emitter tests');
} else {
  describe('socket.io over Redis (adapter + emitter)', () => {
    // A unique channel prefix per run, so parallel runs on the shared Redis never see each other.
    const key = `cf-test-${randomUUID()}`;
    let nodeA: Awaited<ReturnType<typeof startServer>>;
    let nodeB: Awaited<ReturnType<typeof startServer>>;
    const detach: (() => Promise<void>)[] = [];

    before(async () => {
      nodeA = await startServer();
      nodeB = await startServer();
      detach.push(await attachRedisAdapter(nodeA.io, redisUrl, { key }));
      detach.push(await attachRedisAdapter(nodeB.io, redisUrl, { key }));
    });
    after(async () => {
      for (const close of detach) await close();
      await nodeA.stop();
      await nodeB.stop();
    });

    /** Pub/sub subscriptions settle asynchronously: ping until the first message arrives. */
    async function untilDelivered(publisher: RealtimePublisher, room: Room, client: Client): Promise<void> {
      await waitFor('the first message through Redis', () => {
        if (client.received.some((m) => m.event === 'ping')) return true;
        publisher.emit(room, 'ping', null);
        return false;
      });
      await sleep(50); // let any extra pings in flight arrive before the assertions count messages
    }

    test('an emit from the redis-emitter publisher reaches a socket on a server with the adapter', async () => {
      const publisher = createRedisEmitterPublisher({ url: redisUrl, key });
      const alice = await connectClient(nodeA.url, userRoom('alice'));
      const bob = await connectClient(nodeB.url, userRoom('bob'));
      try {
        await untilDelivered(publisher, userRoom('alice'), alice);
        await untilDelivered(publisher, userRoom('bob'), bob);
        await assertRoomIsolation(publisher, alice, userRoom('alice'), bob, userRoom('bob'));
      } finally {
        alice.socket.disconnect();
        bob.socket.disconnect();
        await publisher.close();
      }
    });

    test('the in-process publisher of one node reaches a socket connected to another node', async () => {
      const publisher = createSocketIoPublisher(nodeA.io);
      const carol = await connectClient(nodeB.url, 'admins');
      try {
        await untilDelivered(publisher, 'admins', carol);
        const before = carol.received.length;
        publisher.emit('admins', 'flag:created', { flagId: 'f1' });
        await waitFor('the cross-node message', () => carol.received.length > before);
        assert.deepEqual(carol.received.at(-1), { event: 'flag:created', payload: { flagId: 'f1' } });
      } finally {
        carol.socket.disconnect();
      }
    });

    test('an emit on a node whose Redis connections are gone does not crash the process', async () => {
      const node = await startServer();
      const rejections: unknown[] = [];
      const onRejection = (reason: unknown): void => {
        rejections.push(reason);
      };
      process.on('unhandledRejection', onRejection);
      try {
        const detachNode = await attachRedisAdapter(node.io, redisUrl, { key, logger: { error: () => {} } });
        await detachNode();
        createSocketIoPublisher(node.io).emit('public', 'waitlist:rank', { rank: 3 });
        await sleep(100); // an unhandled rejection would be reported within a few ticks
        await node.stop(); // closes the adapter again, on closed connections
        await sleep(100);
        assert.deepEqual(rejections, []);
      } finally {
        process.off('unhandledRejection', onRejection);
      }
    });

    test('the emitter publisher ignores emits after close instead of throwing', async () => {
      const publisher = createRedisEmitterPublisher({ url: redisUrl, key });
      await publisher.close();
      assert.doesNotThrow(() => publisher.emit('public', 'waitlist:rank', { rank: 1 }));
    });
  });
}
