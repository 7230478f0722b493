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
    /** The admin's reason, optional (trimmed; blank is none). */
    reason?: string | null;
    /** The reasons of the content's open flags: the owner is told these when removal comes without a reason. */
    flagReasons?: readonly string[];
  };
}

export interface RemoveContent {
  type: 'RemoveContent';
  data: {
    contentId: string;
    ownerId: string;
    contentTitle: string;
    removedBy: string;
    now: string;
    /** The admin's reason, optional (trimmed; blank is none). */
    reason?: string | null;
    /** The reasons of the content's open flags, told to the owner when the admin gives none. */
    flagReasons?: readonly string[];
  };
}

export type ModerationCommand = ChangeContentStatus | RemoveContent;
