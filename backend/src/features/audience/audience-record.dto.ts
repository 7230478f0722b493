import { z } from 'zod';
import type { AudienceRecordDoc } from '@crossfeed/projections/audience/audience-records.projection.ts';

/**
 * An audience record as the API answers it (SPEC does not show the fields; snake_case like the rest). The
 * schema describes it in the OpenAPI document (issue 26); the type is derived from it.
 */
export const AudienceRecordDtoSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    platform: z.string(),
    size: z.number().int().min(0),
    engagement_rate: z.number().min(0).max(100).nullable().describe('0-100, or null when not known.'),
    notes: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AudienceRecord' });
export type AudienceRecordDto = z.infer<typeof AudienceRecordDtoSchema>;

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
