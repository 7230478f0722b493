import type { DomainEvent } from '../shared/decider.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';

/**
 * Events of `workspace-{userId}`: the creator's home workspace selection (SPEC §2 Home workspace, §4
 * Workspace steps). `matchIds` are other creators' contents chosen to share (step 1), `contentIds` the
 * creator's own contents chosen for the queue (step 2). Each event carries the whole selection, so the
 * latest one is the state.
 */
export type WorkspaceSelectionChanged = DomainEvent<
  'WorkspaceSelectionChanged',
  { userId: string; matchIds: string[]; contentIds: string[]; changedAt: string }
>;
/** "All content shared! Progress has been reset." or Start Over: steps and selections back to the start. */
export type WorkspaceReset = DomainEvent<'WorkspaceReset', { userId: string; resetAt: string }>;

export type WorkspaceEvent = WorkspaceSelectionChanged | WorkspaceReset;

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const workspaceEventSchemas = {
  WorkspaceSelectionChanged: z.object({ userId: z.string(), matchIds: z.array(z.string()), contentIds: z.array(z.string()), changedAt: z.string() }),
  WorkspaceReset: z.object({ userId: z.string(), resetAt: z.string() }),
} satisfies EventSchemas<WorkspaceEvent>;
