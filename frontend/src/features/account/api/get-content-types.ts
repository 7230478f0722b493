import { api } from '@/lib/api-client';

type ContentTypesResponse = { content_types: string[] };

/** GET /content/types: the content types a profile or a content item may have. */
export async function getContentTypes(signal?: AbortSignal): Promise<string[]> {
  const answer = await api.get<ContentTypesResponse>('/content/types', { signal });
  return Array.isArray(answer?.content_types) ? answer.content_types.filter((type) => typeof type === 'string') : [];
}
