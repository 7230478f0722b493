import type { ReplayJobDto } from '@crossfeed/domain/api/replay.dto.ts';
import { api } from '@/lib/api-client';

/** GET /admin/replay/{id} (admins): the replay job's state and progress; 404 when unknown. */
export function getReplay(id: string, signal?: AbortSignal): Promise<ReplayJobDto> {
  return api.get<ReplayJobDto>(`/admin/replay/${encodeURIComponent(id)}`, { signal });
}
