import { api } from '@/lib/api-client';
import type { Schedule } from './get-schedules';

/** DELETE /schedules/{id}: cancels one that has not run; answers it as it is now. */
export function cancelSchedule(id: string): Promise<Schedule> {
  return api.delete<Schedule>(`/schedules/${encodeURIComponent(id)}`);
}
