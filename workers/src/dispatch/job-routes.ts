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

export interface JobRoute {
  /** The event types this route reacts to. */
  readonly eventTypes: ReadonlySet<string>;
  jobs(event: RecordedEvent): JobSpec[];
}
