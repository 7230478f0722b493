/**
 * `resync` after a Redis outage (docs/security.md "Pushes across a Redis restart"), on the socket server as
 * the API nodes run it, with the socket.io Redis adapter and the emitter of the projections and workers on
 * a PRIVATE redis-server (its own port: the shared Redis at REDIS_URL is never stopped).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { createRedisEmitterPublisher } from '@crossfeed/platform/realtime/redis-emitter-realtime.ts';
import { attachRedisAdapter, createSocketIoPublisher, type RealtimeLogger } from '@crossfeed/platform/realtime/socketio-realtime.ts';
import { startPrivateRedis, type PrivateRedis } from '@crossfeed/workers/testing/private-redis.ts';
import { waitUntil } from '../testing/split-deployment.ts';
import { createSocketServer, type SocketServer } from './socket-server.ts';

interface Node {
  io: SocketServer;
  url: string;
  detach: () => Promise<void>;
}
interface Client {
  socket: Socket;
  received: { event: string; payload: unknown }[];
}

const resyncs = (client: Client): number => client.received.filter((message) => message.event === 'resync').length;

if (!process.env.REDIS_URL) {
  console.log('skipped: set REDIS_URL to run the resync-after-a-Redis-restart tests (they start a private redis-server)');
} else {
  describe('resync after the Redis of the socket.io adapter restarts', () => {
    const key = `cf-test-resync-${randomUUID().slice(0, 8)}:socket.io`;
    const logged: { level: 'error' | 'warn'; message: string; fields: Record<string, unknown> }[] = [];
    const logger: RealtimeLogger = {
      error: (fields, message) => logged.push({ level: 'error', message, fields }),
      warn: (fields, message) => logged.push({ level: 'warn', message, fields }),
    };
    let redis: PrivateRedis;
    const nodes: Node[] = [];
    const clients: Client[] = [];

    async function startNode(): Promise<Node> {
      const httpServer = http.createServer();
      // The token is the user id (these tests are about Redis, not authentication).
      const io = createSocketServer(httpServer, {
        verifyToken: async (token) => ({ userId: token, isAdmin: false, expiresAt: Math.floor(Date.now() / 1000) + 3600 }),
        allowedOrigins: [],
      });
      await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
      const node = { io, url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, detach: await attachRedisAdapter(io, redis.url, { key, logger }) };
      nodes.push(node);
      return node;
    }

    async function connectClient(node: Node, userId: string): Promise<Client> {
      const socket = connect(node.url, { auth: { token: userId }, transports: ['websocket'], reconnection: false, forceNew: true });
      const client: Client = { socket, received: [] };
      socket.onAny((event: string, payload: unknown) => client.received.push({ event, payload }));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      clients.push(client);
      return client;
    }

    /** Emits from `node` to the client's room until one arrives: the adapters on both sides are subscribed. */
    async function untilDelivered(publisher: ReturnType<typeof createSocketIoPublisher>, client: Client, userId: string): Promise<void> {
      await waitUntil('a cross-node push', () => {
        publisher.emit(`user:${userId}`, 'user:updated', { probe: true });
        return client.received.some((message) => message.event === 'user:updated');
      }, 10_000, 50);
    }

    before(async () => {
      redis = await startPrivateRedis();
    });

    after(async () => {
      for (const client of clients) client.socket.disconnect();
      for (const node of nodes) {
        await node.detach();
        await node.io.close();
      }
      await redis.close();
    });

    test('each node tells its own sockets to resync once, after it hears its channels again', async () => {
      const [nodeA, nodeB] = [await startNode(), await startNode()];
      const onA = await connectClient(nodeA, 'alice');
      const onB = await connectClient(nodeB, 'bob');
      await untilDelivered(createSocketIoPublisher(nodeA.io), onB, 'bob');

      await redis.stop();
      await redis.start();

      await waitUntil('resync on both nodes', () => resyncs(onA) > 0 && resyncs(onB) > 0, 15_000);
      assert.deepEqual(onB.received.find((message) => message.event === 'resync')?.payload, { reason: 'redis-reconnected' });
      // Once node B has said resync it hears the channels again: one push from node A, sent once, arrives.
      const pushes = (): number => onB.received.filter((message) => message.event === 'user:updated').length;
      const pushesBefore = pushes();
      createSocketIoPublisher(nodeA.io).emit('user:bob', 'user:updated', { after: 'resync' });
      await waitUntil('the push sent after the resync', () => pushes() > pushesBefore, 10_000);
      assert.equal(resyncs(onA), 1, 'one resync per outage on node A');
      assert.equal(resyncs(onB), 1, 'one resync per outage on node B');
      assert.ok(logged.some((line) => line.message === 'socket.io redis adapter: Redis is back; sockets told to resync'));
    });

    test('an emitter whose pushes were lost while Redis was away logs them and makes every socket resync', async () => {
      const node = nodes[0] ?? (await startNode());
      const client = await connectClient(node, 'carol');
      // Emits fail at once while Redis is away instead of waiting in ioredis' offline queue.
      const emitter = createRedisEmitterPublisher({ url: redis.url, key, logger, redis: { maxRetriesPerRequest: 0 } });
      try {
        await waitUntil('a push through the emitter', () => {
          emitter.emit('user:carol', 'notification', { probe: true });
          return client.received.some((message) => message.event === 'notification');
        }, 10_000, 50);
        const resyncsBefore = resyncs(client);

        await redis.stop();
        emitter.emit('user:carol', 'notification', { lost: true });
        await waitUntil('the lost push to be logged', () => logged.some((line) => line.message.startsWith('redis emitter: a push could not be published')), 10_000);
        await redis.start();

        await waitUntil('the emitter to tell every socket to resync', () => logged.find((line) => line.message === 'redis emitter: Redis is back after pushes were lost; every socket told to resync'), 15_000);
        assert.ok(logged.some((line) => line.fields.failedPublishes === 1), 'the lost push is counted');
        await waitUntil('resync on the socket', () => resyncs(client) > resyncsBefore, 15_000);
      } finally {
        await emitter.close();
      }
    });
  });
}
