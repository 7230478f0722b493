import type { Decider } from '../shared/decider.ts';
import { NotFoundError } from '../shared/errors.ts';
import type { TourCommand } from './tour.commands.ts';
import type { UserEvent } from './user.events.ts';

export type TourState = { status: 'unregistered' } | { status: 'registered'; userId: string; completed: boolean };

/**
 * SPEC §4 Tour: whether the user has completed the guided tour, kept on the account's stream so that a new
 * device does not replay it (SPEC §3: the session exposes hasCompletedTour). Completing a completed tour or
 * resetting one that is not completed records nothing. Shares `user-{id}` with the account decider.
 */
export const tourDecider: Decider<TourState, TourCommand, UserEvent> = {
  initialState: () => ({ status: 'unregistered' }),

  evolve(state, event) {
    if (event.type === 'UserRegistered') return { status: 'registered', userId: event.data.userId, completed: false };
    if (state.status !== 'registered') return state;
    switch (event.type) {
      case 'TourCompleted':
        state.completed = true;
        return state;
      case 'TourReset':
        state.completed = false;
        return state;
      default:
        return state;
    }
  },

  decide(command, state) {
    if (state.status !== 'registered') throw new NotFoundError('User not found.');
    const { userId } = state;
    switch (command.type) {
      case 'CompleteTour':
        return state.completed ? [] : [{ type: 'TourCompleted', data: { userId, completedAt: command.data.now } }];
      case 'ResetTour':
        return state.completed ? [{ type: 'TourReset', data: { userId, resetAt: command.data.now } }] : [];
    }
  },
};
