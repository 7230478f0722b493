import type { WorkspaceEvent } from '@crossfeed/domain/workspace/workspace.events.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectionHandlers, type ProjectionOp } from '../projection.ts';

export const WORKSPACES = 'workspaces';

/** A `workspaces` document: one creator's home workspace selection (`_id` is the user id). */
export interface WorkspaceDoc extends Doc {
  user_id: string;
  /** Other creators' contents chosen to share (step 1), in the order chosen. */
  match_ids: string[];
  /** The creator's own contents chosen for the queue (step 2). */
  content_ids: string[];
  updated_at: string;
}

const selection = (userId: string, matchIds: string[], contentIds: string[], at: string): ProjectionOp => ({
  op: 'upsert',
  collection: WORKSPACES,
  id: userId,
  update: { $set: { user_id: userId, match_ids: matchIds, content_ids: contentIds, updated_at: at } },
});

/** Typed by the workspace events: a new event type fails to compile until it is handled here. */
const handlers: Required<Pick<ProjectionHandlers, WorkspaceEvent['type']>> = {
  WorkspaceSelectionChanged: ({ data }) => [selection(data.userId, data.matchIds, data.contentIds, data.changedAt)],
  WorkspaceReset: ({ data }) => [selection(data.userId, [], [], data.resetAt)],
};

export const workspacesProjection = defineProjection({
  name: 'workspaces',
  version: 1,
  // Read by `_id` (the user id) only.
  collections: { [WORKSPACES]: [] },
  handlers,
});
