import type { Filter } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { ContentDoc } from './contents.projection.ts';

/**
 * The one place that says who sees which content (docs/exchange.md). Each rule comes twice, as a
 * predicate on a document and as the read-store filter that selects the same documents: keep them together.
 *
 * - Owner status (`status`): `pending` (queued), `active` (released: in the match pools), `shared` (reached
 *   its required shares: out of the pools), `inactive` (paused by its owner).
 * - Moderation (`moderation_status`): `flagged`, `under_review` and `deleted` hide the content from
 *   everyone but its owner and the admins; `approved` hides nothing.
 */
export const MODERATION_HIDDEN: readonly string[] = ['flagged', 'under_review', 'deleted'];
/**
 * Owner statuses kept out of search: queued and paused content. (Written as an exclusion so the read
 * store keeps planning search by its sort index rather than by status.)
 */
const NOT_SEARCHABLE: readonly string[] = ['pending', 'inactive'];

/** Deleted by its owner or removed by an admin: gone for everyone. */
export const isRemoved = (doc: ContentDoc): boolean => doc.deleted || doc.moderation_status === 'deleted';
/** Held by moderation (flagged, under review or removed). */
export const isModerationHidden = (doc: ContentDoc): boolean =>
  isRemoved(doc) || (doc.moderation_status !== null && MODERATION_HIDDEN.includes(doc.moderation_status));

/** In the match pools (GET /content/match, POST /content/shuffle): released and not yet shared. */
export const inMatchPools = (doc: ContentDoc): boolean => !isModerationHidden(doc) && doc.status === 'active';
export const MATCH_POOL_FILTER: Filter = { deleted: false, status: 'active', moderation_status: { $nin: [...MODERATION_HIDDEN] } };

/** In GET /search/ results: released content (active or shared), not held by moderation. */
export const inSearch = (doc: ContentDoc): boolean => !isModerationHidden(doc) && !NOT_SEARCHABLE.includes(doc.status);
export const SEARCH_FILTER: Filter = { deleted: false, status: { $nin: [...NOT_SEARCHABLE] }, moderation_status: { $nin: [...MODERATION_HIDDEN] } };

/** May be shared by id (a pending item too: its share counts like any other); not while paused. */
export const isShareable = (doc: ContentDoc): boolean => !isModerationHidden(doc) && doc.status !== 'inactive';
/**
 * Live in the exchange: released (active, or shared up to its required count) and neither paused nor held
 * by moderation. Only a share of live content counts toward a match (docs/exchange.md).
 */
export const isLive = (doc: ContentDoc): boolean => !isModerationHidden(doc) && (doc.status === 'active' || doc.status === 'shared');

/** GET /content/{id}: anyone signed in while shareable or released; its owner and admins while held or paused. */
export const isReadableBy = (doc: ContentDoc, user: { _id: string; is_admin?: boolean }): boolean =>
  !isRemoved(doc) && (doc.user_id === user._id || user.is_admin === true || !isModerationHidden(doc));

/** The owner's own list (GET /content/): everything not removed. */
export const OWN_LIST_FILTER = (userId: string): Filter => ({ user_id: userId, deleted: false, moderation_status: { $ne: 'deleted' } });

/** The status SPEC §3 shows: a moderation status while one applies, else the owner status. */
export const shownStatus = (doc: ContentDoc): string => doc.moderation_status ?? doc.status;
/** "An admin is reviewing this content": flagged or under review. */
export const isUnderReview = (doc: ContentDoc): boolean => doc.moderation_status === 'flagged' || doc.moderation_status === 'under_review';
