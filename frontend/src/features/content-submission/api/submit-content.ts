import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { api } from '@/lib/api-client';

/** SPEC §3 Content submission payload: categories trimmed and lowercased. */
export type ContentSubmission = {
  title: string;
  description: string;
  url: string;
  content_type: string;
  categories: string[];
};

/**
 * POST /content/: answers the new content (201). 400 carries 'Please fill in all required fields.' or a
 * length rule; a Free user over the weekly quota gets 429 with the weekly limit text.
 */
export function submitContent(payload: ContentSubmission): Promise<ContentDto> {
  return api.post<ContentDto>('/content/', payload);
}
