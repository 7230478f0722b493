import type { QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from './query-client';

/**
 * A query disabled while its component stays (a closed modal) is dropped, unless another component shows it,
 * so it opens again from its loading state with a fresh read, as every opening did before the cache.
 */
export function useDropWhenHidden(queryKey: QueryKey, enabled: boolean): void {
  const keyHash = JSON.stringify(queryKey);
  useEffect(() => {
    if (enabled) return;
    const hidden = queryClient.getQueryCache().find({ queryKey: JSON.parse(keyHash) as QueryKey, exact: true });
    if (hidden && !hidden.isActive()) queryClient.removeQueries({ queryKey: hidden.queryKey, exact: true });
  }, [enabled, keyHash]);
}
