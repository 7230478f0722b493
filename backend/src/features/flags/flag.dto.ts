import type { ModeratedContentDto } from '@crossfeed/domain/api/flags.dto.ts';
import type { ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { isUnderReview, shownStatus } from '@crossfeed/projections/contents/content-visibility.ts';

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
    status: shownStatus(content),
    owner_status: content.status,
    moderation_status: content.moderation_status ?? null,
    moderation_reason: content.moderation_reason ?? null,
    under_review: isUnderReview(content),
    share_count: content.share_count,
    required_shares: content.required_shares,
    created_at: content.created_at,
    user: { id: content.user_id, username: content.username },
  };
}
