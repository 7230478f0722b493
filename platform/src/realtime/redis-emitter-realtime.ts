/**
 * The Realtime publisher for processes without a socket.io server (projections, workers): emits through
 * `@socket.io/redis-emitter`, which the API nodes' Redis adapter relays to their sockets. Emits are
 * fire-and-forget, like socket.io's own: a Redis outage loses them (logged), it never throws.
 */
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { PUBLIC_NAMESPACE, PUBLIC_ROOM, isPublicNamespaceRoom, type RealtimePublisher, type Room } from './realtime.port.ts';
import { handleCommandRejections, quitAndWaitForEnd } from './socketio-realtime.ts';
import type { RealtimeLogger } from './socketio-realtime.ts';

export interface RedisEmitterPublisherOptions {
  url: string;
  /** Must match the adapter's `key` (default 'socket.io'). */
  key?: string;
  logger?: RealtimeLogger;
}

export function createRedisEmitterPublisher(options: RedisEmitterPublisherOptions): RealtimePublisher {
  const logger = options.logger ?? { error: (fields, message) => console.error(message, fields) };
  const redis = handleCommandRejections(new Redis(options.url));
  redis.on('error', (error: unknown) => logger.error({ err: error }, 'redis emitter: connection error'));
  const emitter = new Emitter(redis, options.key === undefined ? {} : { key: options.key });
  let closing: Promise<void> | undefined;
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
