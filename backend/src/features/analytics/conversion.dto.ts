import type { ConversionDoc } from '@crossfeed/projections/conversions/conversions.projection.ts';

/** A conversion as the API answers it (SPEC does not show the fields; snake_case like the rest). */
export interface ConversionDto {
  id: string;
  content_id: string;
  contact_id: string | null;
  short_code: string | null;
  kind: string;
  value: number;
  created_at: string;
}

export function toConversionDto(doc: ConversionDoc): ConversionDto {
  return {
    id: doc._id,
    content_id: doc.content_id,
    contact_id: doc.contact_id,
    short_code: doc.short_code,
    kind: doc.kind,
    value: doc.value,
    created_at: doc.created_at,
  };
}
