import type { Decider } from '../shared/decider.ts';
import { NotFoundError, ValidationError } from '../shared/errors.ts';
import { MODERATION_STATUSES, type ModerationStatus } from '../rules/content-types.ts';
import type { ContentEvent } from './content.events.ts';
import type { ModerationCommand } from './moderation.commands.ts';

export const MODERATION_MESSAGES = {
  invalidStatus: `Status must be one of: ${MODERATION_STATUSES.join(', ')}.`,
  contentNotFound: 'Content not found.',
} as const;

export interface ModerationState {
  /** The last status a moderator set, null before any. */
  status: ModerationStatus | null;
  removed: boolean;
}

const isModerationStatus = (status: string): status is ModerationStatus =>
  (MODERATION_STATUSES as readonly string[]).includes(status);

/**
 * Moderation of `content-{id}` (SPEC §4 Content moderation status, §6 Admin). Other deciders share the
 * stream (links, clicks): this one ignores their events.
 */
export const moderationDecider: Decider<ModerationState, ModerationCommand, ContentEvent> = {
  initialState: () => ({ status: null, removed: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'ContentStatusChanged':
        return { ...state, status: event.data.status };
      case 'ContentRemovedByAdmin':
        return { ...state, removed: true };
      default:
        return state;
    }
  },

  decide(command, state) {
    if (state.removed) throw new NotFoundError(MODERATION_MESSAGES.contentNotFound);
    switch (command.type) {
      case 'ChangeContentStatus': {
        const { contentId, ownerId, contentTitle, status, changedBy, now } = command.data;
        if (!isModerationStatus(status)) throw new ValidationError(MODERATION_MESSAGES.invalidStatus);
        const previousStatus = state.status ?? command.data.currentStatus ?? null;
        if (previousStatus === status) return [];
        return [
          {
            type: 'ContentStatusChanged',
            data: { contentId, ownerId, contentTitle, status, previousStatus, changedBy, changedAt: now },
          },
        ];
      }
      case 'RemoveContent': {
        const { contentId, ownerId, contentTitle, removedBy, now } = command.data;
        return [{ type: 'ContentRemovedByAdmin', data: { contentId, ownerId, contentTitle, removedBy, removedAt: now } }];
      }
    }
  },
};
