/**
 * A decider is the pure heart of one aggregate (Emmett / EventSourcing.NodeJS shape):
 * `evolve` folds the stream's events into state, `decide` turns a command into new events or throws a
 * `DomainError`. No I/O, no clock, no randomness: the time and any generated ids arrive in the command.
 */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  readonly initialState: () => State;
  /**
   * Folds one event into the state in O(1): it never copies a collection that grows with the stream
   * (DESIGN §3). It may therefore update `state` in place and return it: a fold owns its state, and the
   * state passed in is not used again by whoever passed it (the command handler caches the result and
   * folds only later events into it). `decide` never changes the state.
   */
  readonly evolve: (state: State, event: Event) => State;
  readonly decide: (command: Command, state: State) => Event[];
}

/** Folds events into a fresh initial state. */
export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  let state = decider.initialState();
  for (const event of events) state = decider.evolve(state, event);
  return state;
}
