import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection } from '../projection.ts';

export const AUDIENCE_RECORDS = 'audience_records';

/** An `audience_records` document: one channel/audience a creator reaches. */
export interface AudienceRecordDoc extends Doc {
  user_id: string;
  name: string;
  platform: string;
  size: number;
  engagement_rate: number | null;
  notes: string;
  created_at: string;
  updated_at: string;
}

export const audienceRecordsProjection = defineProjection({
  name: 'audience_records',
  version: 1,
  collections: { [AUDIENCE_RECORDS]: [{ key: { user_id: 1, created_at: 1 } }] },
  handlers: {
    AudienceRecordAdded: ({ data }) => {
      return [
        {
          op: 'upsert',
          collection: AUDIENCE_RECORDS,
          id: data.recordId,
          update: {
            $set: {
              user_id: data.userId,
              name: data.name,
              platform: data.platform,
              size: data.size,
              engagement_rate: data.engagementRate,
              notes: data.notes,
              created_at: data.addedAt,
              updated_at: data.addedAt,
            },
          },
        },
      ];
    },
    AudienceRecordUpdated: ({ data }) => {
      return [
        {
          op: 'update',
          collection: AUDIENCE_RECORDS,
          id: data.recordId,
          update: {
            $set: {
              name: data.name,
              platform: data.platform,
              size: data.size,
              engagement_rate: data.engagementRate,
              notes: data.notes,
              updated_at: data.updatedAt,
            },
          },
        },
      ];
    },
    AudienceRecordRemoved: ({ data }) => {
      return [{ op: 'delete', collection: AUDIENCE_RECORDS, id: data.recordId }];
    },
  },
});
