import type { FlagOutcome } from './flag-outcome.ts';

export interface FlagContent {
  type: 'FlagContent';
  data: {
    flagId: string;
    contentId: string;
    /** The content's creator (from the `contents` read model): nobody flags their own content. */
    ownerId: string;
    contentTitle: string;
    reporterId: string;
    reporterUsername: string;
    reason: string;
    now: string;
  };
}

export interface DeleteFlag {
  type: 'DeleteFlag';
  data: {
    flagId: string;
    deletedBy: string;
    now: string;
    /**
     * The route's reading of the read models: deleting this flag leaves its content flagged or under review
     * with no open flag (flag-outcome.ts `outcomeNeeded`). Absent means false.
     */
    leavesContentUnderReview?: boolean;
    /** The admin's answer for that content: approve it or keep its status. */
    outcome?: FlagOutcome | null;
  };
}

export type FlagCommand = FlagContent | DeleteFlag;
