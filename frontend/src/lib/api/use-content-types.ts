import { useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query/query-client';
import { useDropWhenHidden } from '@/lib/query/use-drop-when-hidden';
import { getContentTypes } from './content-types';

/** The content types in the query cache, shared by the forms that offer them. */
export const CONTENT_TYPES_KEY = ['content-types'] as const;

/**
 * GET /content/types while a form is open (`enabled`), dropped when it closes so the next opening asks again:
 * `loading` until it answered; `types` empty when the list failed or could not be read (callers offer their own).
 */
export function useContentTypes(enabled: boolean): { loading: boolean; types: string[] } {
  const query = useQuery({ queryKey: CONTENT_TYPES_KEY, queryFn: ({ signal }) => getContentTypes(signal), enabled }, queryClient);
  useDropWhenHidden(CONTENT_TYPES_KEY, enabled);
  return { loading: query.data === undefined && !query.isError, types: query.data ?? [] };
}
