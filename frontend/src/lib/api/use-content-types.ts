import { useShownQuery } from '@/lib/query/use-shown-query';
import { getContentTypes } from './content-types';

/** The content types in the query cache, shared by the forms that offer them. */
export const CONTENT_TYPES_KEY = ['content-types'] as const;

/**
 * GET /content/types while a form is open (`enabled`), dropped when it closes so the next opening asks again:
 * `loading` until it answered; `types` empty when the list failed or could not be read (callers offer their own).
 */
export function useContentTypes(enabled: boolean): { loading: boolean; types: string[] } {
  const query = useShownQuery({ queryKey: CONTENT_TYPES_KEY, queryFn: ({ signal }) => getContentTypes(signal) }, enabled);
  return { loading: query.data === undefined && !query.isError, types: query.data ?? [] };
}
