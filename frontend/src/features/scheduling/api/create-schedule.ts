import { api } from '@/lib/api-client';
import type { Schedule } from './get-schedules';

export type NewSchedule =
  | { kind: 'share'; content_id: string; contact_ids: readonly string[]; run_at: string }
  | { kind: 'release'; content_id: string; run_at: string };

/** POST /schedules (Premium; a Free user gets 403 with the upgrade message). `run_at` is an ISO time. */
export function createSchedule(schedule: NewSchedule): Promise<Schedule> {
  return api.post<Schedule>('/schedules', schedule);
}
