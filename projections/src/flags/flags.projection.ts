import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection } from '../projection.ts';

export const FLAGS = 'flags';

/**
 * A `flags` document: an open report. The content's type, categories and status change after the flag
 * (edits, moderation), so queries read them from `contents`; only the title at flag time is kept here.
 */
export interface FlagDoc extends Doc {
  content_id: string;
  owner_id: string;
  reason: string;
  created_at: string;
  /** The reporter. */
  user: { id: string; username: string };
  content: { title: string };
}

/** The admin review list (SPEC §2 Admin report): open flags; deleting a flag or the content removes them. */
export const flagsProjection = defineProjection({
  name: 'flags',
  version: 1,
  collections: {
    [FLAGS]: [{ key: { content_id: 1 } }, { key: { created_at: -1 } }],
  },
  handlers: {
    ContentFlagged: ({ data }) => {
      return [
        {
          op: 'upsert',
          collection: FLAGS,
          id: data.flagId,
          update: {
            $set: {
              content_id: data.contentId,
              owner_id: data.ownerId,
              reason: data.reason,
              created_at: data.flaggedAt,
              user: { id: data.reporterId, username: data.reporterUsername },
              content: { title: data.contentTitle },
            },
          },
        },
      ];
    },
    FlagDeleted: ({ data }) => [{ op: 'delete', collection: FLAGS, id: data.flagId }],
    ContentRemovedByAdmin: ({ data }) => [{ op: 'deleteMany', collection: FLAGS, filter: { content_id: data.contentId } }],
  },
});
