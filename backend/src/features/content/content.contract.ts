import { z } from 'zod';
import { ContentDtoSchema, MatchedContentDtoSchema } from '@crossfeed/domain/api/content.dto.ts';
import { CONTENT_TYPES } from '@crossfeed/domain/rules/content-types.ts';
import { FREE_DAILY_SHUFFLES, FREE_WEEKLY_SUBMISSIONS } from '@crossfeed/domain/rules/limits.ts';
import { operations } from '../../api/openapi/operation.ts';
import { EditContentBody, MatchQuery, SubmitContentBody } from './content.schemas.ts';

const SubmissionInfoSchema = z.object({
  weekly_submission_count: z.number().int().describe('Contents submitted this ISO week (from Monday 00:00 UTC).'),
  last_submission_date: z.string().nullable().describe('When the last content was submitted (ISO 8601), or null.'),
  can_submit: z.boolean(),
  submissions_remaining: z.number().int().describe(`Submissions left this week (Free: ${FREE_WEEKLY_SUBMISSIONS} a week); -1 for Premium (unlimited).`),
});

const RemainingShufflesSchema = z.object({
  remaining_shuffles: z
    .union([z.number().int().min(0), z.literal('Unlimited')])
    .describe(`Shuffles left today (Free: ${FREE_DAILY_SHUFFLES} a day), or "Unlimited" for Premium.`),
});

const ContentTypesSchema = z.object({ content_types: z.array(z.enum(CONTENT_TYPES)) });
const MessageSchema = z.object({ message: z.string() });

/** The operations of `content` (SPEC §7 Search and content) as the OpenAPI document describes them (issue 26). */
export const contentOperations = operations([
  {
    method: 'get',
    route: '/content/types',
    operationId: 'listContentTypes',
    summary: 'The content types',
    description: 'The values `content_type` takes.',
    tag: 'Content',
    access: 'public',
    responses: { 200: { description: 'The content types.', schema: ContentTypesSchema } },
    errors: [],
  },
  {
    method: 'get',
    route: '/api/users/submission-info',
    operationId: 'getSubmissionInfo',
    summary: 'What the caller may still submit this week',
    tag: 'Content',
    access: 'session',
    responses: { 200: { description: 'The weekly submission quota.', schema: SubmissionInfoSchema } },
    errors: [401, 403],
  },
  {
    method: 'get',
    route: '/content/match',
    operationId: 'listMatches',
    summary: "Other creators' content to share",
    description:
      'Live content of other creators matched to the caller, best first. `ranked_content` (by overlapping categories and interests) and `top_performers` (by verified engagement) are Premium filters (403 for Free); under them each item carries the `rank_basis` that ranked it.',
    tag: 'Content',
    access: 'session',
    query: MatchQuery,
    responses: { 200: { description: 'The matched content.', schema: z.array(MatchedContentDtoSchema) } },
    errors: [400, 401, 403],
  },
  {
    method: 'post',
    route: '/content/shuffle',
    operationId: 'shuffleMatches',
    summary: 'A new list of matches',
    description: `Counts one shuffle (Free: ${FREE_DAILY_SHUFFLES} a day, then 429) and answers the matches in a new order; the body is empty.`,
    tag: 'Content',
    access: 'session',
    responses: { 200: { description: 'The shuffled matches.', schema: z.array(ContentDtoSchema) } },
    errors: [401, 403, 409, 429],
  },
  {
    method: 'get',
    route: '/content/shuffles/remaining',
    operationId: 'getRemainingShuffles',
    summary: 'Shuffles left today',
    tag: 'Content',
    access: 'session',
    responses: { 200: { description: 'The shuffles left.', schema: RemainingShufflesSchema } },
    errors: [401, 403],
  },
  {
    method: 'get',
    route: '/content',
    path: '/content/',
    operationId: 'listOwnContent',
    summary: "The caller's own content",
    description: 'Newest first, paged.',
    tag: 'Content',
    access: 'session',
    paged: true,
    responses: { 200: { description: 'One page of the caller\'s content.', schema: z.array(ContentDtoSchema) } },
    errors: [400, 401, 403],
  },
  {
    method: 'post',
    route: '/content',
    path: '/content/',
    operationId: 'submitContent',
    summary: 'Submit content',
    description: `Title, an http(s) url, a content type and at least one category are required. Free accounts submit ${FREE_WEEKLY_SUBMISSIONS} a week (then 429). The first item goes live at once; later ones wait in the queue until a completed match releases them.`,
    tag: 'Content',
    access: 'session',
    body: SubmitContentBody,
    responses: { 201: { description: 'The submitted content.', schema: ContentDtoSchema } },
    errors: [400, 401, 403, 409, 413, 429],
  },
  {
    method: 'post',
    route: '/content/:id/pause',
    operationId: 'pauseContent',
    summary: 'Pause own content',
    description: 'Takes the content out of the exchange until resumed; the body is empty.',
    tag: 'Content',
    access: 'session',
    responses: { 200: { description: 'The content as it is now.', schema: ContentDtoSchema } },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'post',
    route: '/content/:id/resume',
    operationId: 'resumeContent',
    summary: 'Resume own paused content',
    tag: 'Content',
    access: 'session',
    responses: { 200: { description: 'The content as it is now.', schema: ContentDtoSchema } },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'get',
    route: '/content/:id',
    path: '/content/{id}/',
    operationId: 'getContent',
    summary: 'One content',
    description: 'Visible content, or the caller\'s own (also while it is flagged); 404 otherwise.',
    tag: 'Content',
    access: 'session',
    responses: { 200: { description: 'The content.', schema: ContentDtoSchema } },
    errors: [401, 403, 404],
  },
  {
    method: 'put',
    route: '/content/:id',
    path: '/content/{id}/',
    operationId: 'editContent',
    summary: 'Edit own content',
    description: 'Title and description are both required.',
    tag: 'Content',
    access: 'session',
    body: EditContentBody,
    responses: { 200: { description: 'The edited content.', schema: ContentDtoSchema } },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'delete',
    route: '/content/:id',
    path: '/content/{id}/',
    operationId: 'deleteContent',
    summary: 'Delete own content',
    tag: 'Content',
    access: 'session',
    responses: { 200: { description: 'Deleted.', schema: MessageSchema } },
    errors: [400, 401, 403, 404, 409],
  },
]);
