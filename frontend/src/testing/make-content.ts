import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';

/** A content DTO as the API answers it. */
export function makeContent(id: string, overrides: Partial<ContentDto> = {}): ContentDto {
  return {
    id,
    title: `Title ${id}`,
    description: `Description ${id}`,
    url: `https://example.com/${id}`,
    created_at: '2026-03-01T12:00:00.000Z',
    content_type: 'article',
    status: 'active',
    // The owner status is the shown status unless a test sets a moderation apart.
    owner_status: overrides.owner_status ?? overrides.status ?? 'active',
    moderation_status: null,
    moderation_reason: null,
    under_review: false,
    share_count: 2,
    categories: ['tech'],
    user: { id: `creator-${id}`, username: `creator${id}` },
    required_shares: 5,
    short_link_clicks: 0,
    conversions_count: 0,
    links: [],
    enhanced_url: null,
    ...overrides,
  };
}
