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

export interface CreatorContentState {
  /** Content this user submitted, by id (deleted content stays, marked). */
  contents: Readonly<Record<string, { deleted: boolean }>>;
  /** Submissions per ISO week (key: `weekStart`); deleting content does not give the submission back. */
  submissionsByWeek: Readonly<Record<string, number>>;
  lastSubmittedAt: string | null;
  /** Shares made by this user per UTC day (key: `dayStart`). */
  sharesByDay: Readonly<Record<string, number>>;
  /** Shuffles per UTC day (key: `dayStart`). */
  shufflesByDay: Readonly<Record<string, number>>;
}

const increment = (counts: Readonly<Record<string, number>>, key: string): Record<string, number> => ({
  ...counts,
  [key]: (counts[key] ?? 0) + 1,
});

export const weeklySubmissionCount = (state: CreatorContentState, now: string): number =>
  state.submissionsByWeek[weekStart(now)] ?? 0;
export const dailyShareCount = (state: CreatorContentState, now: string): number => state.sharesByDay[dayStart(now)] ?? 0;
export const dailyShuffleCount = (state: CreatorContentState, now: string): number =>
  state.shufflesByDay[dayStart(now)] ?? 0;

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
  const content = state.contents[contentId];
  // Another user's content is not in this stream: the same 404 as a missing id, so ids do not leak.
  if (!content || content.deleted) throw new NotFoundError(CONTENT_MESSAGES.notFound);
}

export const creatorContentDecider: Decider<CreatorContentState, CreatorContentCommand, UserEvent> = {
  initialState: () => ({ contents: {}, submissionsByWeek: {}, lastSubmittedAt: null, sharesByDay: {}, shufflesByDay: {} }),

  evolve(state, event) {
    switch (event.type) {
      case 'ContentSubmitted':
        return {
          ...state,
          contents: { ...state.contents, [event.data.contentId]: { deleted: false } },
          submissionsByWeek: increment(state.submissionsByWeek, weekStart(event.data.submittedAt)),
          lastSubmittedAt:
            state.lastSubmittedAt && state.lastSubmittedAt > event.data.submittedAt ? state.lastSubmittedAt : event.data.submittedAt,
        };
      case 'ContentDeleted':
        return { ...state, contents: { ...state.contents, [event.data.contentId]: { deleted: true } } };
      case 'ContentShared':
        return { ...state, sharesByDay: increment(state.sharesByDay, dayStart(event.data.sharedAt)) };
      case 'MatchesShuffled':
        return { ...state, shufflesByDay: increment(state.shufflesByDay, dayStart(event.data.shuffledAt)) };
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
        if (state.contents[contentId]) throw new ValidationError('This content id is already used.');
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
        if (contentOwnerId === sharerId || state.contents[contentId]) throw new ValidationError(CONTENT_MESSAGES.shareOwnContent);
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
