/** A subscription to a feed; calling it unsubscribes. */
export type Unsubscribe = () => void;

export type Feed<Event> = {
  subscribe(listener: (event: Event) => void): Unsubscribe;
  publish(event: Event): void;
};

/**
 * A tiny in-memory fan-out of socket pushes to whatever page is mounted: nothing is kept while no one
 * listens, and a listener may unsubscribe while an event is being delivered. For moments, not server state:
 * a running job's progress (a contact import, a replay) and the admin report's "New flag" note. What the
 * server keeps (lists, counts, a workspace) is in the query cache, and its pushes write there
 * (lib/query/README.md).
 */
export function createFeed<Event>(): Feed<Event> {
  const listeners = new Set<(event: Event) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    publish(event) {
      for (const listener of [...listeners]) listener(event);
    },
  };
}
