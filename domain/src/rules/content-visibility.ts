/**
 * Who may see which content (docs/exchange.md, docs/security.md "Moderated content"). The one place for it:
 * the routes, the workers and the read-store filters (projections/src/contents/content-visibility.ts) all
 * use these predicates; none restates them.
 *
 * They read the fields the contents read model holds:
 * - `deleted`: deleted by its owner (or removed by an admin);
 * - owner status (`status`): `pending` (queued), `active` (released: in the match pools), `shared` (reached
 *   its required shares: out of the pools), `inactive` (paused by its owner);
 * - moderation (`moderation_status`): `flagged`, `under_review` and `deleted` hide the content from everyone
 *   but its owner and the admins; `approved` (or none yet) hides nothing.
 */

/** The fields of a content document the visibility rule reads. */
export interface ContentVisibilityFields {
  deleted: boolean;
  status: string;
  moderation_status: string | null;
}

/** Moderation statuses that hide content from everyone but its owner and the admins. */
export const MODERATION_HIDDEN: readonly string[] = ['flagged', 'under_review', 'deleted'];

/** Deleted by its owner or removed by an admin: gone for everyone. */
export const isRemoved = (doc: ContentVisibilityFields): boolean => doc.deleted || doc.moderation_status === 'deleted';

/** Held by moderation (flagged, under review or removed), or deleted. */
export const isModerationHidden = (doc: ContentVisibilityFields): boolean =>
  isRemoved(doc) || (doc.moderation_status !== null && MODERATION_HIDDEN.includes(doc.moderation_status));

/**
 * THE visibility rule: may anyone but its owner and the admins see this content at all — as a workspace
 * match, behind its short link (GET /links/{code}), in a share e-mail (checked again before each batch of
 * e-mails), in a scheduled share? Not deleted, not removed, not flagged and not under review.
 * Every narrower rule below starts from it.
 */
export const isVisibleToOthers = (doc: ContentVisibilityFields): boolean => !isModerationHidden(doc);

/**
 * Live in the exchange: visible to others and released (active, or shared up to its required count), not
 * paused and not still queued. Only a share of live content counts toward a match, and only live content of
 * another creator may be selected as a workspace match (docs/exchange.md).
 */
export const isLive = (doc: ContentVisibilityFields): boolean => isVisibleToOthers(doc) && (doc.status === 'active' || doc.status === 'shared');

/** May be shared by id (a pending item too: its share counts like any other); not while paused. */
export const isShareable = (doc: ContentVisibilityFields): boolean => isVisibleToOthers(doc) && doc.status !== 'inactive';

/** Its short link redirects (the owner's own link: queued or paused content still resolves). */
export const isLinkable = (doc: ContentVisibilityFields): boolean => isVisibleToOthers(doc);

/** In the match pools (GET /content/match, POST /content/shuffle): released and not yet shared. */
export const inMatchPools = (doc: ContentVisibilityFields): boolean => isVisibleToOthers(doc) && doc.status === 'active';

/**
 * In the Premium "Top performers" pools: released content, whether still collecting shares (`active`) or
 * done (`shared`). A top performer's best items are the ones that reached their required shares, so they
 * stay here after leaving the match pools.
 */
export const inTopPerformerPools = (doc: ContentVisibilityFields): boolean =>
  isVisibleToOthers(doc) && (doc.status === 'active' || doc.status === 'shared');

/** Owner statuses kept out of search: queued and paused content. */
export const NOT_SEARCHABLE: readonly string[] = ['pending', 'inactive'];
/** In GET /search/ results: released content (active or shared), not held by moderation. */
export const inSearch = (doc: ContentVisibilityFields): boolean => isVisibleToOthers(doc) && !NOT_SEARCHABLE.includes(doc.status);

/** GET /content/{id}: anyone signed in while visible; its owner and admins while held or paused. */
export const isReadableBy = (doc: ContentVisibilityFields & { user_id: string }, user: { _id: string; is_admin?: boolean }): boolean =>
  !isRemoved(doc) && (doc.user_id === user._id || user.is_admin === true || isVisibleToOthers(doc));

/** The status SPEC §3 shows: a moderation status while one applies, else the owner status. */
export const shownStatus = (doc: ContentVisibilityFields): string => doc.moderation_status ?? doc.status;
/** "An admin is reviewing this content": flagged or under review. */
export const isUnderReview = (doc: ContentVisibilityFields): boolean => doc.moderation_status === 'flagged' || doc.moderation_status === 'under_review';
