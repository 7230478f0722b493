/** Commands of `workspace-{userId}`. Each carries the time it was issued (`now`). */

/**
 * The route has checked in the read models that every new match id is another creator's visible content
 * and every content id the caller's own.
 */
export interface ChangeWorkspaceSelection {
  type: 'ChangeWorkspaceSelection';
  data: { userId: string; matchIds: string[]; contentIds: string[]; now: string };
}

export interface ResetWorkspace {
  type: 'ResetWorkspace';
  data: { userId: string; now: string };
}

export type WorkspaceCommand = ChangeWorkspaceSelection | ResetWorkspace;
