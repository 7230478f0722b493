import { WORKSPACE_CONTENTS_MAX, WORKSPACE_ID_MAX_LENGTH, WORKSPACE_MATCHES_MAX } from '../rules/limits.ts';
import type { Decider } from '../shared/decider.ts';
import { ForbiddenError, ValidationError } from '../shared/errors.ts';
import type { WorkspaceCommand } from './workspace.commands.ts';
import type { WorkspaceEvent } from './workspace.events.ts';

export const WORKSPACE_MESSAGES = {
  userRequired: 'userId is required.',
  badTime: 'must be an ISO time in UTC (YYYY-MM-DDTHH:mm:ss.sssZ).',
  otherUser: 'This workspace belongs to another user.',
  badIds: (field: string) => `${field} must be a list of content ids.`,
  tooMany: (field: string, max: number) => `${field} may hold at most ${max} ids.`,
} as const;

/**
 * The latest selection and whose it is. Every event replaces the two lists, which are bounded
 * (WORKSPACE_MATCHES_MAX, WORKSPACE_CONTENTS_MAX): the state never grows with the stream, so `evolve`
 * is O(1) however many toggles the stream holds (DESIGN §3).
 */
export interface WorkspaceState {
  userId: string | null;
  matchIds: string[];
  contentIds: string[];
}

const isUtcIso = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value;
};

function requireTime(value: unknown): string {
  if (!isUtcIso(value)) throw new ValidationError(`now: ${WORKSPACE_MESSAGES.badTime}`);
  return value;
}

function requireOwner(state: WorkspaceState, userId: unknown): string {
  if (typeof userId !== 'string' || !userId) throw new ValidationError(WORKSPACE_MESSAGES.userRequired);
  if (state.userId !== null && state.userId !== userId) throw new ForbiddenError(WORKSPACE_MESSAGES.otherUser);
  return userId;
}

/** Ids in the order first chosen, each once. */
function requireIds(value: unknown, field: string, max: number): string[] {
  if (!Array.isArray(value)) throw new ValidationError(WORKSPACE_MESSAGES.badIds(field));
  const ids: string[] = [];
  for (const id of value) {
    if (typeof id !== 'string' || id.trim() === '' || id.length > WORKSPACE_ID_MAX_LENGTH) {
      throw new ValidationError(WORKSPACE_MESSAGES.badIds(field));
    }
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > max) throw new ValidationError(WORKSPACE_MESSAGES.tooMany(field, max));
  return ids;
}

const sameIds = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id, i) => id === b[i]);

/** A creator's home workspace selection on `workspace-{userId}`. */
export const workspaceDecider: Decider<WorkspaceState, WorkspaceCommand, WorkspaceEvent> = {
  initialState: () => ({ userId: null, matchIds: [], contentIds: [] }),

  evolve(state, event) {
    if (state.userId === null) state.userId = event.data.userId;
    switch (event.type) {
      case 'WorkspaceSelectionChanged':
        state.matchIds = event.data.matchIds;
        state.contentIds = event.data.contentIds;
        return state;
      case 'WorkspaceReset':
        state.matchIds = [];
        state.contentIds = [];
        return state;
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ChangeWorkspaceSelection': {
        const userId = requireOwner(state, command.data.userId);
        const matchIds = requireIds(command.data.matchIds, 'match_ids', WORKSPACE_MATCHES_MAX);
        const contentIds = requireIds(command.data.contentIds, 'content_ids', WORKSPACE_CONTENTS_MAX);
        const changedAt = requireTime(command.data.now);
        // The same selection again (a retried request, another tab): nothing happened.
        if (sameIds(matchIds, state.matchIds) && sameIds(contentIds, state.contentIds)) return [];
        return [{ type: 'WorkspaceSelectionChanged', data: { userId, matchIds, contentIds, changedAt } }];
      }

      case 'ResetWorkspace': {
        const userId = requireOwner(state, command.data.userId);
        const resetAt = requireTime(command.data.now);
        // Already empty (another tab reset it first): nothing to reset.
        if (state.matchIds.length === 0 && state.contentIds.length === 0) return [];
        return [{ type: 'WorkspaceReset', data: { userId, resetAt } }];
      }
    }
  },
};
