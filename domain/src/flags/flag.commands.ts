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
  data: { flagId: string; deletedBy: string; now: string };
}

export type FlagCommand = FlagContent | DeleteFlag;
