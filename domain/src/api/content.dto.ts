/** SPEC §3 Content, as every content endpoint answers it: one shape for the server and the UI. */
export interface ContentDto {
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
  /** The url with campaign parameters once enhanced (Premium), else null. */
  enhanced_url: string | null;
}
