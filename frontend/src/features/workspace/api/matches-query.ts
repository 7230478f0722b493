import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { toast } from '@/lib/toast';
import { WORKSPACE_MESSAGES } from '../messages';
import type { ContentDto, RemainingShuffles, ViewFilter } from '../types';
import { MATCHED_ITEMS, normalizeRemaining, remainingAfterShuffle, shuffleButtonState } from '../workspace-rules';
import { getMatchedContent } from './get-matched-content';
import { getRemainingShuffles } from './get-remaining-shuffles';
import { postShuffleMatches } from './shuffle-matches';

/**
 * Step 1's server state in the query cache (lib/query/README.md): the matched contents under each view
 * filter, and a Free user's shuffles left. The workspace slice keeps only the filter chosen.
 */
export const MATCHES_KEY = ['workspace', 'matches'] as const;
export const REMAINING_SHUFFLES_KEY = ['workspace', 'remaining-shuffles'] as const;
const matchesKey = (filter: ViewFilter) => [...MATCHES_KEY, filter] as const;

/** The list shown: at most `MATCHED_ITEMS`; `shuffled` when the creator asked for it (a push does not replace it). */
export type MatchList = { items: ContentDto[]; shuffled: boolean };

const toList = (items: unknown, shuffled: boolean): MatchList => ({
  items: (Array.isArray(items) ? (items as ContentDto[]) : []).slice(0, MATCHED_ITEMS),
  shuffled,
});

/**
 * GET /content/match under `filter`, fetched when the workspace shows it (and again under another filter or
 * plan); a failure shows the server's message and toasts. An answer for a filter left meanwhile is dropped.
 */
export function useMatchedContent(filter: ViewFilter, { enabled }: { enabled: boolean }) {
  const query = useQuery(
    {
      queryKey: matchesKey(filter),
      queryFn: async ({ signal }) => {
        try {
          return toList(await getMatchedContent(filter, signal), false);
        } catch (error) {
          if (!signal.aborted) toast.error(WORKSPACE_MESSAGES.matchedLoadToast, { toastId: 'matched-load-failed' });
          throw error;
        }
      },
      enabled,
    },
    queryClient,
  );
  return {
    items: query.data?.items ?? [],
    loading: query.data === undefined && !query.isError,
    error: query.data === undefined && query.isError ? errorMessage(query.error, WORKSPACE_MESSAGES.matchedFetchFailed) : null,
  };
}

/** The matched contents shown now (every filter's list in the cache), for a push to judge whether it concerns them. */
export function shownMatchLists(): MatchList[] {
  return queryClient
    .getQueriesData<MatchList>({ queryKey: MATCHES_KEY })
    .map(([, list]) => list)
    .filter((list): list is MatchList => list !== undefined);
}

/**
 * A `matches:changed` push: each list on screen is asked for again while it stays shown; a failure keeps it
 * and says nothing, and a list the creator shuffled (or one shuffled meanwhile) is kept as it is.
 */
export async function refreshMatchesQuietly(): Promise<void> {
  const lists = queryClient.getQueryCache().findAll({ queryKey: MATCHES_KEY });
  await Promise.all(
    lists.map(async (query) => {
      const shown = query.state.data as MatchList | undefined;
      if (shown === undefined || shown.shuffled) return;
      const filter = query.queryKey[2] as ViewFilter;
      const items = await getMatchedContent(filter).catch(() => null);
      if (items === null) return;
      queryClient.setQueryData<MatchList>(query.queryKey, (current) => (current === undefined || current.shuffled ? current : toList(items, false)));
    }),
  );
}

/** A share's answer: the shared content's count, wherever it is listed among the matches. */
export function setMatchShareCount(contentId: string, shareCount: number): void {
  queryClient.setQueriesData<MatchList>({ queryKey: MATCHES_KEY }, (list) =>
    list === undefined ? list : { ...list, items: list.items.map((item) => (item.id === contentId ? { ...item, share_count: shareCount } : item)) },
  );
}

/** A Free user's shuffles left (GET /content/shuffles/remaining); Premium is 'Unlimited' and asks nothing. */
export function useRemainingShuffles(isPremium: boolean, { enabled }: { enabled: boolean }): RemainingShuffles | null {
  const query = useQuery(
    {
      queryKey: REMAINING_SHUFFLES_KEY,
      queryFn: async ({ signal }) => {
        try {
          return normalizeRemaining((await getRemainingShuffles(signal))?.remaining_shuffles);
        } catch (error) {
          if (!signal.aborted) toast.error(WORKSPACE_MESSAGES.remainingFailed, { toastId: 'remaining-shuffles-failed' });
          throw error;
        }
      },
      enabled: enabled && !isPremium,
    },
    queryClient,
  );
  if (isPremium) return 'Unlimited';
  return query.data ?? null;
}

/**
 * The Shuffle button: a blocked Free user gets the upsell instead of a call; a shuffle replaces the list under
 * `filter` (kept until the creator asks for another), takes one from a Free user's count and toasts.
 */
export function useShuffleMatches({ filter, isPremium, onBlocked }: { filter: ViewFilter; isPremium: boolean; onBlocked: () => void }) {
  const mutation = useMutation(
    {
      // The filter the shuffle was asked under: its list gets the answer, even if another filter shows by then.
      mutationFn: async (shuffledFilter: ViewFilter) => {
        await queryClient.cancelQueries({ queryKey: matchesKey(shuffledFilter) });
        return postShuffleMatches();
      },
      onSuccess: (items, shuffledFilter) => {
        queryClient.setQueryData<MatchList>(matchesKey(shuffledFilter), toList(items, true));
        if (!isPremium) queryClient.setQueryData<RemainingShuffles | null>(REMAINING_SHUFFLES_KEY, (left) => remainingAfterShuffle(left ?? null));
        toast.success(WORKSPACE_MESSAGES.shuffled);
      },
      onError: () => void toast.error(WORKSPACE_MESSAGES.shuffleFailed, { toastId: 'shuffle-failed' }),
    },
    queryClient,
  );
  return {
    shuffling: mutation.isPending,
    shuffle: (remaining: RemainingShuffles | null) => {
      if (mutation.isPending) return;
      if (shuffleButtonState(isPremium, remaining).blocked) {
        onBlocked();
        return;
      }
      mutation.mutate(filter);
    },
  };
}

/** The session ended: the next account must not see this one's matches or shuffle count. */
export const forgetMatches = (): void => {
  queryClient.removeQueries({ queryKey: MATCHES_KEY });
  queryClient.removeQueries({ queryKey: REMAINING_SHUFFLES_KEY });
};
