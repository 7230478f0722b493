import { api } from '@/lib/api-client';

/** The body of GET /content/types. */
export type ContentTypesResponse = { content_types: string[] };

/** The usable types of a GET /content/types answer: the non-blank strings, or none if it cannot be read. */
export function readContentTypes(answer: unknown): string[] {
  if (typeof answer !== 'object' || answer === null || !('content_types' in answer)) return [];
  const types = (answer as { content_types: unknown }).content_types;
  if (!Array.isArray(types)) return [];
  return types.filter((type): type is string => typeof type === 'string' && type.trim() !== '');
}

/**
 * GET /content/types: the content types a profile or a content item may have (SPEC §3 Content types).
 * An empty list means the answer could not be read; callers then offer the domain's own list.
 */
export async function getContentTypes(signal?: AbortSignal): Promise<string[]> {
  return readContentTypes(await api.get<unknown>('/content/types', { signal }));
}
