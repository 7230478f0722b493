import { api, type Page, type PageRequest } from '@/lib/api-client';

/** Whether a share of this content can reach the contact now (docs/exchange.md). */
export type ShareTargetState = 'available' | 'already_shared' | 'daily_limit';
export type ShareTarget = { id: string; name: string; email: string; state: ShareTargetState };

/** GET /content/{id}/share-targets: the user's contacts (in the order of GET /contacts/) and whether each can be reached. */
export function getShareTargets(contentId: string, page: PageRequest = {}, signal?: AbortSignal): Promise<Page<ShareTarget>> {
  return api.getPage<ShareTarget>(`/content/${encodeURIComponent(contentId)}/share-targets`, page, { signal });
}
