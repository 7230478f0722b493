import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectedEvent, type ProjectionOp } from '../projection.ts';

export const SHORT_LINKS = 'short_links';

/**
 * A `short_links` document, keyed by its code. The target url is not stored: the redirect reads it from
 * `contents` (enhanced_url, else url), so an edit or an enhancement applies to links already handed out.
 */
export interface ShortLinkDoc extends Doc {
  content_id: string;
  owner_id: string;
  created_at: string;
  /** Clicks recorded on this link: by people, and by bots / HEAD requests. */
  clicks: number;
  bot_clicks: number;
}

/** Links of content that is gone stop resolving. */
const dropLinks = ({ data }: ProjectedEvent<'ContentRemovedByAdmin' | 'ContentDeleted'>): ProjectionOp[] => [
  { op: 'deleteMany', collection: SHORT_LINKS, filter: { content_id: data.contentId } },
];

export const shortLinksProjection = defineProjection({
  name: 'short_links',
  version: 1,
  collections: { [SHORT_LINKS]: [{ key: { content_id: 1 } }, { key: { owner_id: 1 } }] },
  handlers: {
    ShortLinkCreated: ({ data }) => {
      return [
        {
          op: 'upsert',
          collection: SHORT_LINKS,
          id: data.shortCode,
          update: {
            $set: { content_id: data.contentId, owner_id: data.ownerId, created_at: data.createdAt },
            $setOnInsert: { clicks: 0, bot_clicks: 0 },
          },
        },
      ];
    },
    LinkClicked: ({ data }) => {
      return [{ op: 'update', collection: SHORT_LINKS, id: data.shortCode, update: { $inc: data.human ? { clicks: 1 } : { bot_clicks: 1 } } }];
    },
    ContentRemovedByAdmin: dropLinks,
    ContentDeleted: dropLinks,
  },
});
