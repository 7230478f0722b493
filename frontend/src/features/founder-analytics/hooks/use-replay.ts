import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import type { ReplayProgressPush } from '@crossfeed/domain/api/realtime-events.ts';
import type { ReplayJobDto, ReplayJobProgress } from '@crossfeed/domain/api/replay.dto.ts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { getReplay } from '../api/get-replay';
import { ANALYTICS_PROJECTION, startReplay } from '../api/start-replay';
import { ANALYTICS_MESSAGES, replayFailed } from '../messages';
import { replayFeed } from '../realtime/replay-feed';
import { clearReplayId, readReplayId, storeReplayId } from '../utils/replay-storage';

/** The progress on screen: a push or the job may not have every figure yet. */
export type ReplayProgress = Partial<ReplayJobProgress>;

type Shown = { id: string | null; projection: string; progress: ReplayProgress | null };

export type ReplayView =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | ({ phase: 'running' } & Shown)
  | ({ phase: 'completed' } & Shown)
  | ({ phase: 'failed'; error: string } & Shown);

/** While a replay runs, its job is also read this often, in case pushes are not arriving. */
export const REPLAY_POLL_MS = 5000;

const RUNNING_STATES = new Set(['waiting', 'delayed', 'active']);

function progressOfPush(push: ReplayProgressPush): ReplayProgress {
  return { percent: push.percent, done: push.done, total: push.total, events_per_second: push.events_per_second, eta_seconds: push.eta_seconds };
}

function progressOfJob(job: ReplayJobDto): ReplayProgress | null {
  if (typeof job.progress === 'number') return { percent: job.progress };
  if (job.progress && typeof job.progress === 'object') return job.progress;
  return null;
}

/**
 * The replay of the analytics read model: POST /admin/replay starts it, `replay:progress` pushes move
 * the bar (a replay another admin started shows too), and GET /admin/replay/{id} recovers a replay that
 * was running when the page opened or while the socket was away. `onCompleted` runs once per completion.
 */
export function useReplay({ onCompleted }: { onCompleted: () => void }) {
  const [view, setViewState] = useState<ReplayView>({ phase: 'idle' });
  const [startError, setStartError] = useState<string | null>(null);
  const viewRef = useRef<ReplayView>(view);
  const onCompletedRef = useRef(onCompleted);
  onCompletedRef.current = onCompleted;
  /** The last push per job id, so a push that beats the POST's answer is not lost. */
  const latestPush = useRef(new Map<string, ReplayProgressPush>());
  /** Jobs already shown as finished: a late push for one of them changes nothing. */
  const finished = useRef(new Set<string>());

  const setView = useCallback((next: ReplayView) => {
    viewRef.current = next;
    setViewState(next);
  }, []);

  const finish = useCallback(
    (next: Extract<ReplayView, { phase: 'completed' | 'failed' }>) => {
      if (next.id) {
        finished.current.add(next.id);
        latestPush.current.delete(next.id);
      }
      clearReplayId();
      setView(next);
      if (next.phase === 'completed') {
        toast.success(ANALYTICS_MESSAGES.replayCompleted, { toastId: `replay-completed-${next.id ?? ''}` });
        onCompletedRef.current();
      } else {
        toast.error(replayFailed(next.error), { toastId: `replay-failed-${next.id ?? ''}` });
      }
    },
    [setView],
  );

  const applyPush = useCallback(
    (push: ReplayProgressPush) => {
      const id = push.id ?? null;
      if (id && finished.current.has(id)) return;
      const current = viewRef.current;
      if (current.phase === 'starting') return; // kept in latestPush; applied once the POST names the job
      if (current.phase === 'running') {
        if (current.id && id && id !== current.id) return; // the queue runs one replay at a time: not ours yet
      } else if (push.state !== 'active') {
        return; // the end of a replay this page never showed running
      }
      const shown: Shown = { id: id ?? (current.phase === 'running' ? current.id : null), projection: push.projection, progress: progressOfPush(push) };
      if (push.state === 'active') setView({ phase: 'running', ...shown });
      else if (push.state === 'completed') finish({ phase: 'completed', ...shown });
      else finish({ phase: 'failed', ...shown, error: push.error ?? 'Unknown error' });
    },
    [finish, setView],
  );

  const applyJob = useCallback(
    (job: ReplayJobDto, { adopt }: { adopt: boolean }) => {
      if (finished.current.has(job.id)) return;
      const current = viewRef.current;
      const ours = current.phase === 'running' && (current.id === null || current.id === job.id);
      const progress = progressOfJob(job);
      const shown: Shown = { id: job.id, projection: job.projection, progress: progress ?? (current.phase === 'running' ? current.progress : null) };
      if (RUNNING_STATES.has(job.state)) {
        if (ours || (adopt && current.phase === 'idle')) setView({ phase: 'running', ...shown });
      } else if (job.state === 'completed') {
        if (ours) finish({ phase: 'completed', ...shown });
        else clearReplayId();
      } else if (job.state === 'failed') {
        if (ours) finish({ phase: 'failed', ...shown, error: job.error ?? 'Unknown error' });
        else clearReplayId();
      }
    },
    [finish, setView],
  );

  const check = useCallback(
    (id: string, adopt: boolean, signal?: AbortSignal) => {
      getReplay(id, signal).then(
        (job) => {
          if (!signal?.aborted && job && typeof job === 'object') applyJob(job, { adopt });
        },
        (error: unknown) => {
          // An unknown job (a restart emptied the in-process queue) is no longer running.
          if (error instanceof ApiError && error.status === 404) clearReplayId();
        },
      );
    },
    [applyJob],
  );

  // A replay this browser started may still be running: show it.
  useEffect(() => {
    const id = readReplayId();
    if (!id) return;
    const controller = new AbortController();
    check(id, true, controller.signal);
    return () => controller.abort();
  }, [check]);

  useEffect(
    () =>
      replayFeed.subscribe((event) => {
        if (event.type === 'progress') {
          if (event.progress.id) latestPush.current.set(event.progress.id, event.progress);
          applyPush(event.progress);
          return;
        }
        const current = viewRef.current;
        if (current.phase === 'running' && current.id) check(current.id, false);
      }),
    [applyPush, check],
  );

  // The safety net for lost pushes, only while a replay is shown running.
  const runningId = view.phase === 'running' ? view.id : null;
  useEffect(() => {
    if (!runningId) return;
    const timer = setInterval(() => check(runningId, false), REPLAY_POLL_MS);
    return () => clearInterval(timer);
  }, [runningId, check]);

  const start = useCallback(async () => {
    const current = viewRef.current;
    if (current.phase === 'starting' || current.phase === 'running') return;
    setStartError(null);
    setView({ phase: 'starting' });
    try {
      const { id } = await startReplay(ANALYTICS_PROJECTION);
      storeReplayId(id);
      setView({ phase: 'running', id, projection: ANALYTICS_PROJECTION, progress: null });
      const early = latestPush.current.get(id);
      if (early) applyPush(early);
    } catch (error) {
      const message = errorMessage(error, ANALYTICS_MESSAGES.replayStartFailed);
      setView({ phase: 'idle' });
      setStartError(message);
      toast.error(message, { toastId: 'replay-start-failed' });
    }
  }, [applyPush, setView]);

  return { view, startError, start, busy: view.phase === 'starting' || view.phase === 'running' };
}
