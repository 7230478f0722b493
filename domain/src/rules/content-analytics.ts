/** Advanced analytics (Premium): the daily series of one content, its range and who may read it. */

/** Without `from`/`to`: the last 30 UTC days, today included. */
export const CONTENT_DAILY_DEFAULT_DAYS = 30;
/** The longest range one request may cover (a year, leap day included). */
export const CONTENT_DAILY_MAX_DAYS = 366;

export const CONTENT_ANALYTICS_MESSAGES = {
  premiumOnly: 'Advanced analytics (daily charts, the sharer breakdown and CSV export) are a Premium feature. Upgrade to Premium to see them.',
} as const;
