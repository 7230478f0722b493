import { api } from '@/lib/api-client';

export type ContentTypesResponse = { content_types: string[] };

/** GET /content/types: the content types a submission may carry (SPEC §3 Content types). */
export function getContentTypes(signal?: AbortSignal): Promise<unknown> {
  return api.get<unknown>('/content/types', { signal });
}
