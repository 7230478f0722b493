import { describe, test } from 'node:test';
import { ConflictError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { RegisterUser } from './user.commands.ts';
import type { UserRegistered } from './user.events.ts';
import { userDecider } from './user.decider.ts';

const now = '2026-11-21T10:00:00.000Z';
const register: RegisterUser = {
  type: 'RegisterUser',
  data: { userId: 'u1', username: 'ada', email: 'Ada@Example.com', passwordHash: 'hash', isAdmin: false, now },
};
const registered: UserRegistered = {
  type: 'UserRegistered',
  data: { userId: 'u1', username: 'ada', email: 'ada@example.com', passwordHash: 'hash', isAdmin: false, registeredAt: now },
};

describe('user decider', () => {
  test('registers a new user with a lowercased email and the command time', () => {
    deciderSpec(userDecider).given([]).when(register).then([registered]);
  });

  test('rejects registering a user twice', () => {
    deciderSpec(userDecider).given([registered]).when(register).thenThrows(ConflictError, /already registered/);
  });
});
