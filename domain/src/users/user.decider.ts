import type { Decider } from '../shared/decider.ts';
import { ConflictError } from '../shared/errors.ts';
import type { UserCommand } from './user.commands.ts';
import type { UserEvent } from './user.events.ts';

export type UserState =
  | { status: 'unregistered' }
  | { status: 'registered'; userId: string; username: string; email: string; isAdmin: boolean };

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'unregistered' }),

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return {
          status: 'registered',
          userId: event.data.userId,
          username: event.data.username,
          email: event.data.email,
          isAdmin: event.data.isAdmin,
        };
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status === 'registered') throw new ConflictError('User already registered.');
        const { userId, username, email, passwordHash, isAdmin, now } = command.data;
        return [
          {
            type: 'UserRegistered',
            data: { userId, username, email: email.toLowerCase(), passwordHash, isAdmin, registeredAt: now },
          },
        ];
      }
    }
  },
};
