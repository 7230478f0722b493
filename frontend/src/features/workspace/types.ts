/** SPEC §3 Content, as the content endpoints answer it (backend content.dto.ts). */
export type ContentDto = {
  id: string;
  title: string;
  description: string;
  url: string;
  created_at: string;
  content_type: string;
  status: string;
  share_count: number;
  categories: string[];
  user: { id: string; username: string };
  required_shares: number;
  short_link_clicks: number;
  conversions_count: number;
  links: { short_code: string }[];
  enhanced_url: string | null;
};

/** GET /content/shuffles/remaining. */
export type RemainingShufflesDto = { remaining_shuffles: number | 'Unlimited' };
export type RemainingShuffles = number | 'Unlimited';

/** SPEC §4 View filter. */
export const VIEW_FILTERS = ['standard', 'rankedContent', 'topPerformers'] as const;
export type ViewFilter = (typeof VIEW_FILTERS)[number];

/** SPEC §4 Workspace steps. */
export type StepStatus = 'upcoming' | 'current' | 'complete';
