/**
 * The read-model replay (admins): POST /admin/replay starts one, GET /admin/replay/{id} reports its job,
 * and `replay:progress` pushes its progress (projections/src/replay/replay.processor.ts). One shape for
 * the server and the UI; the zod schemas describe it in the OpenAPI document (the types are derived from them).
 */
import { z } from 'zod';

/** A job's state (the platform's JobState). */
export const ReplayJobStateSchema = z.enum(['waiting', 'delayed', 'active', 'completed', 'failed', 'unknown']);
export type ReplayJobState = z.infer<typeof ReplayJobStateSchema>;

/** The progress a replay reports, on its job and in `replay:progress`. */
export const ReplayJobProgressSchema = z
  .object({
    percent: z.number(),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    events_per_second: z.number(),
    eta_seconds: z.number().nullable(),
  })
  .catchall(z.unknown());
export type ReplayJobProgress = z.infer<typeof ReplayJobProgressSchema>;

/** What a completed replay returns. */
export const ReplayJobResultSchema = z.object({
  projection: z.string(),
  events: z.number().int().min(0),
  seconds: z.number(),
  events_per_second: z.number(),
});
export type ReplayJobResult = z.infer<typeof ReplayJobResultSchema>;

/** POST /admin/replay: the replay job started. */
export const ReplayStartedDtoSchema = z.object({ id: z.string().describe('The replay job, read with GET /admin/replay/{id}.') });
export type ReplayStartedDto = z.infer<typeof ReplayStartedDtoSchema>;

/** GET /admin/replay/{id}: `progress` is a number (0) until the first report; `result` once completed, `error` once failed. */
export const ReplayJobDtoSchema = z.object({
  id: z.string(),
  projection: z.string(),
  state: ReplayJobStateSchema,
  progress: z.union([z.number(), ReplayJobProgressSchema]).describe('A number (0) until the first report.'),
  result: ReplayJobResultSchema.optional().describe('Once completed.'),
  error: z.string().optional().describe('Once failed: why.'),
}).meta({ id: 'ReplayJob' });
export type ReplayJobDto = z.infer<typeof ReplayJobDtoSchema>;
