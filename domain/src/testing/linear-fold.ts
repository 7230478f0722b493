import assert from 'node:assert/strict';
import type { Decider, DomainEvent } from '../shared/decider.ts';

export const LONG_STREAM = 100_000;

/**
 * Folds `count` events (`eventAt(i)`) and checks after every event that the collections of the state that
 * grow with the stream (`growing`) are still the very objects they were: `evolve` updated them in place
 * rather than copying them, so each event costs O(1) and folding the stream stays linear in its length
 * (DESIGN §3), however long it is. Returns the final state for the caller's own assertions.
 */
export function foldInPlace<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  count: number,
  eventAt: (i: number) => Event,
  growing: (state: State) => readonly object[],
): State {
  let state = decider.initialState();
  let before: readonly object[] = [];
  for (let i = 0; i < count; i++) {
    state = decider.evolve(state, eventAt(i));
    const after = growing(state);
    if (before.length > 0 && (after.length !== before.length || after.some((collection, k) => collection !== before[k]))) {
      assert.fail(`evolve copied a growing collection at event ${i} (${eventAt(i).type})`);
    }
    before = after;
  }
  return state;
}

/**
 * For deciders whose state does not grow at all: folds `count` events and checks that the state holds no
 * more after them than after the first ten (its serialized size stays the same).
 */
export function assertBoundedState<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  count: number,
  eventAt: (i: number) => Event,
): void {
  let state = decider.initialState();
  let early = 0;
  for (let i = 0; i < count; i++) {
    state = decider.evolve(state, eventAt(i));
    if (i === 9) early = JSON.stringify(state).length;
  }
  assert.ok(JSON.stringify(state).length <= early, `the state grew from ${early} to ${JSON.stringify(state).length} characters`);
}
