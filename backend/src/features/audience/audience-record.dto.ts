import type { AudienceRecordDoc } from '@crossfeed/projections/audience/audience-records.projection.ts';

/** An audience record as the API answers it (SPEC does not show the fields; snake_case like the rest). */
export interface AudienceRecordDto {
  id: string;
  name: string;
  platform: string;
  size: number;
  engagement_rate: number | null;
  notes: string;
  created_at: string;
  updated_at: string;
}

export function toAudienceRecordDto(doc: AudienceRecordDoc): AudienceRecordDto {
  return {
    id: doc._id,
    name: doc.name,
    platform: doc.platform,
    size: doc.size,
    engagement_rate: doc.engagement_rate,
    notes: doc.notes,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}
