/**
 * What a creator reads about a share before and after the press (docs/exchange.md): why a contact was not
 * e-mailed or not counted, and the note's length. Apart from `share-credit.ts` so the UI can import them
 * without the throwaway-domain list.
 */

/** Why a selected contact was not e-mailed by a share (it neither sends nor counts). */
export type ShareSkipReason =
  /** This sharer already reached this mailbox with this content (any copy of the address counts). */
  | 'already_shared'
  /** Another selected contact of the same share is the same mailbox (a `+tag` or Gmail-dots copy). */
  | 'duplicate_address'
  /** The address received the most Crossfeed e-mails a person gets in one UTC day, from all creators. */
  | 'daily_limit'
  /** A throwaway domain (mailchecker's list) or a reserved one that can never receive mail (`.invalid`...). */
  | 'throwaway_address'
  /** The sharer's own address, or a `+tag` / dotted copy of it. */
  | 'own_address'
  /** The person asked for no more e-mails (from this sharer, or from Crossfeed). */
  | 'unsubscribed'
  /** The address bounced for good, or its owner marked a Crossfeed e-mail as spam (or the creator's list says so). */
  | 'bounced'
  /** The creator's own list marks the person inactive or disabled (an imported export, docs/features/contact-import.md). */
  | 'suppressed'
  /** The sharer has e-mailed as many people today as their account may. */
  | 'email_budget';

/**
 * Why a contact a share e-mailed did not count toward the match (yet): the match was complete, or the e-mail
 * goes at the contact's best time and counts then.
 */
export type UncountedReason = 'match_complete' | 'scheduled';

/** The texts a creator reads for each reason (share modal, sent shares, contacts). */
export const SHARE_REASON_LABELS: Readonly<Record<ShareSkipReason | UncountedReason, string>> = {
  already_shared: 'Already has this content',
  duplicate_address: 'Same mailbox as another selected contact',
  daily_limit: "Has had today's Crossfeed e-mails",
  throwaway_address: 'Throwaway or made-up address',
  own_address: 'Your own address',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  suppressed: 'Inactive in your list',
  email_budget: "Past today's sending limit",
  match_complete: 'Match already complete',
  scheduled: 'Counts when their e-mail goes, at their best time',
};

/** Most characters of the sharer's personal note ("Why I recommend this"). */
export const SHARE_NOTE_MAX = 280;
