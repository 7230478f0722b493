import { SHARE_REASON_LABELS } from '@crossfeed/domain/rules/share-reasons.ts';
import type { SentUncountedReason } from './api/get-sent-shares';

/** SPEC §5 Sharing and §8 Content and sharing: the share modal's texts. */
export const CONTACTS_FETCH_FAILED = 'Failed to fetch contacts.';
export const SELECT_A_CONTACT = 'Please select at least one contact to share with.';
export const SHARE_SUCCESS = 'Content shared successfully!';
export const SHARE_FAILED = 'Failed to share content.';
/** The server's 429 detail contains this when a free user has used the day's shares. */
export const DAILY_LIMIT_MARKER = 'Daily share limit reached';
export const DAILY_LIMIT_REACHED = 'Daily share limit reached. Upgrade to premium for unlimited sharing.';

/** Why a contact cannot be reached by a share, in a creator's words (the domain owns the texts). */
export { SHARE_REASON_LABELS };

/** Why a contact an earlier share e-mailed does not count (any more): the sent-shares list. */
export const SENT_UNCOUNTED_LABELS: Readonly<Record<SentUncountedReason, string>> = {
  match_complete: 'Match already complete',
  scheduled: 'Goes at their best time',
  bounced: 'Bounced',
  complained: 'Marked as spam',
  suppressed: 'Unsubscribed',
  daily_limit: 'Not sent: daily limit',
  content_unavailable: 'Not sent: content unavailable',
  contact_removed: 'Not sent: contact removed',
};

const people = (count: number): string => (count === 1 ? '1 person' : `${count} people`);
const morePeople = (count: number): string => (count === 1 ? '1 more person' : `${count} more people`);

/** The share modal, before any choice: what a share can still do. */
export const stillNeededText = (count: number): string => `This match needs ${morePeople(count)}.`;
export const MATCH_COMPLETE_NOTICE = 'Match complete: shares still reach people but count for nothing more.';
export const countsText = (counted: number, stillNeeded: number): string => `This share counts ${counted} of the ${stillNeeded} still needed.`;
/** The same with "send at the best time": nobody counts until their e-mail goes. */
export const deferredCountsText = (counted: number, stillNeeded: number): string =>
  `Each e-mail counts when it goes: up to ${counted} of the ${stillNeeded} still needed.`;
export const BEST_TIME_LABEL = "Send each e-mail at the person's best time";
export const BEST_TIME_HELP =
  'Each contact gets it at the hour they usually open links (09:00 your time when we do not know yet). It counts toward the match when it is sent.';
export const emailBudgetText = (remaining: number): string => `You can e-mail ${morePeople(remaining)} today.`;
export const EMAIL_BUDGET_USED = 'You have e-mailed as many people as you can today. Share again tomorrow.';
export const sharesLeftText = (left: number): string => `${left === 1 ? '1 share' : `${left} shares`} left today.`;
export const NOT_LIVE = 'This content is not live in the exchange right now (it is Pending, paused or under review), so it cannot be shared.';
export const UPGRADE_BUTTON = 'Upgrade to Premium';
export const cannotFinishText = (available: number, exact: boolean, stillNeeded: number): string =>
  `Your contacts who can still receive this (${exact ? available : `at least ${available}`}) cannot finish this match (${stillNeeded} needed). Add contacts to finish it.`;
export const budgetCannotFinishText = (remaining: number, stillNeeded: number): string =>
  `You can e-mail ${people(remaining)} today, fewer than this match needs (${stillNeeded}). Share again tomorrow to finish it.`;
export const notCountedText = (label: string, names: readonly string[]): string => `Will not count (${label}): ${listNames(names)}.`;

/** At most `shown` names, then how many more. */
export function listNames(names: readonly string[], shown = 5): string {
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** The personal note and the e-mail preview. */
export const NOTE_LABEL = 'Why I recommend this (optional)';
export const PREVIEW_BUTTON = 'Preview e-mail';
export const PREVIEW_LOADING = 'Loading preview...';
export const PREVIEW_FAILED = 'Failed to load the e-mail preview.';
export const PREVIEW_STALE = 'The note or the contacts changed since this preview.';
export const previewTitle = (to: string): string => `The e-mail ${to} would receive`;

/** The one toast after a share, after SHARE_SUCCESS: whom it reached, what it counted, what it released. */
export const sharedWith = (names: readonly string[]): string => `Shared with ${listNames(names)}.`;
export const countedText = (counted: number, reached: number, match: { delivered: number; required: number; completed: boolean } | undefined): string => {
  const base = `Counted ${counted} of ${reached}`;
  if (!match) return `${base}.`;
  return match.completed ? `${base} \u2014 match complete.` : `${base} \u2014 match at ${match.delivered} of ${match.required}.`;
};
export const notSentText = (parts: readonly string[]): string => `Not sent: ${listNames(parts)}.`;
export const releasedToExchange = (title: string): string => `\u201c${title}\u201d was released to the exchange.`;

/** The sent-shares list. */
export const sentSharesTitle = (count: number): string => `You shared this content ${count === 1 ? 'once' : `${count} times`} before`;
export const reachedCountedText = (reached: number, counted: number): string => `Reached ${reached}, counted ${counted}.`;
