/**
 * The Realtime port (DESIGN §3 Realtime): how the server side pushes to rooms of connected browsers.
 * In embedded mode it emits on the in-process socket.io server; in production the API nodes share the
 * socket.io Redis adapter and other processes publish through `@socket.io/redis-emitter`.
 */

/**
 * Rooms are `user:{id}`, `admins`, `creators` (every signed-in socket: what all creators may see, such as new
 * content entering the match pools), `public` (read-only broadcasts such as the waitlist count), or
 * `waitlist:{referralCode}` (one waitlist entry's page, on the read-only namespace, joined with its secret token).
 */
export type Room = `user:${string}` | 'admins' | 'creators' | 'public' | `waitlist:${string}`;

export const userRoom = (userId: string): Room => `user:${userId}`;
export const ADMINS_ROOM: Room = 'admins';
export const CREATORS_ROOM: Room = 'creators';
export const PUBLIC_ROOM: Room = 'public';
export const waitlistRoom = (referralCode: string): Room => `waitlist:${referralCode}`;
/** Rooms whose sockets live on the read-only public namespace only. */
export const isPublicNamespaceRoom = (room: Room): boolean => room.startsWith('waitlist:');
/**
 * The unauthenticated read-only namespace of the public pages; an emit to PUBLIC_ROOM reaches it too.
 * Same value as `PUBLIC_NAMESPACE` in domain/src/api/realtime-events.ts (the clients' side).
 */
export { PUBLIC_NAMESPACE } from '@crossfeed/domain/api/realtime-events.ts';

export interface RealtimePublisher {
  emit(room: Room, event: string, payload: unknown): void;
  /**
   * Closes every socket in the room, on every API node (a password change ends a user's sessions). The
   * browsers that should stay signed in reconnect with their new token.
   */
  disconnect(room: Room): void;
  close(): Promise<void>;
}
