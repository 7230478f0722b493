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
  readonly evolve: (state: State, event: Event) => State;
  readonly decide: (command: Command, state: State) => Event[];
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
