import { isDeliveredVisitor } from '@crossfeed/domain/content/content-links.decider.ts';
import type { LinkClicked } from '@crossfeed/domain/content/content.events.ts';
import type { ContentSubmitted } from '@crossfeed/domain/users/user.events.ts';
import { shareCredit, withdrawnCredit } from '@crossfeed/domain/rules/share-credit.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectionOp } from '../projection.ts';

export const CONTENTS = 'contents';

/**
 * A `contents` document (docs/building-features.md): one piece of content with its owner status, its
 * progress towards the required shares and the measured facts of its links.
 */
export interface ContentDoc extends Doc {
  user_id: string;
  /** The creator's username, denormalized for the `user` of the content DTO. */
  username: string;
  title: string;
  description: string;
  url: string;
  content_type: string;
  /** Lowercase, trimmed, unique. */
  categories: string[];
  /**
   * The owner status (docs/exchange.md): `pending` (queued), `active` (released to the match pools),
   * `shared` (reached its required shares), `inactive` (paused by its owner).
   */
  status: string;
  /** Set by an admin (`flagged`, `under_review`, `approved`, `deleted`); null until one is. */
  moderation_status: string | null;
  /** The reason of the latest flag, if any was made. */
  moderation_reason: string | null;
  /**
   * The reason recorded with the latest moderation decision (the admin's, or the flags' for a removal); null
   * when it had none. Absent in documents written before it was kept: read it with `?? null`.
   */
  decision_reason?: string | null;
  required_shares: number;
  share_count: number;
  /** Human clicks on its short links; bot clicks are kept apart. */
  short_link_clicks: number;
  bot_clicks: number;
  /**
   * Counted clicks (docs/scores.md): a visitor once per UTC day, within the address and daily bounds (clicks
   * recorded before visitors were kept count each). What scores use; `short_link_clicks` is shown as is.
   */
  unique_clicks: number;
  /** Counted clicks of contacts Crossfeed e-mailed the content to: the clicks rankings use. */
  verified_clicks: number;
  /** Every conversion recorded, self-reported ones included (shown to the owner). */
  conversions_count: number;
  /** Conversions tied to a counted click within the window: the only ones scores and rankings use. */
  verified_conversions: number;
  links: { short_code: string; created_at: string }[];
  enhanced_url: string | null;
  /** Deleted by its owner or removed by an admin: out of every list, 404 on read. */
  deleted: boolean;
  created_at: string;
  updated_at: string;
}

/** share_count + `credit` reaches required_shares (evaluated on the document before the share is counted). */
const reachesRequired = (credit: number) => ({ $gte: [{ $add: ['$share_count', credit] }, '$required_shares'] });
const staysBelowRequired = (credit: number) => ({ $lt: [{ $add: ['$share_count', credit] }, '$required_shares'] });
const HAS_REQUIRED = { $gte: ['$share_count', '$required_shares'] };
const LACKS_REQUIRED = { $lt: ['$share_count', '$required_shares'] };

/**
 * Into the exchange: `shared` if it already has its required shares (a pending item's shares count too),
 * else `active`. Two mutually exclusive writes (a projection never reads); the position guard keeps it idempotent.
 */
function enterExchange(contentId: string, at: string): ProjectionOp[] {
  return [
    { op: 'updateMany', collection: CONTENTS, filter: { _id: contentId, $expr: HAS_REQUIRED }, update: { $set: { status: 'shared', updated_at: at } } },
    { op: 'updateMany', collection: CONTENTS, filter: { _id: contentId, $expr: LACKS_REQUIRED }, update: { $set: { status: 'active', updated_at: at } } },
  ];
}

/** The counters a click moves: a bot's apart; a person's in all, counted, and verified (docs/scores.md). */
function clickCounters(data: LinkClicked['data']): Record<string, number> {
  if (!data.human) return { bot_clicks: 1 };
  // Recorded before visitors were kept: counted each, as they were then.
  const counted = data.unique ?? true;
  if (!counted) return { short_link_clicks: 1 };
  if (data.visitor && isDeliveredVisitor(data.visitor)) return { short_link_clicks: 1, unique_clicks: 1, verified_clicks: 1 };
  return { short_link_clicks: 1, unique_clicks: 1 };
}

function withoutId({ _id: _ignored, ...fields }: ContentDoc): Record<string, unknown> {
  return fields;
}

/** A content document as submitted, before any share, click, link or moderation. */
export function newContentDoc(data: ContentSubmitted['data']): ContentDoc {
  return {
    _id: data.contentId,
    user_id: data.userId,
    username: data.username,
    title: data.title,
    description: data.description,
    url: data.url,
    content_type: data.contentType,
    categories: data.categories,
    // Logs written before the exchange: submitted content was active at once.
    status: data.queued === true ? 'pending' : 'active',
    moderation_status: null,
    moderation_reason: null,
    required_shares: data.requiredShares,
    share_count: 0,
    short_link_clicks: 0,
    bot_clicks: 0,
    unique_clicks: 0,
    verified_clicks: 0,
    conversions_count: 0,
    verified_conversions: 0,
    links: [],
    enhanced_url: null,
    deleted: false,
    created_at: data.submittedAt,
    updated_at: data.submittedAt,
  };
}

export const contentsProjection = defineProjection({
  name: 'contents',
  // 2: the owner status (pending, active, shared, inactive) apart from moderation (`moderation_status`, `moderation_reason`).
  // 3: counted and verified clicks and conversions (`unique_clicks`, `verified_clicks`, `verified_conversions`).
  version: 3,
  collections: {
    [CONTENTS]: [
      // The owner's list (GET /content/) and the weekly submission count.
      { key: { user_id: 1, created_at: -1 } },
      // Match candidates by category, newest first (multikey on MongoDB).
      { key: { categories: 1, created_at: -1 } },
      // Match fallback and search: visible content, newest first; and the views sort.
      { key: { deleted: 1, status: 1, created_at: -1 } },
      { key: { deleted: 1, short_link_clicks: -1 } },
      // Visibility (content-visibility.ts) filters on moderation: an indexed path, so the SQLite store
      // answers those filters exactly in SQL (sorts, limits and counts included) instead of in memory.
      { key: { moderation_status: 1 } },
      // Short-link resolution by code.
      { key: { 'links.short_code': 1 } },
    ],
  },
  handlers: {
    ContentSubmitted: ({ data }) => {
      return [
        {
          op: 'upsert',
          collection: CONTENTS,
          id: data.contentId,
          update: {
            $set: withoutId(newContentDoc(data)),
          },
        },
      ];
    },
    ContentEdited: ({ data }) => {
      return [
        { op: 'update', collection: CONTENTS, id: data.contentId, update: { $set: { title: data.title, description: data.description, updated_at: data.editedAt } } },
      ];
    },
    ContentDeleted: ({ data }) => {
      return [{ op: 'update', collection: CONTENTS, id: data.contentId, update: { $set: { deleted: true, updated_at: data.deletedAt } } }];
    },
    ContentShared: ({ data }) => {
      // The people the share counted (`shareCredit`): the owner's share_count counts what the match counts.
      const credit = shareCredit(data);
      if (credit === 0) return [];
      // Two mutually exclusive writes (a projection never reads): exactly one matches the document. Once
      // one applied, the position guard stops the other.
      return [
        {
          op: 'updateMany',
          collection: CONTENTS,
          filter: { _id: data.contentId, status: 'active', $expr: reachesRequired(credit) },
          update: { $inc: { share_count: credit }, $set: { status: 'shared' } },
        },
        {
          op: 'updateMany',
          collection: CONTENTS,
          filter: { _id: data.contentId, $or: [{ status: { $ne: 'active' } }, { $expr: staysBelowRequired(credit) }] },
          update: { $inc: { share_count: credit } },
        },
      ];
    },
    ShareCreditGranted: (event) => {
      // A deferred share's e-mail went: its person counts now, as a share's credit does.
      const { data } = event;
      if (data.credit === 0) return [];
      return [
        {
          op: 'updateMany',
          collection: CONTENTS,
          filter: { _id: data.contentId, status: 'active', $expr: reachesRequired(data.credit) },
          update: { $inc: { share_count: data.credit }, $set: { status: 'shared' } },
        },
        {
          op: 'updateMany',
          collection: CONTENTS,
          filter: { _id: data.contentId, $or: [{ status: { $ne: 'active' } }, { $expr: staysBelowRequired(data.credit) }] },
          update: { $inc: { share_count: data.credit } },
        },
      ];
    },
    ShareCreditWithdrawn: ({ data }) => {
      const credit = withdrawnCredit(data);
      // The status stays: an item that became `shared` keeps it, as a completed match stays completed.
      return credit === 0 ? [] : [{ op: 'update', collection: CONTENTS, id: data.contentId, update: { $inc: { share_count: -credit } } }];
    },
    ContentReleased: ({ data }) => {
      return enterExchange(data.contentId, data.releasedAt);
    },
    ContentPaused: ({ data }) => {
      return [{ op: 'update', collection: CONTENTS, id: data.contentId, update: { $set: { status: 'inactive', updated_at: data.pausedAt } } }];
    },
    ContentResumed: ({ data }) => {
      if (data.released) return enterExchange(data.contentId, data.resumedAt);
      return [{ op: 'update', collection: CONTENTS, id: data.contentId, update: { $set: { status: 'pending', updated_at: data.resumedAt } } }];
    },
    ContentFlagged: ({ data }) => {
      return [{ op: 'update', collection: CONTENTS, id: data.contentId, update: { $set: { moderation_reason: data.reason } } }];
    },
    ContentStatusChanged: ({ data }) => {
      return [
        {
          op: 'update',
          collection: CONTENTS,
          id: data.contentId,
          update: { $set: { moderation_status: data.status, decision_reason: data.reason ?? null, updated_at: data.changedAt } },
        },
      ];
    },
    ContentRemovedByAdmin: ({ data }) => {
      return [
        {
          op: 'update',
          collection: CONTENTS,
          id: data.contentId,
          update: { $set: { deleted: true, moderation_status: 'deleted', decision_reason: data.reason ?? null, updated_at: data.removedAt } },
        },
      ];
    },
    ShortLinkCreated: ({ data }) => {
      return [
        {
          op: 'update',
          collection: CONTENTS,
          id: data.contentId,
          update: { $push: { links: { short_code: data.shortCode, created_at: data.createdAt } } },
        },
      ];
    },
    ContentEnhanced: ({ data }) => {
      return [{ op: 'update', collection: CONTENTS, id: data.contentId, update: { $set: { enhanced_url: data.enhancedUrl, updated_at: data.enhancedAt } } }];
    },
    LinkClicked: ({ data }) => {
      return [{ op: 'update', collection: CONTENTS, id: data.contentId, update: { $inc: clickCounters(data) } }];
    },
    ConversionRecorded: ({ data }) => {
      const counters = data.verified === true ? { conversions_count: 1, verified_conversions: 1 } : { conversions_count: 1 };
      return [{ op: 'update', collection: CONTENTS, id: data.contentId, update: { $inc: counters } }];
    },
  },
});
