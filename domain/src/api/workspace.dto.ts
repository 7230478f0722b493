import { z } from 'zod';
import { ContentDtoSchema } from './content.dto.ts';

/**
 * The zod schemas describe these answers in the OpenAPI document (issue 26); the types are derived from
 * them, so the two cannot drift.
 */

/** One selected match of the home workspace with the caller's delivered shares of it ("2 / 5 shares"). */
export const WorkspaceMatchDtoSchema = z.object({
  content_id: z.string(),
  title: z.string(),
  delivered: z.number().int().describe("The caller's delivered shares of this content."),
  required: z.number().int().describe("The content's required shares."),
  completed: z.boolean(),
  content: ContentDtoSchema.describe('The content as every content endpoint answers it (the share modal needs it after a reload).'),
});
export type WorkspaceMatchDto = z.infer<typeof WorkspaceMatchDtoSchema>;

/**
 * GET /workspace (and the answer of PUT /workspace and POST /workspace/reset): the creator's home workspace
 * as the server keeps it (SPEC §2 Home workspace, §4 Workspace steps). Ids no longer available (deleted,
 * hidden by moderation) are left out.
 */
export const WorkspaceDtoSchema = z
  .object({
    match_ids: z.array(z.string()),
    content_ids: z.array(z.string()),
    matches: z.array(WorkspaceMatchDtoSchema),
    contents: z.array(ContentDtoSchema).describe('The own contents of `content_ids`, in that order.'),
    progress_percent: z
      .number()
      .int()
      .min(0)
      .max(100)
      .describe('Step 3: delivered shares (each match counted up to its required shares) / the sum of required shares, floored, capped at 100; 0 without matches.'),
    shares_left_today: z.number().int().nullable().describe("Free users' shares left today; null for Premium (unlimited)."),
    daily_share_limit: z.number().int().nullable().describe("Free users' daily share limit; null for Premium."),
  })
  .meta({ id: 'Workspace' });
export type WorkspaceDto = z.infer<typeof WorkspaceDtoSchema>;
