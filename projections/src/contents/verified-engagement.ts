/**
 * What "Top performers" and ranked matching weigh a creator by (docs/scores.md, "Rankings"): engagement
 * nobody can pump from outside. Delivered shares (one per person reached), clicks of the contacts Crossfeed
 * e-mailed the content to (once a day each) and verified conversions; anonymous clicks and self-reported
 * conversions are left out. A read-store expression, summed over a creator's visible content.
 */
export const VERIFIED_ENGAGEMENT = {
  $add: ['$share_count', { $ifNull: ['$verified_clicks', 0] }, { $ifNull: ['$verified_conversions', 0] }],
} as const;
