import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { api } from '@/lib/api-client';

export type BatchContentAction = 'pause' | 'resume' | 'delete';

export type BatchContentResult = {
  action: BatchContentAction;
  /** "3 items paused." */
  message: string;
  changed: string[];
  unchanged: string[];
  /** The items as they are now (empty after a delete). */
  contents: ContentDto[];
};

/** POST /content/batch/ (Premium): one action on several own contents, all or nothing. */
export function batchContent(action: BatchContentAction, contentIds: readonly string[]): Promise<BatchContentResult> {
  return api.post<BatchContentResult>('/content/batch/', { action, content_ids: contentIds });
}
