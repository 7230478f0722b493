import { z } from 'zod';
import { FREE_DAILY_SHARES } from '@crossfeed/domain/rules/limits.ts';
import { operations } from '../../api/openapi/operation.ts';
import { ShareContentBody, SharePreviewBody, ShareQuery } from './content.schemas.ts';

/** The reasons a selected contact was not e-mailed (rules/share-reasons.ts ShareSkipReason). */
const SKIP_REASONS = 'already_shared, duplicate_address, daily_limit, throwaway_address, own_address, unsubscribed, bounced, suppressed or email_budget';

const MatchProgressSchema = z.object({
  delivered: z.number().int().describe("The caller's delivered shares counted toward this content's match."),
  required: z.number().int().describe('The shares the match needs.'),
  completed: z.boolean(),
});

const SkippedContactSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  reason: z.string().describe(`Why the contact was not e-mailed: ${SKIP_REASONS}.`),
});

const ShareResultSchema = z.object({
  message: z.string(),
  share_count: z.number().int().describe("The content's share count now."),
  counted: z.number().int().describe('Contacts counted toward the match.'),
  reached: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      counted: z.boolean(),
      reason: z.enum(['match_complete', 'scheduled']).optional().describe('Why an e-mailed contact did not count: the match was complete, or it goes at their best time and counts then.'),
    }),
  ),
  skipped: z.array(SkippedContactSchema),
  match: MatchProgressSchema,
  released: z
    .object({ id: z.string(), title: z.string().nullable() })
    .nullable()
    .describe('The caller\'s queued content this completed match released, else null.'),
});

const SentShareSchema = z.object({
  id: z.string(),
  content_id: z.string(),
  content_title: z.string().nullable(),
  shared_at: z.string(),
  note: z.string().nullable(),
  counted: z.number().int(),
  reached: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      counted: z.boolean(),
      reason: z.string().optional().describe('Why it did not count: match_complete, scheduled, or the credit was withdrawn (bounced, complained...).'),
    }),
  ),
  skipped: z.array(SkippedContactSchema.extend({ email: z.string().nullable() })),
});

const ShareTargetSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  state: z.string().describe(`available, or why a share could not reach the contact now: ${SKIP_REASONS}.`),
});

const ShareSummarySchema = z.object({
  content_live: z.boolean().describe('The content is in the exchange (released, not paused, not under review).'),
  match: MatchProgressSchema,
  still_needed: z.number().int().describe('People the match still needs from the caller (0 once completed).'),
  shares_left_today: z.number().int().nullable().describe(`Free: shares left today (${FREE_DAILY_SHARES} a day); null for Premium.`),
  email_budget: z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() }).describe('The e-mails the account may send today.'),
  address_daily_cap: z.number().int().describe('The Crossfeed e-mails one address receives a day, from all creators.'),
  available_contacts: z.number().int().describe('Contacts a share could reach now.'),
  available_contacts_exact: z.boolean().describe('False when the count stopped early: at least this many.'),
  can_finish_match: z.boolean(),
  sending_paused: z.string().nullable().describe('Why sending is held (too many bounces), else null.'),
  best_time: z.boolean().describe('"Send at the best time" is offered (Premium).'),
});

const SharePreviewSchema = z.object({
  from: z.string(),
  reply_to: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

const SentSharesQuery = z.object({ content_id: z.string().min(1).max(200).optional().describe('Only the shares of this content.') });

/** The operations of `share` (docs/exchange.md) as the OpenAPI document describes them (issue 26). */
export const shareOperations = operations([
  {
    method: 'get',
    route: '/content/shares/sent',
    operationId: 'listSentShares',
    summary: "The caller's shares",
    description: 'Newest first, paged: whom each share e-mailed and counted, and whom it skipped and why (the caller\'s own contacts only).',
    tag: 'Sharing',
    access: 'session',
    query: SentSharesQuery,
    paged: true,
    responses: { 200: { description: 'One page of shares.', schema: z.array(SentShareSchema) } },
    errors: [400, 401, 403],
  },
  {
    method: 'get',
    route: '/content/:id/share-targets',
    operationId: 'listShareTargets',
    summary: "The caller's contacts and whether a share of this content reaches each now",
    description: 'Paged like the contacts. 404 for content that is removed or under review, 400 for the caller\'s own.',
    tag: 'Sharing',
    access: 'session',
    paged: true,
    responses: { 200: { description: 'One page of contacts with their state.', schema: z.array(ShareTargetSchema) } },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'get',
    route: '/content/:id/share-summary',
    operationId: 'getShareSummary',
    summary: 'What a share of this content can still do',
    description: 'The match\'s progress, the caller\'s quotas today and whether their contacts can finish the match.',
    tag: 'Sharing',
    access: 'session',
    responses: { 200: { description: 'The summary.', schema: ShareSummarySchema } },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'post',
    route: '/content/:id/share-preview',
    operationId: 'previewShareEmail',
    summary: 'The e-mail a share will send',
    description: 'Exactly as the contact (`contact_id`, else a sample one) receives it, with the optional note.',
    tag: 'Sharing',
    access: 'session',
    body: SharePreviewBody,
    responses: { 200: { description: 'The e-mail.', schema: SharePreviewSchema } },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'post',
    route: '/content/:id/share',
    path: '/content/{id}/share/',
    operationId: 'shareContent',
    summary: 'Share matched content with contacts',
    description: `The body is \`{ contact_ids, note?, send_at?, time_zone? }\` or a bare array of contact ids. Each contact is e-mailed once per content; the answer says who was reached and counted, who was skipped and why, and what a completed match released. Free: ${FREE_DAILY_SHARES} shares a day (then 429); \`send_at: best_time\` is Premium.`,
    tag: 'Sharing',
    access: 'session',
    query: ShareQuery,
    body: ShareContentBody,
    responses: { 200: { description: 'What the share did.', schema: ShareResultSchema } },
    errors: [400, 401, 403, 404, 409, 413, 429],
  },
]);
