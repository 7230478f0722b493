import { z } from 'zod';
import { CONTENT_TYPES, SEARCH_SORTS, normalizeCategories } from '@crossfeed/domain/rules/content-types.ts';
import {
  CATEGORY_MAX_LENGTH,
  CONTACT_FILE_MAX_ROWS,
  CONTENT_CATEGORIES_MAX,
  CONTENT_DESCRIPTION_MAX,
  CONTENT_TITLE_MAX,
  CONTENT_URL_MAX,
  SEARCH_QUERY_MAX,
} from '@crossfeed/domain/rules/limits.ts';
import { MESSAGES, isHttpUrl } from '@crossfeed/domain/rules/validation.ts';
import { unsafeUrlReason } from '@crossfeed/domain/rules/safe-url.ts';
import { CONTENT_MESSAGES } from '@crossfeed/domain/users/creator-content.decider.ts';
import { isTimeZone } from '@crossfeed/domain/rules/best-send-time.ts';

/** Request bodies and query strings of /content and /search (SPEC §3, §5, §7). */

export const TITLE_TOO_LONG = `Title must be at most ${CONTENT_TITLE_MAX} characters.`;
export const DESCRIPTION_TOO_LONG = `Description must be at most ${CONTENT_DESCRIPTION_MAX} characters.`;
export const URL_TOO_LONG = `URL must be at most ${CONTENT_URL_MAX} characters.`;
export const TOO_MANY_CATEGORIES = `Please choose at most ${CONTENT_CATEGORIES_MAX} categories of at most ${CATEGORY_MAX_LENGTH} characters.`;
export const TOO_MANY_CONTACTS = `Please select at most ${CONTACT_FILE_MAX_ROWS} contacts.`;
export const PREMIUM_FILTERS = 'Ranked content and top performer filters are Premium features.';
export { SEARCH_QUERY_MAX };
export const SEARCH_LIST_MAX = 20;

const isContentType = (value: string): boolean => (CONTENT_TYPES as readonly string[]).includes(value);
const issue = (ctx: z.RefinementCtx, message: string): void => ctx.addIssue({ code: 'custom', message, path: [] });

/** SPEC §3 Content submission payload; §5 Add content: title, url, content type and one category required. */
export const SubmitContentBody = z
  .strictObject({
    title: z.string().trim().optional(),
    description: z.string().trim().nullable().optional(),
    url: z.string().trim().optional(),
    content_type: z.string().trim().toLowerCase().optional(),
    categories: z.array(z.string()).max(CONTENT_CATEGORIES_MAX * 2, TOO_MANY_CATEGORIES).optional(),
  })
  .transform((body) => ({
    title: body.title ?? '',
    description: body.description ?? '',
    url: body.url ?? '',
    contentType: body.content_type ?? '',
    categories: normalizeCategories(body.categories ?? []),
  }))
  .superRefine((body, ctx) => {
    // An http(s) link to an internal address, with credentials or hidden characters: said so first.
    const unsafe = /^https?:\/\//i.test(body.url) ? unsafeUrlReason(body.url) : null;
    if (unsafe) issue(ctx, unsafe);
    else if (!body.title || !isHttpUrl(body.url) || !isContentType(body.contentType) || body.categories.length === 0) {
      issue(ctx, MESSAGES.contentRequired);
    } else if (body.title.length > CONTENT_TITLE_MAX) issue(ctx, TITLE_TOO_LONG);
    else if (body.description.length > CONTENT_DESCRIPTION_MAX) issue(ctx, DESCRIPTION_TOO_LONG);
    else if (body.url.length > CONTENT_URL_MAX) issue(ctx, URL_TOO_LONG);
    else if (body.categories.length > CONTENT_CATEGORIES_MAX || body.categories.some((c) => c.length > CATEGORY_MAX_LENGTH)) {
      issue(ctx, TOO_MANY_CATEGORIES);
    }
  });

/** SPEC §5 Edit content: title and description are both required. */
export const EditContentBody = z
  .strictObject({ title: z.string().trim().optional(), description: z.string().trim().nullable().optional() })
  .transform((body) => ({ title: body.title ?? '', description: body.description ?? '' }))
  .superRefine((body, ctx) => {
    if (!body.title || !body.description) issue(ctx, CONTENT_MESSAGES.editRequired);
    else if (body.title.length > CONTENT_TITLE_MAX) issue(ctx, TITLE_TOO_LONG);
    else if (body.description.length > CONTENT_DESCRIPTION_MAX) issue(ctx, DESCRIPTION_TOO_LONG);
  });

const contactIds = z.array(z.string().trim().min(1).max(100)).max(CONTACT_FILE_MAX_ROWS, TOO_MANY_CONTACTS);

/** The sharer's personal note: trimmed, empty is none (the 280-character and control-character rules are the decider's). */
const note = z
  .string()
  .nullable()
  .optional()
  .transform((value) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  });

/**
 * SPEC §7 share: "list of contact ids", as `{ contact_ids: [...] }` or a bare array, with the sharer's optional
 * `note` and, for Premium, `send_at: 'best_time'` (each contact's e-mail at their best hour).
 */
export const ShareContentBody = z
  .union([
    contactIds.transform((ids) => ({ contact_ids: ids, note: null as string | null, send_at: 'now' as const, time_zone: undefined })),
    z.strictObject({
      contact_ids: contactIds.optional(),
      note,
      send_at: z.enum(['now', 'best_time']).optional(),
      time_zone: z.string().trim().max(64).refine(isTimeZone, 'time_zone must be a time zone name such as Europe/Paris.').optional(),
    }),
  ])
  .transform((body) => ({
    contactIds: [...new Set(body.contact_ids ?? [])],
    note: body.note ?? null,
    sendAt: body.send_at ?? 'now',
    timeZone: body.time_zone ?? 'UTC',
  }))
  .superRefine((body, ctx) => {
    if (body.contactIds.length === 0) issue(ctx, MESSAGES.shareNeedsContact);
  });

/** POST /content/{id}/share-preview: the note to show in the preview of the e-mail. */
export const SharePreviewBody = z.strictObject({ note, contact_id: z.string().trim().min(1).max(100).optional() });

/** POST /content/{id}/share?release_content_id=...: which queued content a completed match releases (else the oldest). */
export const ShareQuery = z.strictObject({
  release_content_id: z.string().trim().min(1).max(100).optional().describe('Which of your queued contents a completed match releases (else the oldest).'),
});

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false.' })
  .transform((value) => value === 'true' || value === '1');

/** GET /content/match?ranked_content=true&top_performers=true */
export const MatchQuery = z.strictObject({
  ranked_content: flag.optional().describe('Premium: rank by shared categories and interests.'),
  top_performers: flag.optional().describe("Premium: related content first, by its creator's verified engagement."),
});

/** A repeatable query parameter, also accepted as a comma list. */
const list = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(',')).map((item) => item.trim()).filter(Boolean))
  .refine((items) => items.length <= SEARCH_LIST_MAX, `at most ${SEARCH_LIST_MAX} values.`);

/** `YYYY-MM-DD` or a full ISO time. date_to becomes an exclusive bound that includes it (a bare date: its whole day). */
const isoDate = (edge: 'from' | 'to') =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value)), 'must be an ISO date (YYYY-MM-DD).')
    .transform((value) => {
      const date = new Date(value);
      if (edge === 'to') {
        if (value.length === 10) date.setUTCDate(date.getUTCDate() + 1);
        else date.setTime(date.getTime() + 1);
      }
      return date.toISOString();
    });

const emptyAsAbsent = (value: unknown): unknown => (value === '' ? undefined : value);

/** SPEC §3 Search filters: query, content_type (list), categories (list), date_from, date_to, min_views, sort_by. */
export const SearchQuery = z
  .strictObject({
    query: z.preprocess(emptyAsAbsent, z.string().trim().max(SEARCH_QUERY_MAX, `at most ${SEARCH_QUERY_MAX} characters.`).optional()).describe('Text to find in the title, description or categories (case-insensitive).'),
    content_type: z.preprocess(
      emptyAsAbsent,
      list
        .transform((items) => items.map((item) => item.toLowerCase()))
        .refine((items) => items.every(isContentType), 'unknown content type.')
        .optional(),
    ).describe('Content types (repeat the parameter or separate with commas).'),
    categories: z.preprocess(emptyAsAbsent, list.transform(normalizeCategories).optional()).describe('Categories (repeat the parameter or separate with commas).'),
    date_from: z.preprocess(emptyAsAbsent, isoDate('from').optional()).describe('Submitted on or after this day (YYYY-MM-DD) or time.'),
    date_to: z.preprocess(emptyAsAbsent, isoDate('to').optional()).describe('Submitted on or before this day (YYYY-MM-DD, the whole day) or time.'),
    min_views: z.preprocess(
      emptyAsAbsent,
      z
        .string()
        .regex(/^\d{1,9}$/, 'must be a whole number of 0 or more.')
        .transform(Number)
        .optional(),
    ).describe('At least this many views (short-link clicks).'),
    sort_by: z.preprocess(emptyAsAbsent, z.enum(SEARCH_SORTS, { error: `must be one of ${SEARCH_SORTS.join(', ')}.` }).default('relevance')).describe('The order.'),
  })
  .superRefine((query, ctx) => {
    if (query.date_from && query.date_to && query.date_from >= query.date_to) {
      ctx.addIssue({ code: 'custom', message: 'date_from must be before date_to.', path: [] });
    }
  });
export type SearchFilters = z.infer<typeof SearchQuery>;
