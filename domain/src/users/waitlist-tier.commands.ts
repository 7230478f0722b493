/** Commands of the waitlist carry-over, decided on the account's `user-{id}` stream. */

/** What the account's waitlist entry looks like now (read from the waitlist stream and read model). */
export interface WaitlistEntrySnapshot {
  emailKey: string;
  email: string;
  /** The entry's own confirmation link was followed (issue 12: only that confirms). */
  confirmed: boolean;
  /** The better of its join-order position and its rank earned by confirmed referrals (1-based). */
  position: number;
  referralCode: string;
}

/** How the "one month free" of positions past the top tier is granted (`WAITLIST_MONTH_FREE`). */
export type WaitlistMonthFree = 'at-signup' | 'off';

export interface CarryOverWaitlistTier {
  type: 'CarryOverWaitlistTier';
  data: {
    userId: string;
    entry: WaitlistEntrySnapshot;
    /**
     * The account holder proved they read this mailbox: the account's own e-mail was confirmed, or the
     * sign-up presented the proof the waitlist's confirmation link hands out. Without it nothing carries,
     * so nobody gets a tier for an address they do not control.
     */
    mailboxProven: boolean;
    monthFree: WaitlistMonthFree;
    now: string;
  };
}

export type WaitlistTierCommand = CarryOverWaitlistTier;
