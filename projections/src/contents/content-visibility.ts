import { MODERATION_HIDDEN, NOT_SEARCHABLE } from '@crossfeed/domain/rules/content-visibility.ts';
import type { Filter } from '@crossfeed/platform/read-store/read-store.port.ts';

/**
 * The read-store side of the visibility rule. The rule itself lives once, in
 * domain/src/rules/content-visibility.ts; each filter here selects the documents the domain predicate of
 * the same name accepts: keep them in step (match.queries.int.test.ts checks the two agree).
 */

/** `inMatchPools` as a read-store filter. */
export const MATCH_POOL_FILTER: Filter = { deleted: false, status: 'active', moderation_status: { $nin: [...MODERATION_HIDDEN] } };

/** `inTopPerformerPools` as a read-store filter. */
export const TOP_PERFORMER_POOL_FILTER: Filter = {
  deleted: false,
  status: { $in: ['active', 'shared'] },
  moderation_status: { $nin: [...MODERATION_HIDDEN] },
};

/**
 * `inSearch` as a read-store filter. (Written as an exclusion so the read store keeps planning search by its
 * sort index rather than by status.)
 */
export const SEARCH_FILTER: Filter = { deleted: false, status: { $nin: [...NOT_SEARCHABLE] }, moderation_status: { $nin: [...MODERATION_HIDDEN] } };

/** The owner's own list (GET /content/): everything not removed. */
export const OWN_LIST_FILTER = (userId: string): Filter => ({ user_id: userId, deleted: false, moderation_status: { $ne: 'deleted' } });
