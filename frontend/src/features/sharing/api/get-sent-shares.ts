import { api, type Page } from '@/lib/api-client';
import type { ShareSkipReason } from './share-content';

type SentContact = { id: string; name: string | null; email: string | null };
/** One share the user sent: whom it reached, whom it skipped and why (GET /content/shares/sent). */
export type SentShare = {
  id: string;
  content_id: string;
  content_title: string | null;
  shared_at: string;
  reached: SentContact[];
  skipped: (SentContact & { reason: ShareSkipReason })[];
};

/** The user's own shares of one content, newest first. */
export function getSentShares(contentId: string, limit: number, signal?: AbortSignal): Promise<Page<SentShare>> {
  return api.getPage<SentShare>('/content/shares/sent', { offset: 0, limit }, { signal, query: { content_id: contentId } });
}
