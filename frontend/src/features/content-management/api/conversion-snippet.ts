import { api } from '@/lib/api-client';

/** The content's conversion tracking token and the snippet that uses it (owner only). */
export type ConversionSnippet = { content_id: string; token: string; endpoint: string; snippet: string };

/** GET /content/{id}/conversion-snippet/. */
export function getConversionSnippet(contentId: string, signal?: AbortSignal): Promise<ConversionSnippet> {
  return api.get<ConversionSnippet>(`/content/${encodeURIComponent(contentId)}/conversion-snippet/`, { signal });
}

/** POST /content/{id}/conversion-snippet/rotate/: a new token; the old snippet stops working. */
export function rotateConversionSnippet(contentId: string): Promise<ConversionSnippet> {
  return api.post<ConversionSnippet>(`/content/${encodeURIComponent(contentId)}/conversion-snippet/rotate/`);
}
