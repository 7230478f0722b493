import type { ScheduleDoc } from '@crossfeed/projections/schedules/schedules.projection.ts';

/** A scheduled action as GET /schedules, POST /schedules and DELETE /schedules/{id} answer it. */
export interface ScheduleDto {
  id: string;
  kind: ScheduleDoc['kind'];
  content_id: string;
  content_title: string;
  contact_ids: string[];
  run_at: string;
  status: ScheduleDoc['status'];
  /** Why it failed, else null. */
  reason: string | null;
  /** Contacts a share reached. */
  reached: number;
  scheduled_at: string;
  finished_at: string | null;
}

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
