import { api } from '@/lib/api-client';

/** POST /links/ answers the new code and its absolute url. */
export type ShortLinkDto = { short_code: string; url: string; content_id: string };

/** POST /links/ { content_id }: a new short link for the caller's own content (Premium). */
export function createShortLink(contentId: string): Promise<ShortLinkDto> {
  return api.post<ShortLinkDto>('/links/', { content_id: contentId });
}
