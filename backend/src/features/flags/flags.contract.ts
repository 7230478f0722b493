import { z } from 'zod';
import { ModeratedContentDtoSchema } from '@crossfeed/domain/api/flags.dto.ts';
import { FlagDtoSchema } from '@crossfeed/domain/api/realtime-events.ts';
import { FLAG_OUTCOMES } from '@crossfeed/domain/flags/flag-outcome.ts';
import { operations } from '../../api/openapi/operation.ts';
import { BulkDeleteBody, DeleteFlagQuery, FlagBody, RemoveBody } from './flags.routes.ts';
import { StatusBody } from './moderation.ts';

const FlaggedSchema = z.object({
  id: z.string().describe("The flag's id (one per reporter and content)."),
  content_id: z.string(),
  reason: z.string(),
  created_at: z.string(),
  message: z.string(),
});

const FlagDeletedSchema = z.object({
  id: z.string(),
  message: z.string(),
  outcome: z.enum(FLAG_OUTCOMES).optional().describe('The outcome applied, when one was sent and the flag was the last open one on content under review.'),
  content: ModeratedContentDtoSchema.optional().describe('The content after the outcome, with `outcome`.'),
});

const FlagsDeletedSchema = z.object({ deleted: z.number().int().min(0).describe('How many flags this call deleted (unknown or already deleted ones are skipped).') });

const ContentRemovedSchema = z.object({ id: z.string(), message: z.string() });

const OUTCOME_NOTE =
  '`outcome` says what becomes of content under review when its last open flag goes: `approve` approves it, `keep` keeps its status. A client that can ask its admin sends `ask_outcome=true` and gets 409 when the choice is needed; without either the status is kept.';

/** The operations of `flags` (SPEC §7 Flags and admin) as the OpenAPI document describes them (issue 26). */
export const flagsOperations = operations([
  {
    method: 'post',
    route: '/flags',
    path: '/flags/',
    operationId: 'flagContent',
    summary: 'Report content',
    description:
      "Anyone signed in may flag another creator's visible content with a reason; one open report per reporter and content (409). Throttled per user (429).",
    tag: 'Flags',
    access: 'session',
    body: FlagBody,
    responses: { 201: { description: 'The flag.', schema: FlaggedSchema } },
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: 'get',
    route: '/flags',
    path: '/flags/',
    operationId: 'listFlags',
    summary: 'The open flags',
    description: 'Newest first, paged, each with its content as it is now.',
    tag: 'Flags',
    access: 'admin',
    paged: true,
    responses: { 200: { description: 'One page of flags.', schema: z.array(FlagDtoSchema) } },
    errors: [400, 401, 403],
  },
  {
    method: 'post',
    route: '/flags/bulk-delete',
    operationId: 'deleteFlags',
    summary: 'Delete several flags',
    description: `All or nothing when an outcome is needed: nothing is deleted until it is given (409). ${OUTCOME_NOTE}`,
    tag: 'Flags',
    access: 'admin',
    body: BulkDeleteBody,
    responses: { 200: { description: 'How many flags were deleted.', schema: FlagsDeletedSchema } },
    errors: [400, 401, 403, 409],
  },
  {
    method: 'delete',
    route: '/flags/:id',
    operationId: 'deleteFlag',
    summary: 'Delete a flag',
    description: OUTCOME_NOTE,
    tag: 'Flags',
    access: 'admin',
    query: DeleteFlagQuery,
    responses: { 200: { description: 'The flag was deleted.', schema: FlagDeletedSchema } },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'put',
    route: '/flags/:id/content-status',
    operationId: 'setFlaggedContentStatus',
    summary: "Set the moderation status of a flag's content",
    description: '`new_status` (flagged, under_review, approved or deleted) and an optional reason told to the owner.',
    tag: 'Flags',
    access: 'admin',
    body: StatusBody,
    responses: { 200: { description: 'The updated content.', schema: ModeratedContentDtoSchema } },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'delete',
    route: '/admin/content/:id',
    operationId: 'removeContent',
    summary: 'Remove content for good',
    description:
      "Removed content leaves every list and its status can no longer change. An optional `reason` is told to the owner (else the open flags' reasons); SPEC's call sends no body.",
    tag: 'Admin',
    access: 'admin',
    body: RemoveBody,
    responses: { 200: { description: 'The content was removed.', schema: ContentRemovedSchema } },
    errors: [400, 401, 403, 404],
  },
]);
