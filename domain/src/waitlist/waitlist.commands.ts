export interface JoinWaitlist {
  type: 'JoinWaitlist';
  data: {
    /** `emailKey(email)`: the stream's identity, one position per email whatever its case. */
    emailKey: string;
    email: string;
    /** A referral code reserved for this email before joining. */
    referralCode: string;
    /** A known referral code of someone else, or null. */
    referredBy: string | null;
    now: string;
  };
}

export interface ConfirmWaitlistEmail {
  type: 'ConfirmWaitlistEmail';
  data: { emailKey: string; now: string };
}

/**
 * Decided on the referrer's stream: one credit per referred email, at most `monthlyCap` in the calendar
 * month (UTC) of `now` (the referred person's confirmation time, so a retried credit decides the same).
 */
export interface CreditReferral {
  type: 'CreditReferral';
  data: { emailKey: string; referredEmailKey: string; now: string; monthlyCap?: number };
}

/**
 * An address was typed (a lookup of the position, or joining again): the entry's holder gets a link to it by
 * e-mail, unless one went out within the window (the join's confirmation e-mail counting as the first).
 */
export interface RequestWaitlistEntryLink {
  type: 'RequestWaitlistEntryLink';
  data: { emailKey: string; now: string };
}

export type WaitlistCommand = JoinWaitlist | ConfirmWaitlistEmail | CreditReferral | RequestWaitlistEntryLink;
