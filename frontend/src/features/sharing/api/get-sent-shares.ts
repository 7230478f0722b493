import type { CreditWithdrawalReason } from '@crossfeed/domain/users/user.events.ts';
import { api, type Page } from '@/lib/api-client';
import type { ShareSkipReason, UncountedReason } from './share-content';

type SentContact = { id: string; name: string | null; email: string | null };

/**
 * Why a contact a share e-mailed does not count: the match needed nobody more, or its credit was taken back
 * later (bounced, marked as spam, or never sent after all).
 */
export type SentUncountedReason = UncountedReason | CreditWithdrawalReason;

/** One share the user sent: whom it reached (and counted), whom it skipped and why (GET /content/shares/sent). */
export type SentShare = {
  id: string;
  content_id: string;
  content_title: string | null;
  shared_at: string;
  /** The sharer's personal note, if they wrote one. */
  note: string | null;
  /** How many of the reached contacts count toward the match now. */
  counted: number;
  reached: (SentContact & { counted: boolean; reason?: SentUncountedReason })[];
  skipped: (SentContact & { reason: ShareSkipReason })[];
};

/** The user's own shares of one content, newest first. */
export function getSentShares(contentId: string, limit: number, signal?: AbortSignal): Promise<Page<SentShare>> {
  return api.getPage<SentShare>('/content/shares/sent', { offset: 0, limit }, { signal, query: { content_id: contentId } });
}
