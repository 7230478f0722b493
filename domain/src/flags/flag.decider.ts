import type { Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { FLAG_REASON_MAX } from '../rules/limits.ts';
import type { FlagCommand } from './flag.commands.ts';
import { FLAG_OUTCOME_MESSAGES, isFlagOutcome } from './flag-outcome.ts';
import type { FlagEvent } from './flag.events.ts';

export const FLAG_MESSAGES = {
  reasonRequired: 'Please describe why you are flagging this content.',
  reasonTooLong: `The reason must be at most ${FLAG_REASON_MAX} characters.`,
  ownContent: 'You cannot flag your own content.',
  notFound: 'Flag not found.',
  alreadyFlagged: 'You have already flagged this content. An admin will review it.',
} as const;

export type FlagState =
  | { status: 'none' }
  | { status: 'open'; flagId: string; contentId: string }
  | { status: 'deleted'; flagId: string; contentId: string };

/**
 * `flag-{flagId}`: a report about one piece of content, open until an admin deletes it. The route derives
 * the id from the content and the reporter, so one stream holds one person's reports on one content: a
 * second report while one is open is refused, and a report can be made again once an admin deleted it.
 */
export const flagDecider: Decider<FlagState, FlagCommand, FlagEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'ContentFlagged':
        return { status: 'open', flagId: event.data.flagId, contentId: event.data.contentId };
      case 'FlagDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'FlagContent': {
        if (state.status === 'open') throw new ConflictError(FLAG_MESSAGES.alreadyFlagged);
        const { flagId, contentId, ownerId, contentTitle, reporterId, reporterUsername, now } = command.data;
        const reason = command.data.reason.trim();
        if (!reason) throw new ValidationError(FLAG_MESSAGES.reasonRequired);
        if (reason.length > FLAG_REASON_MAX) throw new ValidationError(FLAG_MESSAGES.reasonTooLong);
        if (reporterId === ownerId) throw new ValidationError(FLAG_MESSAGES.ownContent);
        return [
          {
            type: 'ContentFlagged',
            data: { flagId, contentId, ownerId, contentTitle, reporterId, reporterUsername, reason, flaggedAt: now },
          },
        ];
      }
      case 'DeleteFlag': {
        if (state.status !== 'open') throw new NotFoundError(FLAG_MESSAGES.notFound);
        const { flagId, deletedBy, now, leavesContentUnderReview = false, outcome = null } = command.data;
        if (!leavesContentUnderReview) return [{ type: 'FlagDeleted', data: { flagId, contentId: state.contentId, deletedBy, deletedAt: now } }];
        // The last open flag on content under review: the admin says what becomes of the content.
        if (!isFlagOutcome(outcome)) throw new ConflictError(FLAG_OUTCOME_MESSAGES.required);
        return [{ type: 'FlagDeleted', data: { flagId, contentId: state.contentId, deletedBy, deletedAt: now, outcome } }];
      }
    }
  },
};
