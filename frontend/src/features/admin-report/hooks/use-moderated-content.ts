import { useCallback } from 'react';
import type { ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { usePagedList } from '@/lib/query/use-paged-list';
import { toast } from '@/lib/toast';
import { getModeratedContent } from '../api/get-moderated-content';
import { ADMIN_REPORT_MESSAGES } from '../messages';
import { changeModeratedItem, MODERATED_KEY } from '../api/flags-cache';

export type ModeratedListStatus = 'loading' | 'ready' | 'error';

/**
 * The "Moderated content" view's list: the first page of GET /admin/content for the chosen status, further
 * pages on "Load more"; a pushed moderation change updates the listed item and a reconnect reloads
 * (api/flags-cache.ts).
 */
export function useModeratedContent(filter: ModerationStatus | null) {
  const queryKey = [...MODERATED_KEY, filter];
  const list = usePagedList(queryKey, (cursor, signal) => getModeratedContent(filter, cursor, signal));

  const { loadMore: loadNextPage } = list;
  const loadMore = useCallback(() => {
    loadNextPage().catch(() => toast.error(ADMIN_REPORT_MESSAGES.moderatedFetchFailed, { toastId: 'admin-moderated-fetch' }));
  }, [loadNextPage]);

  return { status: list.status, items: list.items, total: list.total, loadingMore: list.loadingMore, loadMore, update: changeModeratedItem, retry: list.reload };
}
