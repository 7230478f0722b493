import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api, type Page, type PageRequest } from '@/lib/api-client';

/** GET /flags/ (admins): one page of the open flags, newest first, with the content's current fields. */
export function getFlags(page: PageRequest = {}, signal?: AbortSignal): Promise<Page<FlagDto>> {
  return api.getPage<FlagDto>('/flags/', page, { signal });
}
