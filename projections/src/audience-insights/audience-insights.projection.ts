import { STILL_LISTED, listedFrom, listedUntil, snapshotDay } from '@crossfeed/domain/rules/audience-insights.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectionHandlers, type ProjectionOp } from '../projection.ts';
import { emailHash } from './email-hash.ts';

/**
 * Read models of the Premium audience insights (docs/features/audience-insights.md). They hold no e-mail and no
 * name: the overlap of two audiences is counted from hashes, server-side, and only counts leave the server.
 */

/**
 * One contact's e-mail hash (`_id` is the contact id) and the days whose snapshots hold it: overlaps are
 * computed from each list as it stood at 00:00 UTC (domain/src/rules/audience-insights.ts), so a removed
 * contact is kept (a hash, counted in no later snapshot) until the first removal, by anyone, of a later day.
 */
export const CONTACT_EMAIL_HASHES = 'contact_email_hashes';
/**
 * Two creators linked by a delivered share, one document per direction (`_id` `${user_id}:${partner_id}`).
 * They are partners only once shares went both ways (`isPartnership`); a one-sided link is kept, not shown.
 */
export const AUDIENCE_PARTNERS = 'audience_partners';
/** People's clicks on one content reached through one creator's contacts (`_id` `${user_id}:${content_id}`). */
export const AUDIENCE_CONTENT_CLICKS = 'audience_content_clicks';

export interface ContactEmailHashDoc extends Doc {
  user_id: string;
  /** sha256 of the trimmed, lowercase e-mail (email-hash.ts). */
  email_hash: string;
  /** The first day (YYYY-MM-DD, UTC) whose snapshot holds it: the day after it was added. */
  listed_from: string;
  /** The first day whose snapshot no longer holds it: the day after it was removed, else STILL_LISTED. */
  listed_until: string;
}

export interface AudiencePartnerDoc extends Doc {
  user_id: string;
  partner_id: string;
  /** Delivered shares `user_id` made of `partner_id`'s content. */
  shares_given: number;
  /** Delivered shares `partner_id` made of `user_id`'s content. */
  shares_received: number;
  last_shared_at: string;
}

export interface AudienceContentClicksDoc extends Doc {
  user_id: string;
  content_id: string;
  clicks: number;
}

export const partnerId = (userId: string, partner: string): string => `${userId}:${partner}`;
export const contentClicksId = (userId: string, contentId: string): string => `${userId}:${contentId}`;

function partnerOp(userId: string, partner: string, counter: 'shares_given' | 'shares_received', at: string): ProjectionOp {
  const other = counter === 'shares_given' ? 'shares_received' : 'shares_given';
  return {
    op: 'upsert',
    collection: AUDIENCE_PARTNERS,
    id: partnerId(userId, partner),
    update: {
      $set: { user_id: userId, partner_id: partner },
      $setOnInsert: { [other]: 0 },
      $inc: { [counter]: 1 },
      $max: { last_shared_at: at },
    },
  };
}

/** Typed by the events it handles: a renamed or new event type fails to compile until handled here. */
const handlers: ProjectionHandlers = {
  ContactAdded: ({ data }) => [
    {
      op: 'upsert',
      collection: CONTACT_EMAIL_HASHES,
      id: data.contactId,
      update: {
        $set: { user_id: data.userId, email_hash: emailHash(data.email), listed_from: listedFrom(data.addedAt), listed_until: STILL_LISTED },
      },
    },
  ],
  ContactRemoved: ({ data }) => [
    // Kept for the snapshot of the day it was removed: the removal shows from the next day only.
    { op: 'update', collection: CONTACT_EMAIL_HASHES, id: data.contactId, update: { $set: { listed_until: listedUntil(data.removedAt) } } },
    // Removed contacts (anyone's) that no snapshot from today on holds are forgotten: an index range that is
    // empty but for the first removal of a day.
    { op: 'deleteMany', collection: CONTACT_EMAIL_HASHES, filter: { listed_until: { $lte: snapshotDay(data.removedAt) } } },
  ],
  ContentShared: ({ data }) => {
    // Creators are linked by a delivered share (one that reached a contact), never with oneself; partners once both ways.
    if (data.contactIds.length === 0 || data.sharerId === data.contentOwnerId) return [];
    return [
      partnerOp(data.sharerId, data.contentOwnerId, 'shares_given', data.sharedAt),
      partnerOp(data.contentOwnerId, data.sharerId, 'shares_received', data.sharedAt),
    ];
  },
  LinkClicked: ({ data }) => {
    // People's clicks by a known contact of a known creator only (bots and anonymous clicks say nothing of an audience).
    if (!data.human || !data.contactId || !data.sharerId) return [];
    return [
      {
        op: 'upsert',
        collection: AUDIENCE_CONTENT_CLICKS,
        id: contentClicksId(data.sharerId, data.contentId),
        update: { $set: { user_id: data.sharerId, content_id: data.contentId }, $inc: { clicks: 1 } },
      },
    ];
  },
};

export const audienceInsightsProjection = defineProjection({
  name: 'audience-insights',
  // 2: contacts carry the days of the snapshots holding them; removed ones are kept until expired.
  version: 2,
  collections: {
    // A creator's hashes of one day's snapshot in order (paged), and "which of these hashes does this
    // creator's snapshot hold" (`$in`): both answered from the index alone.
    [CONTACT_EMAIL_HASHES]: [
      { key: { user_id: 1, email_hash: 1, listed_from: 1, listed_until: 1 } },
      // The removed contacts no snapshot holds any more. (Not led by `user_id`: SQLite would prefer its range
      // to the `$in` above, and scan a whole list for each page.)
      { key: { listed_until: 1 } },
    ],
    // A creator's partners, most recent exchange first, and which of them shared both ways.
    [AUDIENCE_PARTNERS]: [{ key: { user_id: 1, last_shared_at: -1 } }, { key: { user_id: 1, shares_given: 1, shares_received: 1 } }],
    [AUDIENCE_CONTENT_CLICKS]: [{ key: { user_id: 1 } }],
  },
  handlers,
});
