import type { ShareSkipReason } from '@crossfeed/domain/rules/share-reasons.ts';
import { api, type Page, type PageRequest } from '@/lib/api-client';

/**
 * Whether a share of this content can reach the contact now (docs/exchange.md): `available`, or why a share
 * would skip them (the same reasons a share's answer names).
 */
export type ShareTargetState = 'available' | ShareSkipReason;
export type ShareTarget = { id: string; name: string; email: string; state: ShareTargetState };

/** GET /content/{id}/share-targets: the user's contacts (in the order of GET /contacts/) and whether each can be reached. */
export function getShareTargets(contentId: string, page: PageRequest = {}, signal?: AbortSignal): Promise<Page<ShareTarget>> {
  return api.getPage<ShareTarget>(`/content/${encodeURIComponent(contentId)}/share-targets`, page, { signal });
}
