import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import type { EventStore, Position } from '@crossfeed/platform/event-store/event-store.port.ts';

/** Registers `count` users through the real decider and command handler; returns the last position. */
export async function seedUsers(store: EventStore, count: number, prefix = 'user'): Promise<Position | undefined> {
  let position: Position | undefined;
  for (let i = 0; i < count; i++) {
    const userId = `${prefix}-${i}`;
    const result = await handleCommand(store, userDecider, userStream(userId), {
      type: 'RegisterUser',
      data: {
        userId,
        username: `${prefix}${i}`,
        email: `${prefix}${i}@example.com`,
        passwordHash: 'argon2id$test',
        isAdmin: i === 0,
        now: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      },
    });
    position = result.position ?? position;
  }
  return position;
}
