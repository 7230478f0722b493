import { z } from 'zod';
import type { CategoryClicks, OverlapFigures } from '@crossfeed/domain/rules/audience-insights.ts';

const count = z.number().int().min(0);

/** How two audiences overlapped (domain/src/rules/audience-insights.ts): figures only when `shown`. */
export const OverlapFiguresSchema = z.object({
  status: z.enum(['shown', 'few', 'your_audience_small', 'their_audience_small']),
  shared_contacts: count.nullable().describe("Contacts whose e-mail is in both lists; null unless `shown`."),
  percent_of_my_audience: z.number().nullable().describe('shared / my contacts, as a whole percentage; null unless `shown`.'),
  percent_of_their_audience: z.number().nullable().describe('shared / their contacts, as a whole percentage; null unless `shown`.'),
}) satisfies z.ZodType<OverlapFigures>;

/**
 * One partner of GET /analytics/audience/overlap: who, how you exchanged, and how your audiences overlapped
 * in today's snapshot (both lists as they stood at 00:00 UTC).
 */
export const AudienceOverlapDtoSchema = OverlapFiguresSchema.extend({
  partner_id: z.string(),
  partner_username: z.string().nullable(),
  shares_given: count.describe('Your delivered shares of their content.'),
  shares_received: count.describe('Their delivered shares of your content.'),
  last_shared_at: z.string(),
  lists_as_of: z.string().describe("The instant both lists were compared as of: 00:00 UTC today (the day's snapshot)."),
}).meta({ id: 'AudienceOverlap' });
export type AudienceOverlapDto = z.infer<typeof AudienceOverlapDtoSchema>;

export const CategoryClicksSchema = z.object({
  category: z.string(),
  clicks: count,
  percent: z.number().describe('clicks / all the clicks counted, as a whole percentage.'),
}) satisfies z.ZodType<CategoryClicks>;

/** GET /analytics/audience/categories. */
export const AudienceCategoriesDtoSchema = z.object({
  total_clicks: count,
  categories: z.array(CategoryClicksSchema),
}).meta({ id: 'AudienceCategories' });
export type AudienceCategoriesDto = z.infer<typeof AudienceCategoriesDtoSchema>;
