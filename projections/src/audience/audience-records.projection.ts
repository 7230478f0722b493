import type { AudienceRecordAdded, AudienceRecordRemoved, AudienceRecordUpdated } from '@crossfeed/domain/audience/audience.events.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { Projection, ProjectionOp } from '../projection.ts';

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

export const audienceRecordsProjection: Projection = {
  name: 'audience_records',
  version: 1,
  collections: { [AUDIENCE_RECORDS]: [{ key: { user_id: 1, created_at: 1 } }] },
  handles: new Set(['AudienceRecordAdded', 'AudienceRecordUpdated', 'AudienceRecordRemoved']),

  project(event): ProjectionOp[] {
    switch (event.type) {
      case 'AudienceRecordAdded': {
        const data = event.data as AudienceRecordAdded['data'];
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
      }
      case 'AudienceRecordUpdated': {
        const data = event.data as AudienceRecordUpdated['data'];
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
      }
      case 'AudienceRecordRemoved': {
        const data = event.data as AudienceRecordRemoved['data'];
        return [{ op: 'delete', collection: AUDIENCE_RECORDS, id: data.recordId }];
      }
      default:
        return [];
    }
  },
};
