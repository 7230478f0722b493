import type { ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import type { FlagDoc } from '@crossfeed/projections/flags/flags.projection.ts';

/** SPEC §3 Flag. */
export interface FlagDto {
  id: string;
  content_id: string;
  reason: string;
  created_at: string;
  user: { username: string };
  content: { title: string; content_type: string | null; categories: string[]; status: string | null };
}

/**
 * The content fields come from `contents` (their current values); a flag whose content is gone keeps the
 * title it had when flagged.
 */
export function toFlagDto(flag: FlagDoc, content: ContentDoc | undefined): FlagDto {
  return {
    id: flag._id,
    content_id: flag.content_id,
    reason: flag.reason,
    created_at: flag.created_at,
    user: { username: flag.user.username },
    content: {
      title: content?.title ?? flag.content.title,
      content_type: content?.content_type ?? null,
      categories: content?.categories ?? [],
      status: content ? (content.deleted ? 'deleted' : content.status) : null,
    },
  };
}

/** The content as the admin sees it after a moderation change (PUT /flags/{id}/content-status). */
export interface ModeratedContentDto {
  id: string;
  title: string;
  description: string;
  url: string;
  content_type: string;
  categories: string[];
  status: string;
  share_count: number;
  required_shares: number;
  created_at: string;
  user: { id: string; username: string };
}

export function toModeratedContentDto(content: ContentDoc): ModeratedContentDto {
  return {
    id: content._id,
    title: content.title,
    description: content.description,
    url: content.url,
    content_type: content.content_type,
    categories: content.categories,
    status: content.status,
    share_count: content.share_count,
    required_shares: content.required_shares,
    created_at: content.created_at,
    user: { id: content.user_id, username: content.username },
  };
}
