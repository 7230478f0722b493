/** SPEC §8 Content and sharing: the creator analytics texts. */
export const ANALYTICS_FETCH_FAILED = 'Failed to fetch analytics.';
