import { api } from '@/lib/api-client';
import type { ReplayJob } from '../types';

/** GET /admin/replay/{id} (admins): the replay job's state and progress; 404 when unknown. */
export function getReplay(id: string, signal?: AbortSignal): Promise<ReplayJob> {
  return api.get<ReplayJob>(`/admin/replay/${encodeURIComponent(id)}`, { signal });
}
