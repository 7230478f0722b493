import { api } from '@/lib/api-client';
import type { MatchProgress } from './share-content';

/** What a share of one content can still do for the user, before they choose anyone (GET /content/{id}/share-summary). */
export type ShareSummary = {
  /** False while the content is queued, paused or under review: a share of it would count toward no match. */
  content_live: boolean;
  match: MatchProgress;
  /** People the match still needs (0 once it is complete). */
  still_needed: number;
  /** A Free user's share presses left today; null for Premium (unlimited). */
  shares_left_today: number | null;
  /** People the user may still e-mail today. */
  email_budget: { limit: number; used: number; remaining: number };
  /** The most Crossfeed e-mails one address gets in a day. */
  address_daily_cap: number;
  /** Contacts a share could reach now, counted up to a bound; `available_contacts_exact` false: at least this many. */
  available_contacts: number;
  available_contacts_exact: boolean;
  can_finish_match: boolean;
  /** Set while sharing is paused for bounced contacts: the sentence that says why and what to do. */
  sending_paused: string | null;
  /** The user may send each e-mail at its person's best time (Premium). */
  best_time?: boolean;
};

/** GET /content/{id}/share-summary. */
export function getShareSummary(contentId: string, signal?: AbortSignal): Promise<ShareSummary> {
  return api.get<ShareSummary>(`/content/${encodeURIComponent(contentId)}/share-summary`, { signal });
}
