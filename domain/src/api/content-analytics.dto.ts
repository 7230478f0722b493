/**
 * The owner's analytics of one content: who brought people to it (`GET /content/{id}/attribution`, all
 * time) and, for Premium, the daily series with the same breakdown over a range
 * (`GET /analytics/content/{id}/daily`). One shape for the server and the UI; the zod schemas describe it
 * in the OpenAPI document (the types are derived from them).
 *
 * `clicks` are people's clicks: bots are never counted. `unique_clicks` count a known contact's repeat
 * clicks on one content on one UTC day once; a click without a known contact counts each.
 */
import { z } from 'zod';

const count = z.number().int().min(0);

export const AttributionCountsSchema = z.object({
  clicks: count,
  unique_clicks: count,
  conversions: count,
});
export type AttributionCounts = z.infer<typeof AttributionCountsSchema>;

export const AttributedContactDtoSchema = AttributionCountsSchema.extend({
  contact_id: z.string(),
  name: z.string(),
});
export type AttributedContactDto = z.infer<typeof AttributedContactDtoSchema>;

export const SharerAttributionDtoSchema = AttributionCountsSchema.extend({
  sharer_id: z.string(),
  username: z.string(),
  is_you: z.boolean().describe("The caller (the owner, whose own contacts clicked their links)."),
  shares: count.describe('Delivered shares (each reached at least one contact new to the content).'),
  contacts_reached: count,
  contacts: z
    .array(AttributedContactDtoSchema)
    .nullable()
    .describe('Contacts who clicked or converted: named only when `is_you`, else null (counts only).'),
}).meta({ id: 'SharerAttribution' });
export type SharerAttributionDto = z.infer<typeof SharerAttributionDtoSchema>;

export const ContentAttributionDtoSchema = z.object({
  content_id: z.string(),
  title: z.string(),
  totals: AttributionCountsSchema.extend({ shares: count, contacts_reached: count }),
  sharers: z.array(SharerAttributionDtoSchema),
  unattributed: AttributionCountsSchema.describe("People's clicks and conversions that came without a known contact (the plain short link)."),
}).meta({ id: 'ContentAttribution' });
export type ContentAttributionDto = z.infer<typeof ContentAttributionDtoSchema>;

/** One UTC day of one content. */
export const ContentDailyPointSchema = AttributionCountsSchema.extend({
  day: z.string().describe('YYYY-MM-DD (UTC).'),
  shares: count,
});
export type ContentDailyPoint = z.infer<typeof ContentDailyPointSchema>;

/** The query of `GET /analytics/content/{id}/daily` and its CSV exports: `from`/`to` as YYYY-MM-DD. */
export interface ContentDailyQuery {
  from?: string;
  to?: string;
}

/**
 * `GET /analytics/content/{id}/daily` (Premium, the owner): every day of [from, to], zero-filled, and the
 * attribution (totals, sharers, unattributed) of the same range.
 */
export const ContentDailyAnalyticsDtoSchema = ContentAttributionDtoSchema.extend({
  from: z.string().describe('YYYY-MM-DD (UTC), included.'),
  to: z.string().describe('YYYY-MM-DD (UTC), included.'),
  series: z.array(ContentDailyPointSchema),
}).meta({ id: 'ContentDailyAnalytics' });
export type ContentDailyAnalyticsDto = z.infer<typeof ContentDailyAnalyticsDtoSchema>;
