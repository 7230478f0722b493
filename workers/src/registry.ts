import type { JobQueue, WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { Logger } from '@crossfeed/platform/logger.ts';

export interface WorkerDeps {
  jobQueue: JobQueue;
  logger: Logger;
}

/**
 * Starts every queue processor (one file per processor under `workers/src/`). The workers issue adds
 * the dispatcher and the processors here; the same registry runs in the one-process start and in the
 * `workers` service.
 */
export function startWorkers(_deps: WorkerDeps): WorkerHandle[] {
  return [];
}
