/**
 * The Realtime publisher for processes without a socket.io server (projections, workers): emits through
 * `@socket.io/redis-emitter`, which the API nodes' Redis adapter relays to their sockets. Emits are
 * fire-and-forget, like socket.io's own: a Redis outage loses them, it never throws. A lost emit is logged,
 * and once Redis is back every socket of every API node is told to `resync` (docs/security.md "Pushes
 * across a Redis restart").
 */
import { Emitter } from '@socket.io/redis-emitter';
import { Redis, type RedisOptions } from 'ioredis';
import { PUBLIC_NAMESPACE, PUBLIC_ROOM, isPublicNamespaceRoom, type RealtimePublisher, type Room } from './realtime.port.ts';
import { REDIS_RECONNECTED, RESYNC_EVENT, consoleLogger, handleCommandRejections, publishFailureCounter, quitAndWaitForEnd } from './socketio-realtime.ts';
import type { RealtimeLogger } from './socketio-realtime.ts';

export interface RedisEmitterPublisherOptions {
  url: string;
  /** Must match the adapter's `key` (default 'socket.io'). */
  key?: string;
  logger?: RealtimeLogger;
  /** ioredis options (tests: `maxRetriesPerRequest: 0` makes emits fail at once while Redis is away). */
  redis?: RedisOptions;
}

export function createRedisEmitterPublisher(options: RedisEmitterPublisherOptions): RealtimePublisher {
  const logger = options.logger ?? consoleLogger;
  const failures = publishFailureCounter(logger, 'redis emitter: a push could not be published (Redis unreachable); every socket resyncs when it is back');
  let closing: Promise<void> | undefined;
  const redis = handleCommandRejections(new Redis(options.url, options.redis ?? {}), (command, error) => {
    if (!closing) failures.onRejected(command, error);
  });
  redis.on('error', (error: unknown) => logger.error({ err: error }, 'redis emitter: connection error'));
  const emitter = new Emitter(redis, options.key === undefined ? {} : { key: options.key });
  // Emits that waited in ioredis' offline queue go out on 'ready'; those it gave up on are lost. The API nodes
  // resync their own sockets when their connections dropped too; this covers an outage of this connection alone.
  redis.on('ready', () => {
    const failedPublishes = failures.take();
    if (closing || failedPublishes === 0) return;
    emitter.emit(RESYNC_EVENT, REDIS_RECONNECTED);
    logger.error({ failedPublishes }, 'redis emitter: Redis is back after pushes were lost; every socket told to resync');
  });
  return {
    emit(room: Room, event: string, payload: unknown) {
      if (closing) return; // shutting down: a lost push is harmless, a throw in a job would not be
      if (isPublicNamespaceRoom(room)) {
        emitter.of(PUBLIC_NAMESPACE).to(room).emit(event, payload);
        return;
      }
      emitter.to(room).emit(event, payload);
      // The public room also reaches the unauthenticated, read-only namespace (the waitlist page).
      if (room === PUBLIC_ROOM) emitter.of(PUBLIC_NAMESPACE).emit(event, payload);
    },
    disconnect(room: Room) {
      if (closing) return;
      emitter.in(room).disconnectSockets(true);
    },
    close() {
      closing ??= quitAndWaitForEnd(redis);
      return closing;
    },
  };
}
