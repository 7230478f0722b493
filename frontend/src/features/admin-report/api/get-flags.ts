import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api } from '@/lib/api-client';

/** GET /flags/ (admins): every open flag, newest first, with the content's current fields. */
export function getFlags(signal?: AbortSignal): Promise<FlagDto[]> {
  return api.get<FlagDto[]>('/flags/', { signal });
}
