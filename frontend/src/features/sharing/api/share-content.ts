import type { ShareSkipReason, UncountedReason } from '@crossfeed/domain/rules/share-reasons.ts';
import { api } from '@/lib/api-client';

export type { ShareSkipReason, UncountedReason };

/** A match's progress: the people the user's shares of the content reached and counted, out of its required shares. */
export type MatchProgress = { delivered: number; required: number; completed: boolean };

/** A contact the share e-mailed: counted toward the match, or not (`match_complete`: the match needed nobody more). */
export type ReachedContact = { id: string; name: string | null; counted: boolean; reason?: UncountedReason };
/** A selected contact the share did not e-mail, and why. */
export type SkippedContact = { id: string; name: string | null; reason: ShareSkipReason };

/**
 * `counted`: the people this share counted toward the match; `reached`: the contacts it e-mailed; `skipped`:
 * the others and why; `match`: the match's progress after it; `released`: the user's own queued content a
 * completed match released to the exchange.
 */
export type ShareContentResponse = {
  message: string;
  share_count: number;
  counted?: number;
  reached?: ReachedContact[];
  skipped?: SkippedContact[];
  /** Where the sharer's match of this content stands: the server's figures, which the workspace shows. */
  match: MatchProgress;
  released?: { id: string; title: string | null } | null;
};

/**
 * POST /content/{id}/share/ with the chosen contacts (in the order chosen: the first ones count) and the
 * sharer's optional note (at most 280 characters, one line). Refusals: 429 whose detail contains 'Daily share
 * limit reached' (a Free user's shares of the day are used), 409 when the share would reach nobody or the
 * content is not live, 403 while sharing is paused for bounces, 400 for a note the server refuses.
 */
export function shareContent(
  contentId: string,
  contactIds: readonly string[],
  note: string | null = null,
  options: { bestTime?: boolean } = {},
): Promise<ShareContentResponse> {
  const bestTime = options.bestTime
    ? // Each e-mail at its person's best hour; 09:00 in the user's own time zone for those without clicks yet.
      { send_at: 'best_time', time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone }
    : {};
  return api.post<ShareContentResponse>(`/content/${encodeURIComponent(contentId)}/share/`, { contact_ids: contactIds, note, ...bestTime });
}
