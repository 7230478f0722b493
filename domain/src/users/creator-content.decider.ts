import { CONTENT_TYPES } from '../rules/content-types.ts';
import {
  DEFAULT_REQUIRED_SHARES,
  FREE_DAILY_SHARES,
  FREE_DAILY_SHUFFLES,
  FREE_WEEKLY_SUBMISSIONS,
  dayStart,
  weekStart,
} from '../rules/limits.ts';
import { MESSAGES, isHttpUrl } from '../rules/validation.ts';
import { batchIds, nameList } from '../rules/batch.ts';
import { unsafeUrlReason } from '../rules/safe-url.ts';
import type { Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError, QuotaExceededError, ValidationError } from '../shared/errors.ts';
import type { CreatorContentCommand } from './creator-content.commands.ts';
import type {
  ContentDeleted,
  ContentEdited,
  ContentPaused,
  ContentReleased,
  ContentResumed,
  ContentShared,
  ContentSubmitted,
  MatchCompleted,
  MatchesShuffled,
  ReleaseReason,
  ShareSkip,
  UserEvent,
} from './user.events.ts';

/**
 * The creator's own content and the Free quotas, decided on the `user-{id}` stream (DESIGN §3): the weekly
 * submissions, the daily shares and the daily shuffles hold under concurrent requests because every
 * command of one user appends to this one stream with the expected revision. The account events of the
 * same stream belong to the user decider and are ignored here.
 */

export const CONTENT_MESSAGES = {
  notFound: 'Content not found.',
  shareOwnContent: 'You cannot share your own content.',
  shufflesExhausted: 'No shuffles left today. Upgrade to premium for unlimited shuffles.',
  editRequired: 'Title and description are required.',
  notQueued: 'That content is not waiting in your queue.',
  batchNotFound: (ids: readonly string[]) => `Nothing was changed: ${ids.length === 1 ? 'this item was' : 'these items were'} not found: ${nameList(ids)}.`,
  alreadyLive: 'That content is already live in the exchange.',
  noCredit: 'No release credit: complete a match to release queued content.',
} as const;

export type CreatorContentEvent =
  | ContentSubmitted
  | ContentEdited
  | ContentDeleted
  | ContentShared
  | MatchCompleted
  | ContentReleased
  | ContentPaused
  | ContentResumed
  | MatchesShuffled;

/** One of the creator's own contents as the exchange sees it. */
export interface OwnContent {
  deleted: boolean;
  /** Released to the exchange (by a credit, or submitted before the exchange existed). */
  released: boolean;
  paused: boolean;
  /** For the release notification (projections never read). */
  title: string;
}

/** A count within one quota window (a UTC day or an ISO week): only the latest window is kept. */
export interface WindowCount {
  window: string;
  count: number;
}

export interface CreatorContentState {
  /** Content this user submitted, by id (deleted content stays, marked); updated in place, O(1) per event. */
  contents: Map<string, OwnContent>;
  /** The queue: pending (not released, not paused, not deleted) content ids, oldest first (insertion order). */
  pending: Map<string, string>;
  /** Credits earned by completed matches and not yet spent on a release (banked while nothing waits). */
  credits: number;
  /** The creator's first item was released on the starting credit (or content predates the exchange). */
  startingCreditUsed: boolean;
  /** Per content this user shared: the contacts already reached with it. */
  reached: Map<string, Set<string>>;
  /** Per content this user shared: delivered shares (ContentShared events). */
  delivered: Map<string, number>;
  /** Matched contents whose match this user completed. */
  completed: Set<string>;
  /** Shares each of this user's contacts received in the latest UTC day (the per-contact daily cap). */
  contactsToday: { day: string; counts: Map<string, number> };
  /** Submissions in the latest ISO week (`weekStart`); deleting content does not give the submission back. */
  submissions: WindowCount;
  lastSubmittedAt: string | null;
  /** Shares made by this user in the latest UTC day (`dayStart`). */
  shares: WindowCount;
  /** Shuffles in the latest UTC day (`dayStart`). */
  shuffles: WindowCount;
}

/** The quota books close with their window: an event of a later window starts it at 1, a late one of an earlier window counts nowhere. */
function countIn(counter: WindowCount, window: string): void {
  if (window === counter.window) counter.count += 1;
  else if (window > counter.window) {
    counter.window = window;
    counter.count = 1;
  }
}

const countAt = (counter: WindowCount, window: string): number => (counter.window === window ? counter.count : 0);

export const weeklySubmissionCount = (state: CreatorContentState, now: string): number => countAt(state.submissions, weekStart(now));
export const dailyShareCount = (state: CreatorContentState, now: string): number => countAt(state.shares, dayStart(now));
export const dailyShuffleCount = (state: CreatorContentState, now: string): number => countAt(state.shuffles, dayStart(now));

/** SPEC §3 Submission info; Premium has no counter (`submissionsRemaining` -1). */
export function submissionInfo(
  state: CreatorContentState,
  now: string,
  isPremium: boolean,
): { weeklySubmissionCount: number; lastSubmissionDate: string | null; canSubmit: boolean; submissionsRemaining: number } {
  const count = weeklySubmissionCount(state, now);
  const remaining = isPremium ? -1 : Math.max(0, FREE_WEEKLY_SUBMISSIONS - count);
  return { weeklySubmissionCount: count, lastSubmissionDate: state.lastSubmittedAt, canSubmit: isPremium || remaining > 0, submissionsRemaining: remaining };
}

/** Shuffles left today for a Free user. */
export const remainingShuffles = (state: CreatorContentState, now: string): number =>
  Math.max(0, FREE_DAILY_SHUFFLES - dailyShuffleCount(state, now));

function ownedContent(state: CreatorContentState, contentId: string): OwnContent {
  const content = state.contents.get(contentId);
  // Another user's content is not in this stream: the same 404 as a missing id, so ids do not leak.
  if (!content || content.deleted) throw new NotFoundError(CONTENT_MESSAGES.notFound);
  return content;
}

/** What sharing `contentId` to `contactId` now would do: reach the contact, or skip it and why. */
export function shareTargetState(
  state: CreatorContentState,
  contentId: string,
  contactId: string,
  now: string,
  contactDailyCap: number,
): 'available' | ShareSkip['reason'] {
  if (state.reached.get(contentId)?.has(contactId)) return 'already_shared';
  const today = state.contactsToday.day === dayStart(now) ? (state.contactsToday.counts.get(contactId) ?? 0) : 0;
  return today >= contactDailyCap ? 'daily_limit' : 'available';
}

/** The sharer's progress on one matched content: delivered shares out of the required ones. */
export function matchProgress(state: CreatorContentState, contentId: string, required: number): { delivered: number; required: number; completed: boolean } {
  const delivered = state.delivered.get(contentId) ?? 0;
  return { delivered, required, completed: state.completed.has(contentId) || delivered >= required };
}

/** Where a new submission goes: released on the starting or a banked credit, else queued. */
export function nextSubmissionRelease(state: CreatorContentState): ReleaseReason | null {
  if (!state.startingCreditUsed) return 'starting_credit';
  return state.credits > 0 ? 'banked_credit' : null;
}

const names = (ids: readonly string[], byId: Record<string, string> | undefined): string =>
  ids.map((id) => byId?.[id] ?? id).join(', ');

/** The 409 of a share that reaches nobody new: names each contact and why it was skipped. */
function nobodyNewDetail(skipped: readonly ShareSkip[], byId: Record<string, string> | undefined, cap: number): string {
  const already = skipped.filter((skip) => skip.reason === 'already_shared').map((skip) => skip.contactId);
  const capped = skipped.filter((skip) => skip.reason === 'daily_limit').map((skip) => skip.contactId);
  const parts: string[] = [];
  if (already.length > 0) parts.push(`${names(already, byId)} already received this content`);
  if (capped.length > 0) parts.push(`${names(capped, byId)} already received ${cap} shares today`);
  return `This share would reach no one new: ${parts.join('; ')}.`;
}

export const creatorContentDecider: Decider<CreatorContentState, CreatorContentCommand, UserEvent> = {
  initialState: () => ({
    contents: new Map(),
    pending: new Map(),
    credits: 0,
    startingCreditUsed: false,
    reached: new Map(),
    delivered: new Map(),
    completed: new Set(),
    contactsToday: { day: '', counts: new Map() },
    submissions: { window: '', count: 0 },
    lastSubmittedAt: null,
    shares: { window: '', count: 0 },
    shuffles: { window: '', count: 0 },
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'ContentSubmitted': {
        const queued = event.data.queued === true;
        state.contents.set(event.data.contentId, { deleted: false, released: !queued, paused: false, title: event.data.title });
        if (queued) state.pending.set(event.data.contentId, event.data.submittedAt);
        // Content of logs written before the exchange was active at once: it used the starting credit.
        else state.startingCreditUsed = true;
        countIn(state.submissions, weekStart(event.data.submittedAt));
        if (!state.lastSubmittedAt || event.data.submittedAt > state.lastSubmittedAt) state.lastSubmittedAt = event.data.submittedAt;
        return state;
      }
      case 'ContentEdited': {
        const content = state.contents.get(event.data.contentId);
        if (content) content.title = event.data.title;
        return state;
      }
      case 'ContentDeleted': {
        const content = state.contents.get(event.data.contentId);
        if (content) content.deleted = true;
        else state.contents.set(event.data.contentId, { deleted: true, released: true, paused: false, title: '' });
        state.pending.delete(event.data.contentId);
        return state;
      }
      case 'ContentShared': {
        const { contentId, contactIds, sharedAt } = event.data;
        countIn(state.shares, dayStart(sharedAt));
        let reached = state.reached.get(contentId);
        if (!reached) state.reached.set(contentId, (reached = new Set()));
        for (const contactId of contactIds) reached.add(contactId);
        state.delivered.set(contentId, (state.delivered.get(contentId) ?? 0) + 1);
        const day = dayStart(sharedAt);
        if (day > state.contactsToday.day) {
          state.contactsToday.day = day;
          state.contactsToday.counts.clear();
        }
        if (day === state.contactsToday.day) {
          for (const contactId of contactIds) state.contactsToday.counts.set(contactId, (state.contactsToday.counts.get(contactId) ?? 0) + 1);
        }
        return state;
      }
      case 'MatchCompleted':
        state.completed.add(event.data.contentId);
        state.credits += 1;
        return state;
      case 'ContentReleased': {
        const content = state.contents.get(event.data.contentId);
        if (content) content.released = true;
        state.pending.delete(event.data.contentId);
        if (event.data.reason === 'starting_credit') state.startingCreditUsed = true;
        else state.credits = Math.max(0, state.credits - 1);
        return state;
      }
      case 'ContentPaused': {
        const content = state.contents.get(event.data.contentId);
        if (content) content.paused = true;
        state.pending.delete(event.data.contentId);
        return state;
      }
      case 'ContentResumed': {
        const content = state.contents.get(event.data.contentId);
        if (content) {
          content.paused = false;
          if (!content.released && !content.deleted) state.pending.set(event.data.contentId, event.data.resumedAt);
        }
        return state;
      }
      case 'MatchesShuffled':
        countIn(state.shuffles, dayStart(event.data.shuffledAt));
        return state;
      default:
        // Account, profile, premium and notification events belong to the user decider.
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SubmitContent': {
        const { contentId, userId, username, title, description, url, contentType, categories, isPremium, now } = command.data;
        const required =
          title.trim() !== '' &&
          isHttpUrl(url) &&
          (CONTENT_TYPES as readonly string[]).includes(contentType) &&
          categories.some((category) => category.trim() !== '');
        if (!required) throw new ValidationError(MESSAGES.contentRequired);
        // Content is shown to others and redirected to by short links: public web addresses only.
        const unsafe = unsafeUrlReason(url);
        if (unsafe) throw new ValidationError(unsafe);
        if (state.contents.has(contentId)) throw new ValidationError('This content id is already used.');
        if (!isPremium && weeklySubmissionCount(state, now) >= FREE_WEEKLY_SUBMISSIONS) {
          throw new QuotaExceededError(MESSAGES.weeklyLimit);
        }
        const events: CreatorContentEvent[] = [
          {
            type: 'ContentSubmitted',
            data: {
              contentId,
              userId,
              username,
              title: title.trim(),
              description: description.trim(),
              url,
              contentType,
              categories,
              requiredShares: DEFAULT_REQUIRED_SHARES,
              submittedAt: now,
              queued: true,
            },
          },
        ];
        const reason = nextSubmissionRelease(state);
        if (reason) events.push({ type: 'ContentReleased', data: { contentId, userId, contentTitle: title.trim(), reason, releasedAt: now } });
        return events;
      }

      case 'EditContent': {
        const { contentId, userId, title, description, now } = command.data;
        ownedContent(state, contentId);
        if (title.trim() === '' || description.trim() === '') throw new ValidationError(CONTENT_MESSAGES.editRequired);
        return [{ type: 'ContentEdited', data: { contentId, userId, title: title.trim(), description: description.trim(), editedAt: now } }];
      }

      case 'DeleteContent': {
        const { contentId, userId, now } = command.data;
        ownedContent(state, contentId);
        return [{ type: 'ContentDeleted', data: { contentId, userId, deletedAt: now } }];
      }

      case 'ShareContent': {
        const { shareId, contentId, contentOwnerId, contentTitle, sharerId, sharerUsername, isPremium, now } = command.data;
        const { requiredShares, contactDailyCap, releaseContentId, contactNames } = command.data;
        const contactIds = [...new Set(command.data.contactIds)];
        if (contactIds.length === 0) throw new ValidationError(MESSAGES.shareNeedsContact);
        if (contentOwnerId === sharerId || state.contents.has(contentId)) throw new ValidationError(CONTENT_MESSAGES.shareOwnContent);
        if (releaseContentId !== undefined && !state.pending.has(releaseContentId)) throw new ValidationError(CONTENT_MESSAGES.notQueued);
        if (!isPremium && dailyShareCount(state, now) >= FREE_DAILY_SHARES) throw new QuotaExceededError(MESSAGES.dailyShareLimit);

        // A delivered share reaches at least one contact who has not had this content and is under today's cap.
        const reached: string[] = [];
        const skipped: ShareSkip[] = [];
        for (const contactId of contactIds) {
          const target = shareTargetState(state, contentId, contactId, now, contactDailyCap);
          if (target === 'available') reached.push(contactId);
          else skipped.push({ contactId, reason: target });
        }
        if (reached.length === 0) throw new ConflictError(nobodyNewDetail(skipped, contactNames, contactDailyCap));

        const events: CreatorContentEvent[] = [
          {
            type: 'ContentShared',
            data: { shareId, contentId, contentOwnerId, contentTitle, sharerId, sharerUsername, contactIds: reached, skipped, sharedAt: now },
          },
        ];
        const delivered = (state.delivered.get(contentId) ?? 0) + 1;
        if (!state.completed.has(contentId) && delivered >= requiredShares) {
          // The credit releases the chosen or the oldest queued item; with nothing queued it stays banked.
          const release = releaseContentId ?? state.pending.keys().next().value ?? null;
          events.push({
            type: 'MatchCompleted',
            data: { sharerId, contentId, contentOwnerId, contentTitle, requiredShares, releasedContentId: release, completedAt: now },
          });
          if (release !== null) {
            const releasedTitle = state.contents.get(release)?.title ?? '';
            events.push({
              type: 'ContentReleased',
              data: { contentId: release, userId: sharerId, contentTitle: releasedTitle, reason: 'match_completed', matchContentId: contentId, releasedAt: now },
            });
          }
        }
        return events;
      }

      case 'PauseContent': {
        const { contentId, userId, now } = command.data;
        // Pausing twice changes nothing (no event).
        if (ownedContent(state, contentId).paused) return [];
        return [{ type: 'ContentPaused', data: { contentId, userId, pausedAt: now } }];
      }

      case 'ResumeContent': {
        const { contentId, userId, now } = command.data;
        const content = ownedContent(state, contentId);
        if (!content.paused) return [];
        const events: CreatorContentEvent[] = [{ type: 'ContentResumed', data: { contentId, userId, released: content.released, resumedAt: now } }];
        // Back in the queue while a banked credit waits: released at once, as a new submission would be.
        if (!content.released && state.credits > 0) {
          events.push({ type: 'ContentReleased', data: { contentId, userId, contentTitle: content.title, reason: 'banked_credit', releasedAt: now } });
        }
        return events;
      }

      case 'BatchContentAction': {
        const { action, userId, isPremium, now } = command.data;
        const ids = batchIds(command.data.contentIds, isPremium);
        // All or nothing: one missing (or another user's, or deleted) id refuses the whole batch, naming it.
        const missing = ids.filter((id) => {
          const content = state.contents.get(id);
          return !content || content.deleted;
        });
        if (missing.length > 0) throw new NotFoundError(CONTENT_MESSAGES.batchNotFound(missing));
        const events: CreatorContentEvent[] = [];
        // Releases on resume spend banked credits one by one, as single resumes in a row would.
        let credits = state.credits;
        for (const contentId of ids) {
          const content = state.contents.get(contentId) as OwnContent;
          if (action === 'delete') events.push({ type: 'ContentDeleted', data: { contentId, userId, deletedAt: now } });
          else if (action === 'pause') {
            // Already paused: nothing to do for it (as a single pause), the rest still pause.
            if (!content.paused) events.push({ type: 'ContentPaused', data: { contentId, userId, pausedAt: now } });
          } else if (content.paused) {
            events.push({ type: 'ContentResumed', data: { contentId, userId, released: content.released, resumedAt: now } });
            if (!content.released && credits > 0) {
              credits -= 1;
              events.push({ type: 'ContentReleased', data: { contentId, userId, contentTitle: content.title, reason: 'banked_credit', releasedAt: now } });
            }
          }
        }
        return events;
      }

      case 'ReleaseQueuedContent': {
        const { contentId, userId, now } = command.data;
        const content = ownedContent(state, contentId);
        if (content.released) throw new ConflictError(CONTENT_MESSAGES.alreadyLive);
        if (state.credits <= 0) {
          // An item held back for its scheduled time goes back into the queue: the next completed match
          // releases it. One that was never held has nothing to do without a credit.
          if (content.paused) return [{ type: 'ContentResumed', data: { contentId, userId, released: false, resumedAt: now } }];
          throw new ConflictError(CONTENT_MESSAGES.noCredit);
        }
        const release: CreatorContentEvent = {
          type: 'ContentReleased',
          data: { contentId, userId, contentTitle: content.title, reason: 'banked_credit', releasedAt: now },
        };
        // A paused item comes back first, as a resume with a banked credit does (the same two events).
        if (content.paused) return [{ type: 'ContentResumed', data: { contentId, userId, released: false, resumedAt: now } }, release];
        return [release];
      }

      case 'ShuffleMatches': {
        const { userId, seed, isPremium, now } = command.data;
        if (!isPremium && remainingShuffles(state, now) <= 0) throw new QuotaExceededError(CONTENT_MESSAGES.shufflesExhausted);
        return [{ type: 'MatchesShuffled', data: { userId, seed, shuffledAt: now } }];
      }
    }
  },
};
