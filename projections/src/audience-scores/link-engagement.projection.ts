import { utcDay } from '@crossfeed/domain/rules/audience-score.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectionOp } from '../projection.ts';

export const LINK_ENGAGEMENT = 'link_engagement';

/**
 * One contact's engagement with one content on one UTC day: `${contentId}:${contactId}:${day}`. People's
 * (human) clicks only; bots and clicks without a known contact are left out. A day with `clicks > 0` is one
 * unique click (repeat clicks by the contact on that content that day count once). Keyed by id and written
 * under the runner's position guard, so a replay writes the same documents.
 */
export interface LinkEngagementDoc extends Doc {
  content_id: string;
  owner_id: string;
  contact_id: string;
  /** The creator whose contact it is (who sent the link); null for events recorded before it was kept. */
  sharer_id: string | null;
  day: string;
  clicks: number;
  conversions: number;
  /** Conversions tied to a counted click (the only ones contact scores use). */
  verified_conversions: number;
  /**
   * A contact Crossfeed e-mailed the content to (a sharer's), not the owner's hand-tracked one: only these
   * count in contact scores and the public "contacts who click" (docs/scores.md).
   */
  delivered: boolean;
}

export const engagementId = (contentId: string, contactId: string, day: string): string => `${contentId}:${contactId}:${day}`;

const COUNTERS = ['clicks', 'conversions', 'verified_conversions'] as const;
type Counter = (typeof COUNTERS)[number];

function engagementOp(
  data: { contentId: string; ownerId: string; contactId: string; sharerId?: string | null },
  at: string,
  counters: readonly Counter[],
): ProjectionOp {
  const day = utcDay(at);
  const fields = { content_id: data.contentId, owner_id: data.ownerId, contact_id: data.contactId, day };
  const increments = Object.fromEntries(counters.map((counter) => [counter, 1]));
  const zeros = Object.fromEntries(COUNTERS.filter((counter) => !counters.includes(counter)).map((counter) => [counter, 0]));
  return {
    op: 'upsert',
    collection: LINK_ENGAGEMENT,
    id: engagementId(data.contentId, data.contactId, day),
    update: data.sharerId
      ? { $set: { ...fields, sharer_id: data.sharerId, delivered: data.sharerId !== data.ownerId }, $inc: increments, $setOnInsert: zeros }
      : // Events from before the sharer was kept name none: counted as delivered, as they were then.
        { $set: fields, $inc: increments, $setOnInsert: { ...zeros, sharer_id: null, delivered: true } },
  };
}

export const linkEngagementProjection = defineProjection({
  name: 'link-engagement',
  // 2: `delivered` and `verified_conversions`.
  version: 2,
  collections: {
    [LINK_ENGAGEMENT]: [{ key: { contact_id: 1 } }, { key: { content_id: 1 } }, { key: { owner_id: 1 } }],
  },
  handlers: {
    LinkClicked: ({ data }) => {
      if (!data.human || !data.contactId) return [];
      return [engagementOp({ ...data, contactId: data.contactId }, data.clickedAt, ['clicks'])];
    },
    ConversionRecorded: ({ data }) => {
      if (!data.contactId) return [];
      return [engagementOp({ ...data, contactId: data.contactId }, data.recordedAt, data.verified === true ? ['conversions', 'verified_conversions'] : ['conversions'])];
    },
  },
});
