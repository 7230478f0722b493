import type { ContentShared, ShareSkip } from '@crossfeed/domain/users/user.events.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { Projection, ProjectionOp } from '../projection.ts';

export const SHARES = 'shares';

/** A `shares` document: one share of one content by one user to some of their contacts. */
export interface ShareDoc extends Doc {
  content_id: string;
  content_owner_id: string;
  sharer_id: string;
  /** The contacts this share reached (logs written before the exchange: every contact selected). */
  contact_ids: string[];
  /** Selected contacts it did not reach, and why. */
  skipped?: ShareSkip[];
  shared_at: string;
}

export const sharesProjection: Projection = {
  name: 'shares',
  // 2: `skipped` kept; the sharer's own list by time.
  version: 2,
  collections: {
    [SHARES]: [
      // What a user already shared (matching leaves out content shared up to its required count).
      { key: { sharer_id: 1, content_id: 1 } },
      // GET /content/shares/sent: the sharer's shares, newest first.
      { key: { sharer_id: 1, shared_at: -1 } },
      // A content's shares and a creator's received shares (analytics).
      { key: { content_id: 1, shared_at: -1 } },
      { key: { content_owner_id: 1, shared_at: -1 } },
    ],
  },
  handles: new Set(['ContentShared']),

  project(event): ProjectionOp[] {
    if (event.type !== 'ContentShared') return [];
    const data = event.data as ContentShared['data'];
    return [
      {
        op: 'upsert',
        collection: SHARES,
        id: data.shareId,
        update: {
          $set: {
            content_id: data.contentId,
            content_owner_id: data.contentOwnerId,
            sharer_id: data.sharerId,
            contact_ids: data.contactIds,
            skipped: data.skipped ?? [],
            shared_at: data.sharedAt,
          },
        },
      },
    ];
  },
};
