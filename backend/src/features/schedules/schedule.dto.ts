import { z } from 'zod';
import type { ScheduleDoc } from '@crossfeed/projections/schedules/schedules.projection.ts';

/**
 * A scheduled action as GET /schedules, POST /schedules and DELETE /schedules/{id} answer it. The zod schema
 * describes it in the OpenAPI document (issue 26); the type is derived from it and checked against the read
 * model's kinds and statuses, so none can drift.
 */
export const ScheduleDtoSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['share', 'release']).describe('A share of matched content to contacts, or the release of an own queued item.'),
    content_id: z.string(),
    content_title: z.string(),
    contact_ids: z.array(z.string()),
    run_at: z.string().describe('When it runs (ISO 8601, UTC).'),
    status: z.enum(['scheduled', 'running', 'done', 'failed', 'cancelled']),
    reason: z.string().nullable().describe('Why it failed, else null.'),
    reached: z.number().int().describe('Contacts a share reached.'),
    scheduled_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Schedule' }) satisfies z.ZodType<Pick<ScheduleDoc, 'kind' | 'status'>>;
export type ScheduleDto = z.infer<typeof ScheduleDtoSchema>;

export const toScheduleDto = (doc: ScheduleDoc): ScheduleDto => ({
  id: doc._id,
  kind: doc.kind,
  content_id: doc.content_id,
  content_title: doc.content_title,
  contact_ids: doc.contact_ids,
  run_at: doc.run_at,
  status: doc.status,
  reason: doc.reason,
  reached: doc.reached,
  scheduled_at: doc.scheduled_at,
  finished_at: doc.finished_at,
});
