import { z } from 'zod';
import type { RankBasis } from '../rules/match-scoring.ts';

/**
 * SPEC §3 Content, as every content endpoint answers it: one shape for the server and the UI. The zod schema
 * describes it in the OpenAPI document (issue 26); the type is derived from it, so the two cannot drift.
 */
export const ContentDtoSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    url: z.string(),
    created_at: z.string().describe('When it was submitted (ISO 8601).'),
    content_type: z.string().describe('One of GET /content/types.'),
    status: z.string().describe('What SPEC §3 shows: a moderation status while one applies, else the owner status.'),
    owner_status: z.string().describe('pending, active, shared or inactive (docs/exchange.md).'),
    moderation_status: z.string().nullable().describe('flagged, under_review, approved or deleted once an admin set one; else null.'),
    moderation_reason: z.string().nullable().describe("The latest flag's reason, if the content was flagged."),
    under_review: z.boolean().describe('Flagged or under review: an admin is reviewing it.'),
    share_count: z.number().int(),
    categories: z.array(z.string()),
    user: z.object({ id: z.string(), username: z.string() }).describe('Its creator.'),
    required_shares: z.number().int(),
    short_link_clicks: z.number().int(),
    conversions_count: z.number().int(),
    links: z.array(z.object({ short_code: z.string() })).describe('Its tracked short links.'),
    enhanced_url: z.string().nullable().describe('The url with campaign parameters once enhanced (Premium), else null.'),
  })
  .meta({ id: 'Content' });
export type ContentDto = z.infer<typeof ContentDtoSchema>;

/** The number that ranked a match under a Premium filter. */
export const RankBasisDtoSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('engagement'), value: z.number().describe("The creator's verified engagement (Top performers).") }),
  z.object({
    kind: z.literal('overlap'),
    value: z.number().describe('categories + interests'),
    categories: z.number().int().describe('Shared categories.'),
    interests: z.number().int().describe("Categories matching the viewer's interests."),
  }),
]) satisfies z.ZodType<RankBasis>;
export type RankBasisDto = RankBasis;

/**
 * GET /content/match answers ContentDto items; under a Premium filter each also carries the number that
 * ranked it (`rank_basis`, see RankBasis). The standard order sends no `rank_basis`.
 */
export const MatchedContentDtoSchema = ContentDtoSchema.extend({ rank_basis: RankBasisDtoSchema.optional() }).meta({ id: 'MatchedContent' });
export type MatchedContentDto = z.infer<typeof MatchedContentDtoSchema>;
