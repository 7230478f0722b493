import { api, type Page, type PageRequest } from '@/lib/api-client';

export type ScheduleStatus = 'scheduled' | 'running' | 'done' | 'failed' | 'cancelled';

/** A scheduled share or release, as /schedules answers it. */
export type Schedule = {
  id: string;
  kind: 'share' | 'release';
  content_id: string;
  content_title: string;
  contact_ids: string[];
  run_at: string;
  status: ScheduleStatus;
  reason: string | null;
  reached: number;
  scheduled_at: string;
  finished_at: string | null;
};

/** The Scheduled list in the query cache: an outcome push invalidates it. */
export const SCHEDULES_KEY = ['schedules'] as const;

/** GET /schedules: the caller's own, waiting ones first (soonest first), then finished ones (latest first). */
export function getSchedules(page: PageRequest = {}, signal?: AbortSignal): Promise<Page<Schedule>> {
  return api.getPage<Schedule>('/schedules', page, { signal });
}
