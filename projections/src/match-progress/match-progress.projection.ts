import { shareCredit, withdrawnCredit } from '@crossfeed/domain/rules/share-credit.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectionHandlers } from '../projection.ts';

export const MATCH_PROGRESS = 'match_progress';

/** The id of one sharer's progress on one matched content. */
export const matchProgressId = (sharerId: string, contentId: string): string => `${sharerId}:${contentId}`;

/**
 * A `match_progress` document: how many people one sharer reached with one matched content and counted
 * toward its match (`shareCredit` of each `ContentShared`, plus `ShareCreditGranted` as deferred e-mails go,
 * less what `ShareCreditWithdrawn` took back).
 * The required shares and completion are read beside it from `contents`, where they may change.
 */
export interface MatchProgressDoc extends Doc {
  sharer_id: string;
  content_id: string;
  delivered: number;
  last_shared_at: string;
}

const handlers: ProjectionHandlers = {
  // `$inc` under the runner's position guard: a replayed event finds its position already stamped and counts nothing.
  ContentShared: ({ data }) => [
    {
      op: 'upsert',
      collection: MATCH_PROGRESS,
      id: matchProgressId(data.sharerId, data.contentId),
      update: {
        $set: { sharer_id: data.sharerId, content_id: data.contentId },
        $inc: { delivered: shareCredit(data) },
        $max: { last_shared_at: data.sharedAt },
      },
    },
  ],
  ShareCreditWithdrawn: ({ data }) =>
    withdrawnCredit(data) === 0
      ? []
      : [{ op: 'update', collection: MATCH_PROGRESS, id: matchProgressId(data.sharerId, data.contentId), update: { $inc: { delivered: -withdrawnCredit(data) } } }],
  ShareCreditGranted: ({ data }) =>
    data.credit === 0
      ? []
      : [{ op: 'update', collection: MATCH_PROGRESS, id: matchProgressId(data.sharerId, data.contentId), update: { $inc: { delivered: data.credit } } }],
};

export const matchProgressProjection = defineProjection({
  name: 'match_progress',
  version: 1,
  collections: {
    // GET /workspace reads by `_id`; a sharer's progress as a whole by sharer.
    [MATCH_PROGRESS]: [{ key: { sharer_id: 1, last_shared_at: -1 } }],
  },
  handlers,
});
