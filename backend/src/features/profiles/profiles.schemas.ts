import { z } from 'zod';
import { CONTENT_TYPES } from '@crossfeed/domain/rules/content-types.ts';
import { CATEGORY_MAX_LENGTH, PROFILE_BIO_MAX, PROFILE_NAME_MAX } from '@crossfeed/domain/rules/limits.ts';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';

/** Request bodies of /profiles (SPEC §5 Profile setup and Profile modal). */

export const NAME_TOO_LONG = `Name must be at most ${PROFILE_NAME_MAX} characters.`;
export const BIO_TOO_LONG = `Bio must be at most ${PROFILE_BIO_MAX} characters.`;
export const INVALID_CONTENT_TYPE = 'Please select a valid content type.';
export const PROFILE_MODAL_REQUIRED = 'Name, categories and content type are required.';
const TOO_MANY = 'Please select fewer categories and interests.';
const LIST_MAX = 20;
/** Interests are longer than content categories ('Artificial Intelligence'). */
const ITEM_MAX = Math.max(CATEGORY_MAX_LENGTH, 60);
const ITEM_TOO_LONG = `Each category and interest must be at most ${ITEM_MAX} characters.`;

const text = z.string().trim();
const list = z.array(z.string().trim().max(ITEM_MAX, ITEM_TOO_LONG)).max(LIST_MAX, TOO_MANY);
const knownContentType = (value: string | undefined): boolean =>
  !value || (CONTENT_TYPES as readonly string[]).includes(value.toLowerCase());
const nonEmpty = (values: readonly string[] | undefined): boolean => (values ?? []).some((value) => value !== '');
const issue = (ctx: z.RefinementCtx, message: string) => ctx.addIssue({ code: 'custom', message, path: [] });

/** Profile setup: step 1 (name, bio) is checked before step 2 (categories, interests), as the screens do. */
export const CreateProfileBody = z
  .strictObject({
    name: text.optional(),
    bio: text.optional(),
    categories: list.optional(),
    interests: list.optional(),
    content_type: text.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.name || !body.bio) issue(ctx, MESSAGES.profileStep1);
    else if (body.name.length > PROFILE_NAME_MAX) issue(ctx, NAME_TOO_LONG);
    else if (body.bio.length > PROFILE_BIO_MAX) issue(ctx, BIO_TOO_LONG);
    else if (!nonEmpty(body.categories) || !nonEmpty(body.interests)) issue(ctx, MESSAGES.profileStep2);
    else if (!knownContentType(body.content_type)) issue(ctx, INVALID_CONTENT_TYPE);
  })
  .transform((body) => ({
    name: body.name ?? '',
    bio: body.bio ?? '',
    categories: body.categories ?? [],
    interests: body.interests ?? [],
    contentType: (body.content_type ?? '').toLowerCase(),
  }));

/**
 * The profile modal: name, categories and content type required; an omitted bio or interests keeps the
 * current value. `audience_score` may be sent back as the form received it, and is ignored (it is computed).
 */
export const UpdateProfileBody = z
  .strictObject({
    name: text.optional(),
    bio: text.optional(),
    categories: list.optional(),
    interests: list.optional(),
    content_type: text.optional(),
    audience_score: z.number().nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.name || !nonEmpty(body.categories) || !body.content_type) issue(ctx, PROFILE_MODAL_REQUIRED);
    else if (body.name.length > PROFILE_NAME_MAX) issue(ctx, NAME_TOO_LONG);
    else if ((body.bio ?? '').length > PROFILE_BIO_MAX) issue(ctx, BIO_TOO_LONG);
    else if (!knownContentType(body.content_type)) issue(ctx, INVALID_CONTENT_TYPE);
  })
  .transform((body) => ({
    name: body.name ?? '',
    bio: body.bio,
    categories: body.categories ?? [],
    interests: body.interests,
    contentType: (body.content_type ?? '').toLowerCase(),
  }));
