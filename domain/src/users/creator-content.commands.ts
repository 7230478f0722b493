import type { ListStatus } from '../contacts/contact.events.ts';
import type { CreditWithdrawalReason, ShareDeliveryRef } from './user.events.ts';

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

/** One selected contact of a share: the mailbox is derived from the address by the decider. */
export interface ShareTarget {
  contactId: string;
  name: string;
  email: string;
  /** What the sharer's imported list says of the person (`ContactAdded.listStatus`); absent or null: active. */
  listStatus?: ListStatus | null;
}

/** What the suppression list and the network-wide cap say of one mailbox (read models; the worker checks again). */
export interface MailboxFacts {
  /** No e-mail from this sharer may reach it: the person unsubscribed, or it bounced or complained. */
  suppressed: 'unsubscribed' | 'bounced' | null;
  /** Crossfeed share e-mails it was sent or promised today, from all creators. */
  sentToday: number;
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
    /** The sharer's own address: a contact that is a copy of it earns nothing. */
    sharerEmail: string;
    /** The selected contacts, in the order chosen (repeats are ignored). */
    contacts: ShareTarget[];
    /** Released, not paused, not held by moderation: a share of anything else counts toward no match. */
    contentLive: boolean;
    /** The shared content's `required_shares`: that many people reached by this sharer complete the match. */
    requiredShares: number;
    /** Facts of the selected contacts' mailboxes, by mailbox (absent: nothing known, nothing sent today). */
    mailboxes: Readonly<Record<string, MailboxFacts>>;
    /** Crossfeed e-mails one address may receive per UTC day (`MAX_EMAILS_PER_ADDRESS_PER_DAY`). */
    addressDailyCap: number;
    /** People this account may e-mail today (`dailyEmailBudget`). */
    emailBudget: number;
    /** The sharer's contacts that bounced or complained and are still in their list (the bounce-rate pause). */
    heldBouncedContacts: number;
    /** The sharer's personal note, or null. */
    note: string | null;
    /**
     * `best_time` (Premium): each e-mail goes at its contact's best hour, and counts when it goes
     * (`CreditDelivery`); `now` (the default): sent and counted at once.
     */
    sendAt?: 'now' | 'best_time';
    /** The sharer's IANA time zone, for `best_time` (09:00 there for contacts without a click). */
    timeZone?: string;
    /** The sharer's pending content to release when this share completes the match (else the oldest). */
    releaseContentId?: string;
    isPremium: boolean;
    now: string;
  };
}

/** A deferred share's e-mail to one mailbox went: the person counts now, if the match still needs them. */
export interface CreditDelivery {
  type: 'CreditDelivery';
  data: ShareDeliveryRef & { requiredShares: number; now: string };
}

/**
 * Takes back the credit of a share's e-mail to one mailbox: it bounced, was marked as spam, or was never
 * sent (the worker found the address suppressed or capped, or the content gone). Idempotent.
 */
export interface WithdrawShareCredit {
  type: 'WithdrawShareCredit';
  data: ShareDeliveryRef & { contactName: string | null; reason: CreditWithdrawalReason; now: string };
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
  | WithdrawShareCredit
  | CreditDelivery
  | ShuffleMatches
  | PauseContent
  | ResumeContent
  | BatchContentAction
  | ReleaseQueuedContent;
