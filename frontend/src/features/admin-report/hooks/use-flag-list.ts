import { useCallback, useEffect, useRef } from 'react';
import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import { queryClient } from '@/lib/query/query-client';
import { updatePagedList, usePagedList, type FetchPage } from '@/lib/query/use-paged-list';
import { toast } from '@/lib/toast';
import { getFlags } from '../api/get-flags';
import { ADMIN_REPORT_MESSAGES } from '../messages';
import { flagFeed, type FlagFeedEvent } from '../realtime/flag-feed';
import { addFlag, applyFlagUpdate } from '../utils/flag-list';

type Change = (flags: readonly FlagDto[]) => FlagDto[];

export type FlagListStatus = 'loading' | 'ready' | 'error';

const FLAGS_KEY = ['admin', 'flags'] as const;

/** The first-page reads under way: a change made meanwhile is applied now AND over their answer, so none is lost. */
const readsInFlight = new Set<Change[]>();

/** A change the flags' count follows: a created flag adds one, a deleted one (or content) removes its flags. */
const withTotal = (change: Change) => ({ items, total }: { items: FlagDto[]; total: number }) => {
  const flags = change(items);
  return { items: flags, total: Math.max(0, total + flags.length - items.length) };
};

const fetchFlags: FetchPage<FlagDto> = async (cursor, signal) => {
  const queued: Change[] = [];
  if (cursor.offset === 0) readsInFlight.add(queued);
  try {
    const page = await getFlags(cursor, signal);
    if (!Array.isArray(page.items)) throw new Error(ADMIN_REPORT_MESSAGES.fetchFailed);
    return queued.reduce((current, change) => withTotal(change)(current), page);
  } catch (error) {
    // A quiet reload keeps the list on screen; the toast says it may be stale.
    if (cursor.offset === 0 && !signal.aborted && queryClient.getQueryData(FLAGS_KEY)) {
      toast.error(ADMIN_REPORT_MESSAGES.fetchFailed, { toastId: 'admin-flags-fetch' });
    }
    throw error;
  } finally {
    readsInFlight.delete(queued);
  }
};

function changeFlags(change: Change): void {
  for (const queued of readsInFlight) queued.push(change);
  updatePagedList<FlagDto>(FLAGS_KEY, withTotal(change));
}

/**
 * The admin report's flag list: the first page of GET /flags/ on mount, further pages on "Load more", kept
 * live by the `flag:created` and `flag:updated` pushes (including other admins' changes); a reconnect
 * reloads as many as are listed, quietly.
 */
export function useFlagList(options: { onPushedFlag?: (flag: FlagDto) => void } = {}) {
  const list = usePagedList(FLAGS_KEY, fetchFlags);
  const onPushedFlagRef = useRef(options.onPushedFlag);
  onPushedFlagRef.current = options.onPushedFlag;

  useEffect(
    () =>
      flagFeed.subscribe((event: FlagFeedEvent) => {
        if (event.type === 'resync') {
          void queryClient.invalidateQueries({ queryKey: FLAGS_KEY });
        } else if (event.type === 'created') {
          changeFlags((flags) => addFlag(flags, event.flag));
          onPushedFlagRef.current?.(event.flag);
        } else {
          changeFlags((flags) => applyFlagUpdate(flags, event.update));
        }
      }),
    [],
  );

  // Pushes prepend and deletions remove on both sides alike, so the listed count is the next offset.
  const { loadMore: loadNextPage } = list;
  const loadMore = useCallback(() => {
    loadNextPage().catch(() => toast.error(ADMIN_REPORT_MESSAGES.fetchFailed, { toastId: 'admin-flags-fetch' }));
  }, [loadNextPage]);

  return { status: list.status, flags: list.items, total: list.total, loadingMore: list.loadingMore, loadMore, change: changeFlags, retry: list.reload };
}
