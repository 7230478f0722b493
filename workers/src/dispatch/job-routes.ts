import type { DomainEvent } from '@crossfeed/domain/events.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { JobOptions } from '@crossfeed/platform/jobs/job-queue.port.ts';

/**
 * Events drive jobs (DESIGN §3 Jobs): each processor declares which events start which jobs. The
 * dispatcher follows the log and enqueues these with ids derived from the event id, so a restart or a
 * Redis outage neither loses nor doubles a job.
 */
export interface JobSpec {
  queue: string;
  name: string;
  data: unknown;
  /** Unique per event and job; the dispatcher prefixes nothing: derive it from `event.id`. */
  jobId: string;
  options?: Omit<JobOptions, 'jobId'>;
}

/** What the dispatcher sees of a route: the event types it reacts to and the jobs of one such event. */
export interface JobRoute {
  /** The event types this route reacts to (the keys of its handler map). */
  readonly eventTypes: ReadonlySet<string>;
  jobs(event: RecordedEvent): JobSpec[];
}

/** An event as the log records it, typed by its domain event (one recorded type per member of a union). */
export type Recorded<Event extends { type: string; data: unknown }> = Event extends { type: infer Type extends string; data: infer Data }
  ? RecordedEvent<Type, Data>
  : never;

/** Jobs per event type: each handler gets the event of its key, its data typed. */
export type JobHandlers<Event extends { type: string; data: unknown } = DomainEvent> = {
  readonly [Type in Event['type']]?: (event: Recorded<Extract<Event, { type: Type }>>) => JobSpec[];
};

/**
 * A route from a handler map keyed by event type: `jobRoute({ ContentShared: (event) => [...] })`. The
 * compiler checks every key is an event type and types each handler's event from it; `eventTypes` is the
 * map's keys. Tests with events of their own name them: `jobRoute<TestEvent>({ ... })`.
 */
export function jobRoute<Event extends { type: string; data: unknown } = DomainEvent>(handlers: JobHandlers<Event>): JobRoute {
  // Looked up by the event's type, so each handler only ever receives the event its key names.
  const byType = new Map<string, (event: RecordedEvent) => JobSpec[]>(
    Object.entries(handlers as Record<string, ((event: RecordedEvent) => JobSpec[]) | undefined>).flatMap(([type, handler]) =>
      handler ? [[type, handler] as const] : [],
    ),
  );
  return {
    eventTypes: new Set(byType.keys()),
    jobs: (event) => byType.get(event.type)?.(event) ?? [],
  };
}
