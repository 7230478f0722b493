import type { DomainEvent } from '../shared/decider.ts';

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
export type FlagDeleted = DomainEvent<'FlagDeleted', { flagId: string; contentId: string; deletedBy: string; deletedAt: string }>;
export type FlagEvent = ContentFlagged | FlagDeleted;
