import type { ContentDto } from './content.dto.ts';

/**
 * The content as the admin sees it after a moderation change (PUT /flags/{id}/content-status): the
 * content without its link statistics.
 */
export type ModeratedContentDto = Omit<ContentDto, 'short_link_clicks' | 'conversions_count' | 'links' | 'enhanced_url'>;
