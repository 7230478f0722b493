import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { isUnderReview, shownStatus } from '@crossfeed/domain/rules/content-visibility.ts';
import type { ContentDoc } from './contents.projection.ts';

export type { ContentDto };

/** The shown status (SPEC §3) with the owner status and the moderation apart: one mapping for every DTO. */
export function statusFieldsOf(doc: ContentDoc): Pick<ContentDto, 'status' | 'owner_status' | 'moderation_status' | 'moderation_reason' | 'under_review'> {
  return {
    status: shownStatus(doc),
    owner_status: doc.status,
    moderation_status: doc.moderation_status ?? null,
    moderation_reason: doc.moderation_reason ?? null,
    under_review: isUnderReview(doc),
  };
}

/**
 * SPEC §3 Content, as every content endpoint and the `content:updated` push return it. Field by field, so
 * read-model internals (`_pos`, `deleted`, `bot_clicks`) never leave the server.
 */
export function toContentDto(doc: ContentDoc): ContentDto {
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description,
    url: doc.url,
    created_at: doc.created_at,
    content_type: doc.content_type,
    ...statusFieldsOf(doc),
    share_count: doc.share_count,
    categories: doc.categories,
    user: { id: doc.user_id, username: doc.username },
    required_shares: doc.required_shares,
    short_link_clicks: doc.short_link_clicks,
    conversions_count: doc.conversions_count,
    links: doc.links.map((link) => ({ short_code: link.short_code })),
    enhanced_url: doc.enhanced_url,
  };
}
