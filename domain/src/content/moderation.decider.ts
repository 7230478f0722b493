import type { Decider } from '../shared/decider.ts';
import { NotFoundError, ValidationError } from '../shared/errors.ts';
import { MODERATION_STATUSES, type ModerationStatus } from '../rules/content-types.ts';
import { FLAG_REASON_MAX } from '../rules/limits.ts';
import type { ContentEvent } from './content.events.ts';
import type { ModerationCommand } from './moderation.commands.ts';

/** The longest reason an admin may give, and the longest one told to the owner. */
export const MODERATION_REASON_MAX = FLAG_REASON_MAX;

export const MODERATION_MESSAGES = {
  invalidStatus: `Status must be one of: ${MODERATION_STATUSES.join(', ')}.`,
  contentNotFound: 'Content not found.',
  reasonTooLong: `The reason must be at most ${MODERATION_REASON_MAX} characters.`,
} as const;

/**
 * The reason the owner is told: the admin's own (trimmed) when given; for a removal without one, the open
 * flags' distinct reasons, joined and cut to MODERATION_REASON_MAX; else none.
 */
export function moderationReason(adminReason: string | null | undefined, flagReasons: readonly string[] = [], removal = true): string | null {
  const own = adminReason?.trim() ?? '';
  if (own.length > MODERATION_REASON_MAX) throw new ValidationError(MODERATION_MESSAGES.reasonTooLong);
  if (own) return own;
  if (!removal) return null;
  const reasons = [...new Set(flagReasons.map((reason) => reason.trim()).filter(Boolean))];
  if (reasons.length === 0) return null;
  const joined = reasons.join('; ');
  return joined.length <= MODERATION_REASON_MAX ? joined : `${joined.slice(0, MODERATION_REASON_MAX - 1)}…`;
}

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
        const reason = moderationReason(command.data.reason, command.data.flagReasons, status === 'deleted');
        const previousStatus = state.status ?? command.data.currentStatus ?? null;
        if (previousStatus === status) return [];
        const data = { contentId, ownerId, contentTitle, status, previousStatus, changedBy, changedAt: now };
        return [{ type: 'ContentStatusChanged', data: reason === null ? data : { ...data, reason } }];
      }
      case 'RemoveContent': {
        const { contentId, ownerId, contentTitle, removedBy, now } = command.data;
        const reason = moderationReason(command.data.reason, command.data.flagReasons);
        const data = { contentId, ownerId, contentTitle, removedBy, removedAt: now };
        return [{ type: 'ContentRemovedByAdmin', data: reason === null ? data : { ...data, reason } }];
      }
    }
  },
};
