import { ApiError, errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { useShownQuery } from '@/lib/query/use-shown-query';
import { getAudienceCategories, type AudienceCategories } from '../api/get-audience-categories';
import { CATEGORIES_FETCH_FAILED } from '../messages';

export type CategoriesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'forbidden'; message: string }
  | { status: 'ready'; data: AudienceCategories };

/** The categories in the query cache: read when the insights are shown, dropped when they are not (Free). */
const CATEGORIES_KEY = ['audience-insights', 'categories'] as const;

const isCategories = (value: unknown): value is AudienceCategories =>
  typeof value === 'object' && value !== null && Array.isArray((value as AudienceCategories).categories);

/** The content categories the caller's contacts click. */
export function useAudienceCategories(enabled: boolean) {
  const query = useShownQuery(
    {
      queryKey: CATEGORIES_KEY,
      queryFn: async ({ signal }) => {
        const data = await getAudienceCategories(signal);
        // An answer without a list is a failure, shown with the generic message.
        if (!isCategories(data)) throw new Error(CATEGORIES_FETCH_FAILED);
        return data;
      },
    },
    enabled,
  );

  let state: CategoriesState;
  if (query.isSuccess) state = { status: 'ready', data: query.data };
  else if (query.isError) {
    const message = errorMessage(query.error, CATEGORIES_FETCH_FAILED);
    state = query.error instanceof ApiError && query.error.status === 403 ? { status: 'forbidden', message } : { status: 'error', message };
  } else state = { status: 'loading' };

  // Retry reads the categories again from the loading state.
  return { state, reload: () => void queryClient.resetQueries({ queryKey: CATEGORIES_KEY, exact: true }) };
}
