import assert from 'node:assert/strict';
import { fold, type Decider, type DomainEvent } from '../shared/decider.ts';

/**
 * Given/when/then for deciders:
 *   deciderSpec(userDecider).given([...events]).when(command).then([...expectedEvents])
 *   deciderSpec(userDecider).given([...]).when(command).thenThrows(ConflictError, /already/)
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: readonly Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, fold(decider, events));
          return {
            then(expected: readonly Event[]) {
              assert.deepEqual(run(), expected);
            },
            thenThrows(errorClass: new (...args: never[]) => Error, message?: RegExp) {
              assert.throws(run, (error: unknown) => {
                assert.ok(error instanceof errorClass, `expected ${errorClass.name}, got ${String(error)}`);
                if (message) assert.match(error.message, message);
                return true;
              });
            },
          };
        },
      };
    },
  };
}
