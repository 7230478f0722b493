import { describe, test } from 'node:test';
import { NotFoundError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { LONG_STREAM, assertBoundedState } from '../testing/linear-fold.ts';
import type { CompleteTour, ResetTour } from './tour.commands.ts';
import { tourDecider } from './tour.decider.ts';
import type { ProfileCreated, TourCompleted, TourReset, UserRegistered } from './user.events.ts';

const now = '2026-11-25T10:00:00.000Z';
const later = '2026-11-25T11:00:00.000Z';
const registered: UserRegistered = {
  type: 'UserRegistered',
  data: { userId: 'u1', username: 'ada', email: 'ada@example.com', passwordHash: 'h', isAdmin: false, registeredAt: now },
};
const profileCreated: ProfileCreated = {
  type: 'ProfileCreated',
  data: { userId: 'u1', createdAt: now, name: 'Ada', bio: '', categories: ['technology'], interests: [], contentType: 'article' },
};
const complete = (at = now): CompleteTour => ({ type: 'CompleteTour', data: { userId: 'u1', now: at } });
const reset = (at = later): ResetTour => ({ type: 'ResetTour', data: { userId: 'u1', now: at } });
const completed = (at = now): TourCompleted => ({ type: 'TourCompleted', data: { userId: 'u1', completedAt: at } });
const wasReset = (at = later): TourReset => ({ type: 'TourReset', data: { userId: 'u1', resetAt: at } });
const spec = deciderSpec(tourDecider);

describe('tour decider', () => {
  test('completing the tour of a new account records it, at the command time', () => {
    spec.given([registered, profileCreated]).when(complete()).then([completed()]);
  });

  test('completing it again records nothing (a second device, a retried request)', () => {
    spec.given([registered, completed()]).when(complete(later)).then([]);
  });

  test('Help/Tour resets a completed tour', () => {
    spec.given([registered, completed()]).when(reset()).then([wasReset()]);
  });

  test('resetting a tour that is not completed records nothing', () => {
    spec.given([registered]).when(reset()).then([]);
    spec.given([registered, completed(), wasReset()]).when(reset()).then([]);
  });

  test('a reset tour can be completed again', () => {
    spec.given([registered, completed(), wasReset()]).when(complete(later)).then([completed(later)]);
  });

  test('refuses a user that does not exist', () => {
    spec.given([]).when(complete()).thenThrows(NotFoundError, /User not found/);
    spec.given([]).when(reset()).thenThrows(NotFoundError, /User not found/);
  });
});

describe('tour decider: long streams', () => {
  test('folding 100,000 events stays linear: the state does not grow', () => {
    assertBoundedState(tourDecider, LONG_STREAM, (i) => (i === 0 ? registered : i % 2 === 1 ? completed() : wasReset()));
  });
});
