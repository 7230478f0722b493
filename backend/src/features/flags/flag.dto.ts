import type { ModeratedContentDto } from '@crossfeed/domain/api/flags.dto.ts';
import type { ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { statusFieldsOf } from '@crossfeed/projections/contents/content.dto.ts';

// The flag mapping lives beside the read model so the push reactor (projections) returns the same shape.
export { toFlagDto } from '@crossfeed/projections/flags/flag.dto.ts';
export type { FlagDto } from '@crossfeed/projections/flags/flag.dto.ts';
export type { ModeratedContentDto };

export function toModeratedContentDto(content: ContentDoc): ModeratedContentDto {
  return {
    id: content._id,
    title: content.title,
    description: content.description,
    url: content.url,
    content_type: content.content_type,
    categories: content.categories,
    ...statusFieldsOf(content),
    share_count: content.share_count,
    required_shares: content.required_shares,
    created_at: content.created_at,
    user: { id: content.user_id, username: content.username },
  };
}
