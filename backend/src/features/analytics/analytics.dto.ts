import { z } from 'zod';
import type { ScorePart } from '@crossfeed/domain/rules/audience-score.ts';

const count = z.number().int().min(0);

/** SPEC §3 Content analytics, per content id (POST /analytics/). */
export const ContentAnalyticsDtoSchema = z.object({
  shares: count,
  short_link_clicks: count,
  unique_clicks: count.describe("People's clicks with a contact's repeat clicks on one UTC day counted once."),
  conversions: count,
}).meta({ id: 'ContentAnalytics' });
export type ContentAnalyticsDto = z.infer<typeof ContentAnalyticsDtoSchema>;

/** POST /analytics/: per content id the caller owns (other users' and unknown ids are left out). */
export const ContentAnalyticsMapSchema = z.record(z.string(), ContentAnalyticsDtoSchema);

/** One part of an audience score, in words (domain/src/rules/audience-score.ts). */
export const ScorePartSchema = z.object({
  key: z.string(),
  label: z.string(),
  points: z.number(),
  max: z.number(),
  detail: z.string(),
}) satisfies z.ZodType<ScorePart>;

/** SPEC §3 User analytics (GET /analytics/user/{id}). */
export const UserAnalyticsDtoSchema = z.object({
  audience_score: z.number().nullable().describe('0-100; null before the score worker first ran for the user.'),
  score_parts: z
    .array(ScorePartSchema)
    .describe("The parts `audience_score` is the sum of; empty while unscored. The creator's own counts only for the creator."),
  total_content_shares: count,
  successful_cross_promotions: count,
  total_views: count.describe("Views Received: people's clicks on the short links of the creator's live content."),
}).meta({ id: 'UserAnalytics' });
export type UserAnalyticsDto = z.infer<typeof UserAnalyticsDtoSchema>;
