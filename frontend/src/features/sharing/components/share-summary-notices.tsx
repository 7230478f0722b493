import type { ShareSummary } from '../api/get-share-summary';
import {
  DAILY_LIMIT_REACHED,
  EMAIL_BUDGET_USED,
  MATCH_COMPLETE_NOTICE,
  NOT_LIVE,
  SHARE_REASON_LABELS,
  UPGRADE_BUTTON,
  budgetCannotFinishText,
  cannotFinishText,
  countsText,
  deferredCountsText,
  emailBudgetText,
  notCountedText,
  sharesLeftText,
  stillNeededText,
} from '../messages';
import { planShare, type NotCountedReason } from '../utils/share-plan';

/** Why no share can be made now (the Share button stays disabled), or null. */
export function shareBlocked(summary: ShareSummary | null): string | null {
  if (!summary) return null;
  if (summary.shares_left_today === 0) return DAILY_LIMIT_REACHED;
  if (!summary.content_live) return NOT_LIVE;
  if (summary.sending_paused) return summary.sending_paused;
  if (summary.email_budget.remaining <= 0) return EMAIL_BUDGET_USED;
  return null;
}

const matchDone = (summary: ShareSummary) => summary.match.completed || summary.still_needed <= 0;

type ShareSummaryNoticesProps = {
  summary: ShareSummary;
  /** The daily limit's upgrade button (the route opens the Premium upsell). */
  onUpgrade?: () => void;
  /** The way to the Contacts panel, when the user's contacts cannot finish the match. */
  onAddContacts?: () => void;
};

/** Before any choice: what a share of this content can still do, or why none can be made now. */
export function ShareSummaryNotices({ summary, onUpgrade, onAddContacts }: ShareSummaryNoticesProps) {
  const blocked = shareBlocked(summary);
  if (blocked) {
    return (
      <div className="share-notice share-notice-blocked">
        <p className="form-message form-message-error" role="alert">
          {blocked}
        </p>
        {summary.shares_left_today === 0 && onUpgrade ? (
          <button type="button" className="button button-primary button-small" onClick={onUpgrade}>
            {UPGRADE_BUTTON}
          </button>
        ) : null}
      </div>
    );
  }
  const done = matchDone(summary);
  const remaining = summary.email_budget.remaining;
  let warning: string | null = null;
  let short: 'contacts' | 'budget' | null = null;
  if (!done && !summary.can_finish_match) {
    short = summary.available_contacts < summary.still_needed ? 'contacts' : 'budget';
    warning =
      short === 'contacts'
        ? cannotFinishText(summary.available_contacts, summary.available_contacts_exact, summary.still_needed)
        : budgetCannotFinishText(remaining, summary.still_needed);
  }
  return (
    <div className="share-notice">
      <p role="status" className="share-notice-match">
        {done ? MATCH_COMPLETE_NOTICE : stillNeededText(summary.still_needed)}
      </p>
      <p className="share-notice-budget">
        {emailBudgetText(remaining)}
        {summary.shares_left_today !== null ? ` ${sharesLeftText(summary.shares_left_today)}` : null}
      </p>
      {warning ? (
        <div className="share-notice-warning">
          <p className="form-message form-message-info" role="status">
            {warning}
          </p>
          {short === 'contacts' && onAddContacts ? (
            <button type="button" className="button button-ghost button-small" onClick={onAddContacts}>
              Add contacts
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

type ShareCountsProps<Contact extends { id: string; name: string }> = {
  summary: ShareSummary | null;
  /** The chosen reachable contacts, in the order chosen. */
  chosen: readonly Contact[];
  /** Sent at each person's best time: each counts when their e-mail goes, not now. */
  deferred?: boolean;
};

const NOT_COUNTED_ORDER: readonly NotCountedReason[] = ['email_budget', 'match_complete'];

/**
 * As contacts are ticked: what this share would count and which chosen contacts would not, and why. A live
 * region that is always there, so each change is announced.
 */
export function ShareCounts<Contact extends { id: string; name: string }>({ summary, chosen, deferred = false }: ShareCountsProps<Contact>) {
  const show = summary !== null && shareBlocked(summary) === null && chosen.length > 0;
  const plan = show ? planShare(chosen, summary) : null;
  return (
    <div className="share-counts" role="status">
      {plan && summary ? (
        <>
          {matchDone(summary) ? null : <p>{deferred ? deferredCountsText(plan.counted, summary.still_needed) : countsText(plan.counted, summary.still_needed)}</p>}
          {NOT_COUNTED_ORDER.map((reason) => {
            const names = plan.notCounted.filter((entry) => entry.reason === reason).map((entry) => entry.contact.name);
            return names.length > 0 ? (
              <p key={reason} className="share-counts-not">
                {notCountedText(SHARE_REASON_LABELS[reason], names)}
              </p>
            ) : null;
          })}
        </>
      ) : null}
    </div>
  );
}
