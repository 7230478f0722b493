import { z } from 'zod';
import type { ConversionDoc } from '@crossfeed/projections/conversions/conversions.projection.ts';

/** A conversion as the API answers it (SPEC does not show the fields; snake_case like the rest). */
export const ConversionDtoSchema = z.object({
  id: z.string(),
  content_id: z.string(),
  contact_id: z.string().nullable().describe('The contact it is attributed to, if any.'),
  short_code: z.string().nullable().describe('The short link it came through, if known.'),
  kind: z.string(),
  value: z.number().min(0),
  created_at: z.string(),
}).meta({ id: 'Conversion' });
export type ConversionDto = z.infer<typeof ConversionDtoSchema>;

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
