import type { DomainEvent } from '../shared/decider.ts';
import type { FlagOutcome } from './flag-outcome.ts';

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
