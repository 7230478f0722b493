import { OVERLAP_PAGE_DEFAULT } from '@crossfeed/domain/rules/audience-insights.ts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePagedList, type FetchPage } from '@/lib/query/use-paged-list';
import { getAudienceOverlap, type AudienceOverlap } from '../api/get-audience-overlap';
import { OVERLAP_FETCH_FAILED } from '../messages';

export type OverlapState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** The server refused (Free, or Premium ended since the session was loaded). */
  | { status: 'forbidden'; message: string }
  | { status: 'ready'; items: AudienceOverlap[]; total: number; loadingMore: boolean; moreError: string | null };

const OVERLAP_KEY = ['audience-overlap'] as const;

/** A partner is listed once, even when the list moved between pages: its id is the partner's. */
const fetchOverlap: FetchPage<AudienceOverlap & { id: string }> = async (cursor, signal) => {
  const page = await getAudienceOverlap(cursor, signal);
  if (!Array.isArray(page.items)) throw new Error(OVERLAP_FETCH_FAILED);
  return { ...page, items: page.items.map((item) => ({ ...item, id: item.partner_id })) };
};

/** The caller's partners and overlaps, a small page at a time (each partner costs the server one comparison). */
export function useAudienceOverlap(enabled: boolean) {
  const list = usePagedList(OVERLAP_KEY, fetchOverlap, { enabled, pageSize: OVERLAP_PAGE_DEFAULT });
  let state: OverlapState;
  if (list.status === 'loading') state = { status: 'loading' };
  else if (list.status === 'error') {
    const message = errorMessage(list.error, OVERLAP_FETCH_FAILED);
    state = list.error instanceof ApiError && list.error.status === 403 ? { status: 'forbidden', message } : { status: 'error', message };
  } else {
    const moreError = list.loadMoreFailed && !list.loadingMore ? errorMessage(list.error, OVERLAP_FETCH_FAILED) : null;
    state = { status: 'ready', items: list.items, total: list.total, loadingMore: list.loadingMore, moreError };
  }
  // A failed next page shows its error under the list (moreError) instead of a toast.
  return { state, reload: list.reload, loadMore: () => void list.loadMore().catch(() => undefined) };
}
