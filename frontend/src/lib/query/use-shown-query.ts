import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { useDropWhenHidden } from './use-drop-when-hidden';

/**
 * A read that belongs to something on screen (a window, a panel, opened details): asked while `shown`, and
 * dropped once it is not (unless another component still shows it), so the next showing starts again from
 * its loading state with a fresh read, as every opening did before the cache.
 */
export function useShownQuery<Data, Key extends QueryKey>(options: Omit<UseQueryOptions<Data, Error, Data, Key>, 'enabled'>, shown: boolean) {
  const query = useQuery({ ...options, enabled: shown }, queryClient);
  useDropWhenHidden(options.queryKey, shown);
  return query;
}
