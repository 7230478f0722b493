/**
 * Commands of the creator's content on the `user-{id}` stream (submissions, edits, shares, shuffles).
 * Ids, the time and the caller's tier come from the route: the decider stays pure.
 */

export interface SubmitContent {
  type: 'SubmitContent';
  data: {
    contentId: string;
    userId: string;
    username: string;
    title: string;
    description: string;
    url: string;
    contentType: string;
    /** Already trimmed, lowercase and unique (`normalizeCategories`). */
    categories: string[];
    isPremium: boolean;
    now: string;
  };
}

export interface EditContent {
  type: 'EditContent';
  data: { contentId: string; userId: string; title: string; description: string; now: string };
}

export interface DeleteContent {
  type: 'DeleteContent';
  data: { contentId: string; userId: string; now: string };
}

export interface ShareContent {
  type: 'ShareContent';
  data: {
    shareId: string;
    contentId: string;
    contentOwnerId: string;
    contentTitle: string;
    sharerId: string;
    sharerUsername: string;
    contactIds: string[];
    /** Names of the selected contacts (by id), so a refusal can name them. */
    contactNames?: Record<string, string>;
    /** The shared content's `required_shares`: that many delivered shares by this sharer complete the match. */
    requiredShares: number;
    /** Shares one contact may receive per UTC day (`SHARE_EMAILS_PER_CONTACT_PER_DAY`). */
    contactDailyCap: number;
    /** The sharer's pending content to release when this share completes the match (else the oldest). */
    releaseContentId?: string;
    isPremium: boolean;
    now: string;
  };
}

/** The owner takes content out of the exchange (`inactive`) or puts it back. */
export interface PauseContent {
  type: 'PauseContent';
  data: { contentId: string; userId: string; now: string };
}
export interface ResumeContent {
  type: 'ResumeContent';
  data: { contentId: string; userId: string; now: string };
}

/**
 * Releases one of the owner's queued items (pending, or paused before it was released) on a banked credit:
 * the scheduled release of auto-scheduling. Refused when the item is already live or no credit is banked.
 */
export interface ReleaseQueuedContent {
  type: 'ReleaseQueuedContent';
  data: { contentId: string; userId: string; now: string };
}

export interface ShuffleMatches {
  type: 'ShuffleMatches';
  data: { userId: string; seed: number; isPremium: boolean; now: string };
}

/** What a batch does to each of its items (Premium). */
export type BatchContentActionKind = 'pause' | 'resume' | 'delete';

/**
 * Pause, resume or delete several own contents at once (Premium): every id is checked first and one
 * refused id refuses the batch; otherwise all its events are appended in one append.
 */
export interface BatchContentAction {
  type: 'BatchContentAction';
  data: { action: BatchContentActionKind; contentIds: string[]; userId: string; isPremium: boolean; now: string };
}

export type CreatorContentCommand =
  | SubmitContent
  | EditContent
  | DeleteContent
  | ShareContent
  | ShuffleMatches
  | PauseContent
  | ResumeContent
  | BatchContentAction
  | ReleaseQueuedContent;
