import { z } from 'zod';
import { ContentDtoSchema, type ContentDto } from './content.dto.ts';

/**
 * The content as the admin sees it after a moderation change (PUT /flags/{id}/content-status): the
 * content without its link statistics.
 */
export type ModeratedContentDto = Omit<ContentDto, 'short_link_clicks' | 'conversions_count' | 'links' | 'enhanced_url'>;

/**
 * One item of the admin report's "Moderated content" view (GET /admin/content): content with a moderation
 * status, whether or not any flag is still open on it.
 */
export interface ModeratedItemDto {
  id: string;
  title: string;
  content_type: string;
  categories: string[];
  user: { id: string; username: string };
  /** flagged, under_review, approved or deleted. */
  status: string;
  /** Removed by an admin (DELETE /admin/content/{id}): gone for good, its status can no longer change. */
  removed: boolean;
  /** The latest decision's reason, else the latest flag's; null when there is none. */
  reason: string | null;
  /** Flags still open on it (listed in the "Flags" view). */
  open_flags: number;
  updated_at: string;
}

/** ModeratedItemDto's schema: what the OpenAPI document says GET /admin/content answers. */
export const ModeratedItemDtoSchema = z.object({
  id: z.string(),
  title: z.string(),
  content_type: z.string(),
  categories: z.array(z.string()),
  user: z.object({ id: z.string(), username: z.string() }),
  status: z.string().describe('flagged, under_review, approved or deleted.'),
  removed: z.boolean().describe('Removed by an admin (DELETE /admin/content/{id}): gone for good, its status can no longer change.'),
  reason: z.string().nullable().describe("The latest decision's reason, else the latest flag's; null when there is none."),
  open_flags: z.number().int().min(0).describe('Flags still open on it (listed in the "Flags" view).'),
  updated_at: z.string(),
}) satisfies z.ZodType<ModeratedItemDto>;

/** ModeratedContentDto's schema: what PUT /flags/{id}/content-status (and DELETE /flags/{id} with an outcome) answer. */
export const ModeratedContentDtoSchema = ContentDtoSchema.omit({ short_link_clicks: true, conversions_count: true, links: true, enhanced_url: true })
  .meta({ id: 'ModeratedContent' }) satisfies z.ZodType<ModeratedContentDto>;
