import { MODERATION_HIDDEN } from '@crossfeed/domain/rules/content-visibility.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTENTS, type ContentDoc } from './contents.projection.ts';

/**
 * What "Top performers" and ranked matching weigh a creator by (docs/scores.md, "Rankings"): engagement
 * nobody can pump from outside. Delivered shares (one per person reached), clicks of the contacts Crossfeed
 * e-mailed the content to (once a day each) and verified conversions; anonymous clicks and self-reported
 * conversions are left out. A read-store expression, summed over a creator's visible content.
 */
export const VERIFIED_ENGAGEMENT = {
  $add: ['$share_count', { $ifNull: ['$verified_clicks', 0] }, { $ifNull: ['$verified_conversions', 0] }],
} as const;

/**
 * Each creator's verified engagement over their content others may see (not deleted, not held by
 * moderation): the one total the matching worker's pools and the API's fallback rank Top performers by.
 */
export async function creatorEngagement(store: ReadStore, userIds: readonly string[] | 'all'): Promise<Map<string, number>> {
  const ids = userIds === 'all' ? undefined : [...new Set(userIds)];
  const rows = await store.collection<ContentDoc>(CONTENTS).aggregate<{ _id: string; total: number }>([
    { $match: { ...(ids ? { user_id: { $in: ids } } : {}), deleted: false, moderation_status: { $nin: [...MODERATION_HIDDEN] } } },
    { $group: { _id: '$user_id', total: { $sum: VERIFIED_ENGAGEMENT } } },
  ]);
  return new Map(rows.map((row) => [row._id, row.total]));
}
