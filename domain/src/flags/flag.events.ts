import type { DomainEvent } from '../shared/decider.ts';
import type { FlagOutcome } from './flag-outcome.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';
import { FLAG_OUTCOMES } from './flag-outcome.ts';

/** Events of `flag-{flagId}`. */
export type ContentFlagged = DomainEvent<
  'ContentFlagged',
  {
    flagId: string;
    contentId: string;
    ownerId: string;
    contentTitle: string;
    reporterId: string;
    reporterUsername: string;
    reason: string;
    flaggedAt: string;
  }
>;
export type FlagDeleted = DomainEvent<
  'FlagDeleted',
  {
    flagId: string;
    contentId: string;
    deletedBy: string;
    deletedAt: string;
    /**
     * The last open flag on content under review: what the admin chose for the content (flag-outcome.ts).
     * Absent otherwise, and in events recorded before it was asked.
     */
    outcome?: FlagOutcome;
  }
>;
export type FlagEvent = ContentFlagged | FlagDeleted;

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const flagEventSchemas = {
  ContentFlagged: z.object({
    flagId: z.string(),
    contentId: z.string(),
    ownerId: z.string(),
    contentTitle: z.string(),
    reporterId: z.string(),
    reporterUsername: z.string(),
    reason: z.string(),
    flaggedAt: z.string(),
  }),
  FlagDeleted: z.object({ flagId: z.string(), contentId: z.string(), deletedBy: z.string(), deletedAt: z.string(), outcome: z.enum(FLAG_OUTCOMES).optional() }),
} satisfies EventSchemas<FlagEvent>;
