import type { ModeratedItemDto } from '@crossfeed/domain/api/flags.dto.ts';
import type { ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { api, type Page, type PageRequest } from '@/lib/api-client';

/** GET /admin/content (admins): one page of moderated content, most recently changed first, optionally of one status. */
export function getModeratedContent(status: ModerationStatus | null, page: PageRequest = {}, signal?: AbortSignal): Promise<Page<ModeratedItemDto>> {
  return api.getPage<ModeratedItemDto>('/admin/content', page, { signal, query: status ? { status } : undefined });
}
