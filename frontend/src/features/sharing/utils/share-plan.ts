import type { ShareSummary } from '../api/get-share-summary';

/** Why a chosen contact would not count: past the day's e-mail budget (not sent), or the match needs nobody more (sent). */
export type NotCountedReason = 'email_budget' | 'match_complete';

export type SharePlan<Contact> = {
  /** People this share would count toward the match. */
  counted: number;
  /** The chosen contacts that would not count, in the order chosen, and why. */
  notCounted: { contact: Contact; reason: NotCountedReason }[];
};

/**
 * What a share to `chosen` (reachable contacts, in the order chosen) would count, as the server decides it
 * (docs/exchange.md): the first `email_budget.remaining` are e-mailed, the rest skipped; of those e-mailed,
 * the first `still_needed` count. An estimate: the server also skips two contacts of one mailbox.
 */
export function planShare<Contact>(chosen: readonly Contact[], summary: Pick<ShareSummary, 'still_needed' | 'email_budget'>): SharePlan<Contact> {
  const budget = Math.max(0, summary.email_budget.remaining);
  const needed = Math.max(0, summary.still_needed);
  const notCounted: SharePlan<Contact>['notCounted'] = [];
  chosen.forEach((contact, index) => {
    if (index >= budget) notCounted.push({ contact, reason: 'email_budget' });
    else if (index >= needed) notCounted.push({ contact, reason: 'match_complete' });
  });
  return { counted: Math.min(chosen.length, needed, budget), notCounted };
}
