import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection } from '../projection.ts';

export const CONVERSIONS = 'conversions';

/** A `conversions` document: one conversion recorded by a content owner. */
export interface ConversionDoc extends Doc {
  content_id: string;
  owner_id: string;
  contact_id: string | null;
  short_code: string | null;
  kind: string;
  value: number;
  recorded_by: string;
  created_at: string;
}

export const conversionsProjection = defineProjection({
  name: 'conversions',
  version: 1,
  collections: { [CONVERSIONS]: [{ key: { owner_id: 1, created_at: -1 } }, { key: { content_id: 1 } }] },
  handlers: {
    ConversionRecorded: ({ data }) => [
      {
        op: 'upsert',
        collection: CONVERSIONS,
        id: data.conversionId,
        update: {
          $set: {
            content_id: data.contentId,
            owner_id: data.ownerId,
            contact_id: data.contactId,
            short_code: data.shortCode,
            kind: data.kind,
            value: data.value,
            recorded_by: data.recordedBy,
            created_at: data.recordedAt,
          },
        },
      },
    ],
  },
});
