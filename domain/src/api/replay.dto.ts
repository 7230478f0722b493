/**
 * The read-model replay (admins): POST /admin/replay starts one, GET /admin/replay/{id} reports its job,
 * and `replay:progress` pushes its progress (projections/src/replay/replay.processor.ts). One shape for
 * the server and the UI.
 */

/** A job's state (the platform's JobState). */
export type ReplayJobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed' | 'unknown';

/** The progress a replay reports, on its job and in `replay:progress`. */
export interface ReplayJobProgress {
  [key: string]: unknown;
  percent: number;
  done: number;
  total: number;
  events_per_second: number;
  eta_seconds: number | null;
}

/** What a completed replay returns. */
export interface ReplayJobResult {
  projection: string;
  events: number;
  seconds: number;
  events_per_second: number;
}

/** GET /admin/replay/{id}: `progress` is a number (0) until the first report; `result` once completed, `error` once failed. */
export interface ReplayJobDto {
  id: string;
  projection: string;
  state: ReplayJobState;
  progress: number | ReplayJobProgress;
  result?: ReplayJobResult;
  error?: string;
}
