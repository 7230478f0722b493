/** Texts of the Premium audience insights screen (not in SPEC: written here, kept in one place). */
export const AUDIENCE_INSIGHTS_TITLE = 'Audience insights';
export const OVERLAP_FETCH_FAILED = 'Failed to load audience overlap.';
export const CATEGORIES_FETCH_FAILED = 'Failed to load the categories your contacts click.';
export const OVERLAP_LOADING = 'Loading audience overlap...';
export const CATEGORIES_LOADING = 'Loading categories...';
export const OVERLAP_EMPTY =
  'No partners yet. A partner is a creator whose content you shared with your contacts and who shared yours: once you both have, you will see how your audiences overlap.';
export const CATEGORIES_EMPTY = 'Your contacts have not clicked a shared link yet.';
export const UPSELL_PITCH =
  'See how your audience overlaps with the creators you exchange with, and which content categories your contacts click. Audience insights are part of Premium.';
