/**
 * The `replay` queue: rebuilds one projection from position 0 (shadow collections, swapped in at the end)
 * where the projection runner lives, i.e. the one-process start and the `projections` service, never a
 * worker replica. Progress goes to the job (`GET /admin/replay/{id}`) and to the `admins` room.
 */
import type { ReplayJobProgress, ReplayJobResult } from '@crossfeed/domain/api/replay.dto.ts';
import type { Job, JobQueue, WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { UnrecoverableJobError } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { Logger } from '@crossfeed/platform/logger.ts';
import { ADMINS_ROOM, type RealtimePublisher } from '@crossfeed/platform/realtime/realtime.port.ts';
import { projectionByName, projections } from '../registry.ts';
import type { ReplayProgress } from '../runner/projection-runner.ts';

export const REPLAY_QUEUE = 'replay';
export const REPLAY_JOB = 'rebuild';
export const REPLAY_PROGRESS_EVENT = 'replay:progress';
/** At most this often a progress report is written to the job and pushed (the final one always is). */
const PROGRESS_INTERVAL_MS = 250;

export interface ReplayJobData {
  projection: string;
}

/** What the processor needs of the runner (ProjectionRunner satisfies it). */
export interface Rebuilder {
  rebuild(name: string, onProgress?: (progress: ReplayProgress) => void): Promise<void>;
}

export const knownProjections = (): string[] => projections.map((projection) => projection.name);

export function toJobProgress(progress: ReplayProgress): ReplayJobProgress {
  const total = Math.max(progress.total ?? progress.done, progress.done);
  return {
    percent: total === 0 ? 100 : Math.min(100, Math.round((progress.done / total) * 1000) / 10),
    done: progress.done,
    total,
    events_per_second: Math.round(progress.eventsPerSecond),
    eta_seconds: progress.etaSeconds === undefined ? null : Math.round(progress.etaSeconds * 10) / 10,
  };
}

export function replayProcessor(deps: { runner: Rebuilder; realtime: RealtimePublisher; logger?: Logger }) {
  return async (job: Job<ReplayJobData>): Promise<ReplayJobResult> => {
    const name = job.data?.projection;
    if (typeof name !== 'string' || !projectionByName(name)) {
      throw new UnrecoverableJobError(`Unknown projection "${String(name)}". Known: ${knownProjections().join(', ')}`);
    }
    const push = (state: string, body: Record<string, unknown>) =>
      deps.realtime.emit(ADMINS_ROOM, REPLAY_PROGRESS_EVENT, { id: job.id, projection: name, state, ...body });

    let last: ReplayJobProgress | undefined;
    let reportedAt = 0;
    let pending: Promise<void> = Promise.resolve();
    const report = (progress: ReplayJobProgress) => {
      last = progress;
      reportedAt = performance.now();
      push('active', progress);
      pending = pending.then(() => job.updateProgress(progress)).catch((error: unknown) => {
        deps.logger?.warn({ err: error, jobId: job.id }, 'replay progress update failed');
      });
    };

    const startedAt = performance.now();
    try {
      await deps.runner.rebuild(name, (progress) => {
        const now = performance.now();
        if (progress.done === 0 || now - reportedAt >= PROGRESS_INTERVAL_MS) report(toJobProgress(progress));
        else last = toJobProgress(progress);
      });
    } catch (error) {
      await pending;
      push('failed', { ...last, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const done = last?.done ?? 0;
    const final: ReplayJobProgress = { percent: 100, done, total: Math.max(done, last?.total ?? 0), events_per_second: last?.events_per_second ?? 0, eta_seconds: 0 };
    await pending;
    await job.updateProgress(final);
    push('completed', final);
    return { projection: name, events: done, seconds: Math.round(seconds * 1000) / 1000, events_per_second: Math.round(done / Math.max(seconds, 1e-6)) };
  };
}

/** Registers the replay processor (one rebuild at a time). Call it where the ProjectionRunner runs. */
export function startReplayProcessor(deps: {
  jobQueue: JobQueue;
  runner: Rebuilder;
  realtime: RealtimePublisher;
  logger?: Logger;
}): WorkerHandle {
  return deps.jobQueue.process(REPLAY_QUEUE, replayProcessor(deps), { concurrency: 1 });
}
