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
import { unsafeUrlReason } from '../rules/safe-url.ts';
import type { Decider } from '../shared/decider.ts';
import { NotFoundError, QuotaExceededError, ValidationError } from '../shared/errors.ts';
import type { CreatorContentCommand } from './creator-content.commands.ts';
import type { ContentDeleted, ContentEdited, ContentShared, ContentSubmitted, MatchesShuffled, UserEvent } from './user.events.ts';

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
} as const;

export type CreatorContentEvent = ContentSubmitted | ContentEdited | ContentDeleted | ContentShared | MatchesShuffled;

/** A count within one quota window (a UTC day or an ISO week): only the latest window is kept. */
export interface WindowCount {
  window: string;
  count: number;
}

export interface CreatorContentState {
  /** Content this user submitted, by id (deleted content stays, marked); updated in place, O(1) per event. */
  contents: Map<string, { deleted: boolean }>;
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

function ownedContent(state: CreatorContentState, contentId: string): void {
  const content = state.contents.get(contentId);
  // Another user's content is not in this stream: the same 404 as a missing id, so ids do not leak.
  if (!content || content.deleted) throw new NotFoundError(CONTENT_MESSAGES.notFound);
}

export const creatorContentDecider: Decider<CreatorContentState, CreatorContentCommand, UserEvent> = {
  initialState: () => ({
    contents: new Map(),
    submissions: { window: '', count: 0 },
    lastSubmittedAt: null,
    shares: { window: '', count: 0 },
    shuffles: { window: '', count: 0 },
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'ContentSubmitted':
        state.contents.set(event.data.contentId, { deleted: false });
        countIn(state.submissions, weekStart(event.data.submittedAt));
        if (!state.lastSubmittedAt || event.data.submittedAt > state.lastSubmittedAt) state.lastSubmittedAt = event.data.submittedAt;
        return state;
      case 'ContentDeleted':
        state.contents.set(event.data.contentId, { deleted: true });
        return state;
      case 'ContentShared':
        countIn(state.shares, dayStart(event.data.sharedAt));
        return state;
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
        return [
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
            },
          },
        ];
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
        const contactIds = [...new Set(command.data.contactIds)];
        if (contactIds.length === 0) throw new ValidationError(MESSAGES.shareNeedsContact);
        if (contentOwnerId === sharerId || state.contents.has(contentId)) throw new ValidationError(CONTENT_MESSAGES.shareOwnContent);
        if (!isPremium && dailyShareCount(state, now) >= FREE_DAILY_SHARES) throw new QuotaExceededError(MESSAGES.dailyShareLimit);
        return [
          {
            type: 'ContentShared',
            data: { shareId, contentId, contentOwnerId, contentTitle, sharerId, sharerUsername, contactIds, sharedAt: now },
          },
        ];
      }

      case 'ShuffleMatches': {
        const { userId, seed, isPremium, now } = command.data;
        if (!isPremium && remainingShuffles(state, now) <= 0) throw new QuotaExceededError(CONTENT_MESSAGES.shufflesExhausted);
        return [{ type: 'MatchesShuffled', data: { userId, seed, shuffledAt: now } }];
      }
    }
  },
};
