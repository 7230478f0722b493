/**
 * Realtime adapters around a socket.io server (DESIGN §3 Realtime):
 * - `createSocketIoPublisher(io)`: emits on the server this process runs (embedded mode, and API nodes).
 * - `attachRedisAdapter(io, url)`: makes API nodes share rooms through the socket.io Redis adapter, so an
 *   emit on one node (or from `@socket.io/redis-emitter` in another process) reaches every node's sockets.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { PUBLIC_NAMESPACE, PUBLIC_ROOM, isPublicNamespaceRoom, type RealtimePublisher, type Room } from './realtime.port.ts';

/** pino-compatible. */
export interface RealtimeLogger {
  error(fields: Record<string, unknown>, message: string): void;
}

const consoleLogger: RealtimeLogger = { error: (fields, message) => console.error(message, fields) };

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
export function handleCommandRejections(client: Redis): Redis {
  const sendCommand = client.sendCommand.bind(client);
  client.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
    const result = sendCommand(...args);
    if (result instanceof Promise) result.catch(() => {});
    return result;
  };
  return client;
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
 */
export async function attachRedisAdapter(io: Server, url: string, options: RedisAdapterOptions = {}): Promise<() => Promise<void>> {
  const logger = options.logger ?? consoleLogger;
  const pub = handleCommandRejections(new Redis(url));
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

  let closing: Promise<void> | undefined;
  return () => {
    closing ??= (async () => {
      // Unsubscribe while connected; a later io.close() repeats it harmlessly (see handleCommandRejections).
      for (const namespace of io._nsps.values()) await namespace.adapter.close();
      await quitBoth();
    })();
    return closing;
  };
}
