import { api } from '@/lib/api-client';

/** The read model this page rebuilds: the `analytics` projection behind GET /admin/analytics. */
export const ANALYTICS_PROJECTION = 'analytics';

/** POST /admin/replay (admins) with { projection }: queues a rebuild; answers 202 with the job id. */
export function startReplay(projection: string = ANALYTICS_PROJECTION): Promise<{ id: string }> {
  return api.post<{ id: string }>('/admin/replay', { projection });
}
