export interface ChangeContentStatus {
  type: 'ChangeContentStatus';
  data: {
    contentId: string;
    ownerId: string;
    contentTitle: string;
    /** Checked against MODERATION_STATUSES by the decider. */
    status: string;
    /** The status the read model shows now (the owner status until a moderator first sets one). */
    currentStatus?: string | null;
    changedBy: string;
    now: string;
  };
}

export interface RemoveContent {
  type: 'RemoveContent';
  data: { contentId: string; ownerId: string; contentTitle: string; removedBy: string; now: string };
}

export type ModerationCommand = ChangeContentStatus | RemoveContent;
