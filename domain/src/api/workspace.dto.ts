import type { ContentDto } from './content.dto.ts';

/** One selected match of the home workspace with the caller's delivered shares of it ("2 / 5 shares"). */
export interface WorkspaceMatchDto {
  content_id: string;
  title: string;
  /** The caller's delivered shares of this content. */
  delivered: number;
  /** The content's required shares. */
  required: number;
  completed: boolean;
  /** The content as every content endpoint answers it (the share modal needs it after a reload). */
  content: ContentDto;
}

/**
 * GET /workspace (and the answer of PUT /workspace and POST /workspace/reset): the creator's home workspace
 * as the server keeps it (SPEC §2 Home workspace, §4 Workspace steps). Ids no longer available (deleted,
 * hidden by moderation) are left out.
 */
export interface WorkspaceDto {
  match_ids: string[];
  content_ids: string[];
  matches: WorkspaceMatchDto[];
  /** The own contents of `content_ids`, in that order. */
  contents: ContentDto[];
  /** Step 3: delivered shares (each match counted up to its required shares) / the sum of required shares, floored, capped at 100; 0 without matches. */
  progress_percent: number;
  /** Free users' shares left today; null for Premium (unlimited). */
  shares_left_today: number | null;
  /** Free users' daily share limit; null for Premium. */
  daily_share_limit: number | null;
}
