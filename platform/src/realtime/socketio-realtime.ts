/**
 * Realtime adapters around a socket.io server (DESIGN §3 Realtime):
 * - `createSocketIoPublisher(io)`: emits on the server this process runs (embedded mode, and API nodes).
 * - `attachRedisAdapter(io, url)`: makes API nodes share rooms through the socket.io Redis adapter, so an
 *   emit on one node (or from `@socket.io/redis-emitter` in another process) reaches every node's sockets.
 *   When its Redis connections drop and come back, the node's sockets are told to `resync` (pushes sent
 *   meanwhile are lost: Redis pub/sub keeps nothing for a subscriber that is away).
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import type { ResyncPush } from '@crossfeed/domain/api/realtime-events.ts';
import { PUBLIC_NAMESPACE, PUBLIC_ROOM, isPublicNamespaceRoom, type RealtimePublisher, type Room } from './realtime.port.ts';

/** pino-compatible. */
export interface RealtimeLogger {
  error(fields: Record<string, unknown>, message: string): void;
  warn?(fields: Record<string, unknown>, message: string): void;
}

export const consoleLogger: RealtimeLogger = {
  error: (fields, message) => console.error(message, fields),
  warn: (fields, message) => console.warn(message, fields),
};

/**
 * Told to every socket that may have missed pushes (docs/security.md "Pushes across a Redis restart"):
 * the browser refetches everything a push can change, as after its own reconnect.
 */
export const RESYNC_EVENT = 'resync';
export const REDIS_RECONNECTED: ResyncPush = { reason: 'redis-reconnected' };

export function createSocketIoPublisher(io: Server): RealtimePublisher {
  return {
    emit(room: Room, event: string, payload: unknown) {
      if (isPublicNamespaceRoom(room)) {
        io.of(PUBLIC_NAMESPACE).to(room).emit(event, payload);
        return;
      }
      io.to(room).emit(event, payload);
      // The public room also reaches the unauthenticated, read-only namespace (the waitlist page).
      if (room === PUBLIC_ROOM) io.of(PUBLIC_NAMESPACE).emit(event, payload);
    },
    disconnect(room: Room) {
      // Through the adapter: with the Redis adapter, the sockets of every API node.
      io.in(room).disconnectSockets(true);
    },
    // The server belongs to the caller, who closes it.
    async close() {},
  };
}

/**
 * socket.io's Redis adapter and emitter call `publish`/`punsubscribe` without handling the returned promise,
 * so a Redis outage (or a call after shutdown) would surface as an unhandled rejection and stop the process.
 * This marks every command's promise as handled; callers that await a command still see its error, and the
 * connection's own errors are logged by its 'error' listener.
 */
export function handleCommandRejections(client: Redis, onRejected?: (command: string, error: unknown) => void): Redis {
  const sendCommand = client.sendCommand.bind(client);
  client.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
    const result = sendCommand(...args);
    const command = args[0].name;
    if (result instanceof Promise) result.catch((error: unknown) => onRejected?.(command, error));
    return result;
  };
  return client;
}

/**
 * Counts the pushes a connection failed to publish (Redis unreachable long enough for ioredis to give up on
 * its offline queue, or the connection closed under them), so a lost push is never silent: the first of an
 * outage is logged, and `take()` answers (and resets) the count once Redis is back.
 */
export function publishFailureCounter(logger: RealtimeLogger, message: string): { onRejected: (command: string, error: unknown) => void; take: () => number } {
  let failed = 0;
  return {
    onRejected(command, error) {
      if (command !== 'publish' && command !== 'spublish') return;
      if (failed++ === 0) logger.error({ err: error }, message);
    },
    take() {
      const count = failed;
      failed = 0;
      return count;
    },
  };
}

/**
 * Calls `handler` once each time these connections, after one of them closed, are all ready again (once per
 * outage, however the connections' reconnects interleave). Returns the function that stops watching.
 */
export function onRedisReconnected(clients: readonly Redis[], handler: () => void): () => void {
  let lost = false;
  const onClose = (): void => {
    lost = true;
  };
  const onReady = (): void => {
    if (!lost || clients.some((client) => client.status !== 'ready')) return;
    lost = false;
    handler();
  };
  for (const client of clients) {
    client.on('close', onClose);
    client.on('ready', onReady);
  }
  return () => {
    for (const client of clients) {
      client.off('close', onClose);
      client.off('ready', onReady);
    }
  };
}

async function waitUntilReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = (): void => {
      cleanup();
      resolve();
    };
    const cleanup = (): void => {
      clearTimeout(timer);
      client.off('ready', onReady);
    };
    client.on('ready', onReady);
  });
}

/**
 * Quits and waits for the connection to be fully closed, so later commands fail at once (handled) instead
 * of being written to a half-closed socket.
 */
export async function quitAndWaitForEnd(client: Redis, timeoutMs = 2000): Promise<void> {
  if (client.status === 'end') return;
  const ended = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      client.disconnect();
      resolve();
    }, timeoutMs);
    client.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  await client.quit().catch(() => client.disconnect());
  await ended;
}

export interface RedisAdapterOptions {
  /** Prefix of the adapter's pub/sub channels; must match the emitters' `key` (default 'socket.io'). */
  key?: string;
  /** How long to wait for Redis at start (default 10 s). */
  readyTimeoutMs?: number;
  logger?: RealtimeLogger;
}

/**
 * Wires the socket.io Redis adapter on `io` with its own pub and sub connections, once both are connected.
 * Returns the function that detaches it: it unsubscribes the adapters and closes both connections
 * (safe to call before or after `io.close()`).
 *
 * Pushes are lost while Redis is away (pub/sub keeps nothing), so once both connections are back and the
 * sub connection listens again, this node tells its sockets to `resync`; when its own publishes failed
 * meanwhile, it tells every node's sockets (through the adapter), since theirs missed them.
 */
export async function attachRedisAdapter(io: Server, url: string, options: RedisAdapterOptions = {}): Promise<() => Promise<void>> {
  const logger = options.logger ?? consoleLogger;
  let closing: Promise<void> | undefined;
  const failures = publishFailureCounter(logger, 'socket.io redis adapter: a push could not be published (Redis unreachable); the sockets resync when it is back');
  // After shutdown a lost push is expected, not worth a line.
  const pub = handleCommandRejections(new Redis(url), (command, error) => {
    if (!closing) failures.onRejected(command, error);
  });
  const sub = handleCommandRejections(new Redis(url));
  pub.on('error', (error: unknown) => logger.error({ err: error }, 'socket.io redis adapter: pub connection error'));
  sub.on('error', (error: unknown) => logger.error({ err: error }, 'socket.io redis adapter: sub connection error'));
  const quitBoth = async (): Promise<void> => {
    await Promise.all([quitAndWaitForEnd(pub), quitAndWaitForEnd(sub)]);
  };
  try {
    const timeoutMs = options.readyTimeoutMs ?? 10_000;
    await Promise.all([waitUntilReady(pub, timeoutMs), waitUntilReady(sub, timeoutMs)]);
  } catch (error) {
    pub.disconnect();
    sub.disconnect();
    throw error;
  }
  io.adapter(createAdapter(pub, sub, options.key === undefined ? {} : { key: options.key }));

  const resync = async (): Promise<void> => {
    // ioredis sends the SUBSCRIBEs again right after 'ready': a PING answered after them means this node hears
    // the channels again, so a push published from now on reaches its sockets and the refetch sees the rest.
    await new Promise((resolve) => setImmediate(resolve));
    await sub.ping();
    if (closing) return;
    const failedPublishes = failures.take();
    if (failedPublishes > 0) io.emit(RESYNC_EVENT, REDIS_RECONNECTED);
    else io.local.emit(RESYNC_EVENT, REDIS_RECONNECTED);
    (logger.warn ?? logger.error).call(logger, { failedPublishes, sockets: io.of('/').sockets.size, allNodes: failedPublishes > 0 }, 'socket.io redis adapter: Redis is back; sockets told to resync');
  };
  const stopWatching = onRedisReconnected([pub, sub], () => {
    // A failed PING means Redis went away again: the next reconnect resyncs.
    if (!closing) resync().catch((error: unknown) => logger.error({ err: error }, 'socket.io redis adapter: resync after a reconnect failed'));
  });
  return () => {
    closing ??= (async () => {
      stopWatching();
      // Unsubscribe while connected; a later io.close() repeats it harmlessly (see handleCommandRejections).
      for (const namespace of io._nsps.values()) await namespace.adapter.close();
      await quitBoth();
    })();
    return closing;
  };
}
