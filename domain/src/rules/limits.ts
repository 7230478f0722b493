/** Business constants of SPEC §9 and the tier rules of §6: the one place they are defined. */

export const PREMIUM_PRICE_USD_CENTS = 1200;
export const MONEY_BACK_GUARANTEE_DAYS = 14;

/** Free tier quotas; Premium is unlimited. */
export const FREE_WEEKLY_SUBMISSIONS = 3;
export const FREE_DAILY_SHARES = 3;
/** "Limited shuffles (one match shuffle per batch)": a batch is a day of matches. */
export const FREE_DAILY_SHUFFLES = 3;

export const MATCHED_ITEMS = 4;
export const DEFAULT_REQUIRED_SHARES = 5;
export const PROGRESS_CAP_PERCENT = 100;

export const PROFILE_NAME_MAX = 50;
export const PROFILE_BIO_MAX = 280;
export const CONTACT_NAME_MAX = 100;
export const WAITLIST_NAME_MAX = 32;
export const WAITLIST_EMAIL_MAX = 64;
export const WAITLIST_TOP_TIER = 100;

export const CONTENT_TITLE_MAX = 200;
export const CONTENT_DESCRIPTION_MAX = 2000;
export const CONTENT_URL_MAX = 2048;
export const CONTENT_CATEGORIES_MAX = 10;
export const CATEGORY_MAX_LENGTH = 40;
export const FLAG_REASON_MAX = 1000;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MAX = 256;

/** Bulk contact upload (SPEC §5 Bulk upload; sizes are ours). */
export const CONTACT_FILE_TYPES = ['.csv', '.json'] as const;
/** Room for a 50,000-person export with many columns (Google Contacts writes ~30 per row). */
export const CONTACT_FILE_MAX_BYTES = 32 * 1024 * 1024;
/** A waitlist entry's holder is e-mailed a link to it at most once in this long (lookups by address). */
export const WAITLIST_ENTRY_LINK_WINDOW_MS = 10 * 60 * 1000;
/** A JSON file is parsed whole: big lists come as CSV, which is read as a stream. */
export const CONTACT_JSON_MAX_BYTES = 4 * 1024 * 1024;
/** A whole Free list in one file (`CONTACTS_MAX_FREE`). */
export const CONTACT_FILE_MAX_ROWS = 50_000;
/** A bulk upload is decided and appended in commands of at most this many rows (bounded work per step). */
export const CONTACT_ROWS_PER_COMMAND = 250;
/** Contacts one creator may keep: a bound on the `contacts-{userId}` stream (and on what a share fans out to). */
export const CONTACTS_MAX_FREE = 50_000;
export const CONTACTS_MAX_PREMIUM = 250_000;

/** Referral rewards one referrer earns per calendar month (UTC): waitlist credits, or promo codes for users. */
export const REFERRAL_REWARDS_PER_MONTH = 10;

/** Longest advanced-search query (SPEC §7 GET /search/; the length is ours). */
export const SEARCH_QUERY_MAX = 200;
/** Content ids per analytics or metrics request: plenty for a dashboard, bounded for the read store. */
export const ANALYTICS_IDS_MAX = 200;

/**
 * Paged lists (GET /notifications/, /contacts/, /content/, /flags/, /audience/, /search/...): `limit` items
 * from `offset`, the total in the `X-Total-Count` header. A larger `limit` is clamped to the maximum.
 */
export const PAGE_SIZE_DEFAULT = 100;
export const PAGE_SIZE_MAX = 500;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_SECONDS = 24 * 60 * 60;

/** Start of the ISO week (Monday 00:00 UTC) containing `iso`: the window of the weekly submission quota. */
export function weekStart(iso: string): string {
  const date = new Date(iso);
  const day = (date.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day)).toISOString();
}

/** Start of the UTC day containing `iso`: the window of the daily share and shuffle quotas. */
export function dayStart(iso: string): string {
  return `${iso.slice(0, 10)}T00:00:00.000Z`;
}

/** The home workspace selection kept on the server: a bound on what one PUT may hold (our sizes). */
export const WORKSPACE_MATCHES_MAX = 20;
export const WORKSPACE_CONTENTS_MAX = 50;
export const WORKSPACE_ID_MAX_LENGTH = 100;

/** Items one batch action (Premium) may name: pause/resume/delete content, delete contacts (our size). */
export const BATCH_ITEMS_MAX = 100;
/** Searches a Free user may run per UTC day (GET /search/); Premium is unlimited. */
export const FREE_DAILY_SEARCHES = 10;

/** Auto-scheduling (Premium): how far ahead an action may be scheduled, and how many may wait per user. */
export const SCHEDULE_MAX_DAYS_AHEAD = 90;
export const SCHEDULES_PENDING_MAX = 50;
