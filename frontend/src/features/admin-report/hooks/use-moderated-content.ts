import { useCallback, useEffect } from 'react';
import type { ModeratedItemDto } from '@crossfeed/domain/api/flags.dto.ts';
import type { ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { queryClient } from '@/lib/query/query-client';
import { updatePagedList, usePagedList } from '@/lib/query/use-paged-list';
import { toast } from '@/lib/toast';
import { getModeratedContent } from '../api/get-moderated-content';
import { ADMIN_REPORT_MESSAGES } from '../messages';
import { flagFeed } from '../realtime/flag-feed';

export type ModeratedListStatus = 'loading' | 'ready' | 'error';

const MODERATED_KEY = ['admin', 'moderated-content'] as const;

/**
 * The "Moderated content" view's list: the first page of GET /admin/content for the chosen status, further
 * pages on "Load more"; a pushed moderation change updates the listed item, a reconnect reloads.
 */
export function useModeratedContent(filter: ModerationStatus | null) {
  const queryKey = [...MODERATED_KEY, filter];
  const list = usePagedList(queryKey, (cursor, signal) => getModeratedContent(filter, cursor, signal));

  const { loadMore: loadNextPage } = list;
  const loadMore = useCallback(() => {
    loadNextPage().catch(() => toast.error(ADMIN_REPORT_MESSAGES.moderatedFetchFailed, { toastId: 'admin-moderated-fetch' }));
  }, [loadNextPage]);

  /** Applies a change to one listed item (after the admin's own status change). */
  const update = useCallback(
    (id: string, change: Partial<ModeratedItemDto>) =>
      updatePagedList<ModeratedItemDto>([...MODERATED_KEY, filter], (page) => ({
        ...page,
        items: page.items.map((item) => (item.id === id ? { ...item, ...change } : item)),
      })),
    [filter],
  );

  useEffect(
    () =>
      flagFeed.subscribe((event) => {
        if (event.type === 'resync') void queryClient.resetQueries({ queryKey: MODERATED_KEY });
        else if (event.type === 'updated' && event.update.status !== undefined) update(event.update.content_id, { status: event.update.status });
        else if (event.type === 'updated' && event.update.deleted && !event.update.flag_id) update(event.update.content_id, { status: 'deleted', removed: true });
      }),
    [update],
  );

  return { status: list.status, items: list.items, total: list.total, loadingMore: list.loadingMore, loadMore, update, retry: list.reload };
}
