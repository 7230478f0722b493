import { Router } from 'express';
import { z } from 'zod';
import { knownProjections, REPLAY_JOB, REPLAY_QUEUE, type ReplayJobData } from '@crossfeed/projections/replay/replay.processor.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { requireAdmin, requireAuth } from '../../auth/require-auth.ts';
import { HttpError } from '../../http/http-error.ts';
import { IsoDay, resolveDayRange } from '../../http/day-range.ts';
import { parseInput } from '../../http/validate.ts';
import { analyticsSeries } from './analytics-series.ts';
import { moderatedContentRoutes } from './moderated-content.routes.ts';
import { queueDashboard } from './queue-dashboard.ts';

/** The longest range one analytics request may cover (two years of days). */
export const MAX_ANALYTICS_DAYS = 731;
export const DEFAULT_ANALYTICS_DAYS = 30;

export const AnalyticsQuery = z.strictObject({
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  bucket: z.enum(['day', 'week', 'month'], { error: 'must be day, week or month.' }).optional(),
});

export const ReplayInput = z.strictObject({ projection: z.string({ error: 'is required.' }).trim().min(1, 'is required.') });

/** Job ids are uuids (or BullMQ-style ids): anything else cannot name a replay job. */
const JOB_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Admin-only routes of the founder: analytics (`GET /admin/analytics`), read-model replay
 * (`POST /admin/replay`, `GET /admin/replay/{id}`), the queue dashboard (`/admin/queues`) and the moderated
 * content of the admin report (`/admin/content`, moderated-content.routes.ts).
 *
 * `GET /admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD&bucket=day|week|month` (default: the last 30 days by
 * day; at most 731 days): one point per UTC day, per Monday-started week (labelled by its Monday) or per
 * calendar month (labelled by its 1st), zero-filled, a period cut by `from`/`to` counting only its days in
 * the range. Fully past weeks and months come from the `analytics-rollup` worker's roll-ups when present,
 * the rest (the current period included) is computed live from the daily counters: the same numbers.
 */
export function adminRoutes(ctx: ApiContext): Router {
  const router = Router();
  const admin = [requireAuth(ctx), requireAdmin];

  router.get('/admin/analytics', ...admin, async (req, res) => {
    const query = parseInput(AnalyticsQuery, { ...req.query });
    const today = ctx.clock().toISOString().slice(0, 10);
    const { from, to } = resolveDayRange(query, today, { defaultDays: DEFAULT_ANALYTICS_DAYS, maxDays: MAX_ANALYTICS_DAYS });
    const bucket = query.bucket ?? 'day';
    res.json(await analyticsSeries(ctx.readStore, { bucket, from, to }, today));
  });

  router.post('/admin/replay', ...admin, async (req, res) => {
    const { projection } = parseInput(ReplayInput, req.body ?? {});
    const known = knownProjections();
    if (!known.includes(projection)) throw new HttpError(400, `Unknown projection "${projection}". Known: ${known.join(', ')}.`);
    const data: ReplayJobData = { projection };
    const id = await ctx.jobQueue.add(REPLAY_QUEUE, REPLAY_JOB, data, { jobId: ctx.newId(), attempts: 1 });
    res.status(202).json({ id });
  });

  router.get('/admin/replay/:id', ...admin, async (req, res) => {
    const id = String(req.params.id);
    const job = JOB_ID.test(id) ? await ctx.jobQueue.getJob<ReplayJobData>(REPLAY_QUEUE, id) : null;
    if (!job || job.name !== REPLAY_JOB) throw new HttpError(404, 'Replay job not found.');
    const body: Record<string, unknown> = {
      id: job.id,
      projection: job.data.projection,
      state: job.state,
      progress: job.progress,
    };
    if (job.returnValue !== undefined) body.result = job.returnValue;
    if (job.failedReason) body.error = job.failedReason;
    res.json(body);
  });

  router.use(queueDashboard(ctx));
  router.use(moderatedContentRoutes(ctx));
  return router;
}
