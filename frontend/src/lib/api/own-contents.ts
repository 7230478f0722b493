import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { api, type Page } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { updatePagedList, usePagedList, type FetchPage } from '@/lib/query/use-paged-list';
import { toast } from '@/lib/toast';

/** SPEC texts of the own contents' list. */
export const OWN_CONTENTS_FETCH_FAILED = 'Failed to fetch your contents.';

/**
 * The signed-in user's own contents in the query cache: the workspace's step 2, Manage Content and the
 * content analytics read it; adding, editing, deleting and the content pushes change it through this key.
 */
export const OWN_CONTENTS_KEY = ['own-contents'] as const;

/** A list answer is usable when it is an array of objects carrying an id and a title. */
export function isContentList(value: unknown): value is ContentDto[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) => item !== null && typeof item === 'object' && typeof (item as ContentDto).id === 'string' && typeof (item as ContentDto).title === 'string',
    )
  );
}

/** The first page's answer is not a list of contents: the list says so instead of showing it. */
class InvalidContentList extends Error {}

/**
 * GET /content/: one page of the own contents, newest first, with how many there are. A malformed next
 * page adds nothing; a failed refresh keeps the list shown and toasts.
 */
const fetchOwnContents: FetchPage<ContentDto> = async (cursor, signal) => {
  try {
    const page = await api.getPage<unknown>('/content/', cursor, { signal });
    if (isContentList(page.items)) return page as Page<ContentDto>;
    if (cursor.offset === 0) throw new InvalidContentList();
    return { items: [], total: cursor.offset };
  } catch (error) {
    if (cursor.offset === 0 && !signal.aborted && !(error instanceof InvalidContentList) && queryClient.getQueryData(OWN_CONTENTS_KEY)) {
      toast.error(OWN_CONTENTS_FETCH_FAILED, { toastId: 'own-contents-refresh-failed' });
    }
    throw error;
  }
};

/** The own contents' load state, as the lists show it ('invalid': the answer was not a list of contents). */
export type OwnContentsStatus = 'loading' | 'ready' | 'error' | 'invalid';

/** The own contents, paged ("Load more" toasts its failure and keeps the list). */
export function useOwnContents({ enabled = true } = {}) {
  const list = usePagedList(OWN_CONTENTS_KEY, fetchOwnContents, { enabled });
  const status: OwnContentsStatus = list.status === 'error' && list.error instanceof InvalidContentList ? 'invalid' : list.status;
  return {
    status,
    contents: list.items,
    total: list.total,
    loadingMore: list.loadingMore,
    loadMore: () => list.loadMore().catch(() => void toast.error(OWN_CONTENTS_FETCH_FAILED, { toastId: 'own-contents-more-failed' })),
    retry: list.reload,
  };
}

/**
 * Asks again for the own contents shown (quietly), wherever they are listed. After a change a read already
 * under way is stale and replaced; `{ joinRunning: true }` (a list opening) takes a running read as it is.
 */
export function refreshOwnContents({ joinRunning = false } = {}): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: OWN_CONTENTS_KEY }, { cancelRefetch: !joinRunning });
}

/** An own content as it is now (an answer or a push), in place wherever it is listed. */
export function replaceOwnContent(content: ContentDto): void {
  updatePagedList<ContentDto>(OWN_CONTENTS_KEY, (page) => ({ ...page, items: page.items.map((item) => (item.id === content.id ? content : item)) }));
}

/** Applies `change` to every listed own content. */
export function updateOwnContents(change: (content: ContentDto) => ContentDto): void {
  updatePagedList<ContentDto>(OWN_CONTENTS_KEY, (page) => ({ ...page, items: page.items.map(change) }));
}

/** An own content deleted or removed: out of the list, and out of its total. */
export function forgetOwnContent(contentId: string): void {
  updatePagedList<ContentDto>(OWN_CONTENTS_KEY, ({ items, total }) =>
    items.some((item) => item.id === contentId) ? { items: items.filter((item) => item.id !== contentId), total: Math.max(0, total - 1) } : { items, total },
  );
}
