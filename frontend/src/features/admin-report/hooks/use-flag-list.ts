import { useCallback, useEffect, useRef } from 'react';
import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import { queryClient } from '@/lib/query/query-client';
import { usePagedList, type FetchPage } from '@/lib/query/use-paged-list';
import { toast } from '@/lib/toast';
import { getFlags } from '../api/get-flags';
import { ADMIN_REPORT_MESSAGES } from '../messages';
import { changeFlags, FLAGS_KEY, readFlagsPage } from '../api/flags-cache';
import { flagArrivals } from '../realtime/flag-arrivals';

const fetchFlags: FetchPage<FlagDto> = async (cursor, signal) => {
  try {
    return await readFlagsPage(cursor.offset === 0, async () => {
      const page = await getFlags(cursor, signal);
      if (!Array.isArray(page.items)) throw new Error(ADMIN_REPORT_MESSAGES.fetchFailed);
      return page;
    });
  } catch (error) {
    // A quiet reload keeps the list on screen; the toast says it may be stale.
    if (cursor.offset === 0 && !signal.aborted && queryClient.getQueryData(FLAGS_KEY)) {
      toast.error(ADMIN_REPORT_MESSAGES.fetchFailed, { toastId: 'admin-flags-fetch' });
    }
    throw error;
  }
};

/**
 * The admin report's flag list: the first page of GET /flags/ on mount, further pages on "Load more", kept
 * live by the `flag:created` and `flag:updated` pushes (including other admins' changes, api/flags-cache.ts);
 * a reconnect reloads as many as are listed, quietly.
 */
export function useFlagList(options: { onPushedFlag?: (flag: FlagDto) => void } = {}) {
  const list = usePagedList(FLAGS_KEY, fetchFlags);
  const onPushedFlagRef = useRef(options.onPushedFlag);
  onPushedFlagRef.current = options.onPushedFlag;

  // The pushes write the list (realtime/register-flag-handlers.ts); a new one is also announced here.
  useEffect(() => flagArrivals.subscribe((flag) => onPushedFlagRef.current?.(flag)), []);

  // Pushes prepend and deletions remove on both sides alike, so the listed count is the next offset.
  const { loadMore: loadNextPage } = list;
  const loadMore = useCallback(() => {
    loadNextPage().catch(() => toast.error(ADMIN_REPORT_MESSAGES.fetchFailed, { toastId: 'admin-flags-fetch' }));
  }, [loadNextPage]);

  return { status: list.status, flags: list.items, total: list.total, loadingMore: list.loadingMore, loadMore, change: changeFlags, retry: list.reload };
}
