import type { RankBasis } from '../rules/match-scoring.ts';

/** SPEC §3 Content, as every content endpoint answers it: one shape for the server and the UI. */
export interface ContentDto {
  id: string;
  title: string;
  description: string;
  url: string;
  created_at: string;
  content_type: string;
  /** What SPEC §3 shows: a moderation status while one applies, else the owner status. */
  status: string;
  /** pending, active, shared or inactive (docs/exchange.md). */
  owner_status: string;
  /** flagged, under_review, approved or deleted once an admin set one; else null. */
  moderation_status: string | null;
  /** The latest flag's reason, if the content was flagged. */
  moderation_reason: string | null;
  /** Flagged or under review: an admin is reviewing it. */
  under_review: boolean;
  share_count: number;
  categories: string[];
  user: { id: string; username: string };
  required_shares: number;
  short_link_clicks: number;
  conversions_count: number;
  links: { short_code: string }[];
  /** The url with campaign parameters once enhanced (Premium), else null. */
  enhanced_url: string | null;
}

/**
 * GET /content/match answers ContentDto items; under a Premium filter each also carries the number that
 * ranked it (`rank_basis`, see RankBasis). The standard order sends no `rank_basis`.
 */
export type RankBasisDto = RankBasis;
export interface MatchedContentDto extends ContentDto {
  rank_basis?: RankBasisDto;
}
