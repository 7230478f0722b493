import { isDisposableEmail } from './email-identity.ts';

/**
 * What a share earns (docs/exchange.md): credit is a person reached, never a press or a contact record.
 * The reasons a contact is not counted, and their labels, are in `share-reasons.ts`.
 * Every count of shares (match progress and release, the owner's `share_count`, analytics, the workspace)
 * reads a `ContentShared` event through `shareCredit`, and a `ShareCreditWithdrawn` through `withdrawnCredit`.
 */

/**
 * Top-level domains that can never receive mail (RFC 2606 and RFC 6761: `.test`, `.example`, `.invalid`,
 * `.localhost`) and `.local` (multicast DNS, never the Internet's mail).
 */
const RESERVED_TLDS: ReadonlySet<string> = new Set(['test', 'example', 'invalid', 'localhost', 'local']);

/** True when no real reader can be behind the address: a throwaway service or a reserved domain. */
export function isThrowawayAddress(email: string): boolean {
  if (isDisposableEmail(email)) return true;
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1).trim().toLowerCase().replace(/\.+$/, '');
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  return at <= 0 || domain === '' || RESERVED_TLDS.has(tld);
}

/**
 * The people a `ContentShared` event counts toward its match and the owner's `share_count`: `credit` on
 * events of the per-person rule; an event written before it (no `credit`) was one delivered share.
 */
export const shareCredit = (data: { credit?: number }): number => data.credit ?? 1;

/** The credit a `ShareCreditWithdrawn` takes back (0 when the mailbox had reached without counting). */
export const withdrawnCredit = (data: { credit: number }): number => data.credit;

/** The daily budgets of people one account may e-mail, by account standing (env `DAILY_EMAIL_BUDGET_*`). */
export interface EmailBudgets {
  unconfirmed: number;
  newAccount: number;
  free: number;
  premium: number;
}

export const DEFAULT_EMAIL_BUDGETS: EmailBudgets = { unconfirmed: 5, newAccount: 25, free: 100, premium: 2000 };

/** An account younger than this many days is "new" (confirmed, but its budget is still small). */
export const NEW_ACCOUNT_DAYS = 7;

export interface AccountStanding {
  emailConfirmed: boolean;
  /** ISO time; null when unknown (accounts of old logs count as established). */
  registeredAt: string | null;
  isPremium: boolean;
}

/** How many people the account may e-mail in the UTC day of `now`. */
export function dailyEmailBudget(account: AccountStanding, now: string, budgets: EmailBudgets): number {
  if (!account.emailConfirmed) return budgets.unconfirmed;
  const ageMs = account.registeredAt === null ? Number.POSITIVE_INFINITY : Date.parse(now) - Date.parse(account.registeredAt);
  if (ageMs < NEW_ACCOUNT_DAYS * 24 * 3600 * 1000) return budgets.newAccount;
  return account.isPremium ? budgets.premium : budgets.free;
}

/** The sends a sharer's bounce rate is read over, the fewest that make it meaningful, and the most allowed. */
export const BOUNCE_WINDOW = 200;
export const BOUNCE_MIN_SENDS = 10;
export const BOUNCE_RATE_MAX = 0.05;

/** True when hard bounces and complaints pass 5% of the last sends (at least `BOUNCE_MIN_SENDS` of them). */
export const bounceRateTooHigh = (sends: number, bad: number): boolean => sends >= BOUNCE_MIN_SENDS && bad > sends * BOUNCE_RATE_MAX;

export const sendingPausedMessage = (bad: number, sends: number, held: number): string =>
  `Sharing is paused: ${bad} of your last ${sends} e-mails bounced or were marked as spam. ` +
  `Remove the ${held === 1 ? 'contact' : `${held} contacts`} marked Bounced to share again.`;

/** The sharer's notification when a share's e-mail to one contact did not reach them. */
export function creditWithdrawnMessage(data: { contentTitle: string; contactName: string | null; reason: string; credit: number }): string {
  const who = data.contactName ?? 'a contact';
  const counted = data.credit > 0 ? ' It no longer counts toward your match.' : '';
  switch (data.reason) {
    case 'bounced':
      return `Your share of "${data.contentTitle}" to ${who} bounced: the address cannot receive e-mail.${counted}`;
    case 'complained':
      return `${who} marked your share of "${data.contentTitle}" as spam and will get no more Crossfeed e-mail.${counted}`;
    case 'suppressed':
      return `Your share of "${data.contentTitle}" was not sent to ${who}: the address takes no more Crossfeed e-mail.${counted}`;
    case 'contact_removed':
      return `Your share of "${data.contentTitle}" was not sent to ${who}: you removed the contact.${counted}`;
    case 'daily_limit':
      return `Your share of "${data.contentTitle}" was not sent to ${who}: they had received today's Crossfeed e-mails. You can share it with them again tomorrow.${counted}`;
    default:
      return `Your share of "${data.contentTitle}" was not sent to ${who}: the content is no longer available.${counted}`;
  }
}
